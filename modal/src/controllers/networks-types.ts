import type { ApiContext } from '../api/http.js';
import type { WritableStore } from '../core/store.js';
import type { ChainNamespace, Eip1193Provider, ModalNetwork, Store } from '../core/types.js';
import type { ModalCoreMessages } from '../texts/locale.js';
import type { SendController } from './send/send.js';

/*
 * The networks controller's types: shared by controllers/networks.ts and its lazy parts (networks-switch.ts and
 * networks-supported.ts, chunks of their own), which import them from here rather than from the controller.
 */

export interface NetworksState {
  networks: ModalNetwork[];
  activeNetwork: ModalNetwork;
  activeNamespace: ChainNamespace;
  /** The chain id the wallet reports (may be outside `networks`). */
  walletChainId?: number;
  /** The wallet is on a chain outside `networks`. */
  isUnsupported: boolean;
  /** Set while switching to another namespace. */
  isSwitchingNamespace: boolean;
  /** caip2 ids of the blockchain API's `http[]`; undefined until fetched. */
  supportedChains?: string[];
  switching: boolean;
}

export interface NetworksController extends Store<NetworksState> {
  /**
   * Switches the connected wallet (add-chain fallback on 4902), or just the active network when disconnected. An EVM
   * network is named by its chain id, a Solana one by its CAIP-2 id (`solana:<genesis>`); switching to Solana makes no
   * wallet call (the Solana session's account is used).
   */
  switchNetwork(chainId: number | string): Promise<void>;
  /**
   * The wallet reported a chain (chainChanged / connect), or the Solana wallet a cluster (its CAIP-2 id, which leaves
   * the EVM wallet's `walletChainId` as it is).
   */
  setWalletChainId(chainId: number | string | undefined): void;
  reset(): void;
  /** Stops waiting for a switch the wallet has not answered (the modal closed): the list is usable again. */
  cancelSwitch(): void;
  /** True when the active chain is in the blockchain API's supported chains (fetched once). */
  isActiveChainSupported(): Promise<boolean>;
}

export interface NetworksControllerDeps {
  /** User-visible texts: the options' `messages`, given by `createControllers`. */
  messages: Pick<ModalCoreMessages, 'networkNotFound'>;
  networks: ModalNetwork[];
  api: ApiContext;
  getProvider: () => Eip1193Provider | undefined;
  send: SendController;
  switchChain?: (provider: Eip1193Provider, network: ModalNetwork) => Promise<void>;
}

/** What the controller's lazy parts (the switch, networks-switch.ts, and the check, networks-supported.ts) get from it. */
export interface NetworksContext {
  store: WritableStore<NetworksState>;
  deps: NetworksControllerDeps;
  findNetwork(chainId: number | string): ModalNetwork | undefined;
  /** True while switch number `mine` is the latest one and was not cancelled. */
  isCurrent(mine: number): boolean;
  /** The supported chains' request, once the check made it (kept for the controller's life; a failed one is dropped). */
  supported?: Promise<string[]>;
}
