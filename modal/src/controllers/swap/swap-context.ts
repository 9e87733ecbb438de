import type { ApiContext } from '../../api/http.js';
import type { CaipAddress } from '../../api/shared-types.js';
import type { TailTexts } from '../../chain/tail.js';
import type { ChainCapabilities } from '../../chain/capabilities.js';
import type { Clock, Eip1193Provider, ModalNetwork, Store } from '../../core/types.js';
import type { SwapState } from './swap-state.js';

export interface SwapControllerDeps {
  api: ApiContext;
  clock: Clock;
  activeNetwork: () => ModalNetwork;
  address: () => string | undefined;
  /** The supported-chains gate of the blockchain API. */
  isActiveChainSupported: () => Promise<boolean>;
  getProvider: () => Eip1193Provider | undefined;
  /** The wallet's EIP-5792 capabilities for the account on a chain (undefined without any); none: no batching. */
  capabilities?: (address: string, chainId: number) => Promise<ChainCapabilities | undefined>;
  /** Refreshes the account's balance after a swap. */
  refreshAccount?: () => void;
  /** The language amounts are typed in (`1,5` in 'de'); default 'en'. */
  lang?: () => string;
  /** The modal's catalogue (`messagesOf(options)`), given by `createSwapFor`. */
  messages: TailTexts & {
    networkNotSupportedForSwaps: string;
    networkNotSupportedForGasPrice: string;
  };
}

/** What the parts of the Swap controller share: its deps, its one store and the words for its failures. */
export interface SwapContext {
  deps: SwapControllerDeps;
  store: Store<SwapState>;
  set(patch: Partial<SwapState>): void;
  text: SwapControllerDeps['messages'];
  /** One sentence for the screen (the error mapping); the detail goes to the logger. */
  messageOf(error: unknown, context: string): string;
  network(): ModalNetwork;
  /** The account on the active network (`eip155:56:0x…`). */
  userCaip(): CaipAddress;
  disposed(): boolean;
}

/** A swap-list address without its CAIP prefix. */
export const plainAddress = (caip: string) => caip.slice(caip.lastIndexOf(':') + 1);
export const sameToken = (a: string | undefined, b: string | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();
