import type { ApiContext } from '../api/http.js';
import { createStore } from '../core/store.js';
import type { ChainNamespace, Eip1193Provider, ModalNetwork, Store } from '../core/types.js';
import type { SendController } from './send/send.js';
import { ModalError } from '../modal-error.js';
import type { ModalCoreMessages } from '../texts/locale.js';

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

/** Networks: the list, the active one, switching (add-chain fallback), namespace switching, unsupported chains. */
export function createNetworksController(deps: NetworksControllerDeps): NetworksController {
  const initial = (): NetworksState => ({
    networks: deps.networks,
    activeNetwork: deps.networks[0],
    activeNamespace: deps.networks[0].chainNamespace,
    walletChainId: undefined,
    isUnsupported: false,
    isSwitchingNamespace: false,
    switching: false,
  });
  const store = createStore<NetworksState>(initial());
  let supported: Promise<string[]> | undefined;

  // By CAIP-2 id: an EVM chain id is `eip155:<id>`; a Solana network is named by its own.
  const findNetwork = (chainId: number | string) => deps.networks.find((n) => n.caipNetworkId === chainId || n.caipNetworkId === `eip155:${chainId}`);
  // Bumped by every switch and cancel: only the current switch updates the state (a wallet's late answer
  // still arrives as chainChanged).
  let switchAttempt = 0;

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    async switchNetwork(chainId) {
      const network = findNetwork(chainId);
      if (!network) throw new ModalError(deps.messages.networkNotFound, { details: `chain ${chainId} is not in networks` });
      const state = store.getState();
      const otherNamespace = network.chainNamespace !== state.activeNamespace;
      if (otherNamespace) {
        store.setState({ isSwitchingNamespace: true });
        deps.send.reset();
      }
      const provider = deps.getProvider();
      const mine = ++switchAttempt;
      store.setState({ switching: true });
      try {
        if (provider && network.chainNamespace === 'eip155') {
          // The wallet calls load with the first switch (out of what a page loads first); a switch cancelled meanwhile asks nothing.
          const switchChain = deps.switchChain ?? (await import('../connectors/switch-chain.js')).switchChain;
          if (mine !== switchAttempt) return;
          await switchChain(provider, network);
          if (mine !== switchAttempt) return;
          store.setState({ walletChainId: network.id, isUnsupported: false });
        }
        store.setState({ activeNetwork: network, activeNamespace: network.chainNamespace });
      } finally {
        if (mine === switchAttempt) store.setState({ switching: false, isSwitchingNamespace: false });
      }
    },
    cancelSwitch() {
      if (!store.getState().switching) return;
      switchAttempt++;
      store.setState({ switching: false, isSwitchingNamespace: false });
    },
    setWalletChainId(chainId) {
      if (chainId === undefined) return store.setState({ walletChainId: undefined, isUnsupported: false });
      const network = findNetwork(chainId);
      const evm = typeof chainId == 'number' ? { walletChainId: chainId } : {};
      store.setState(network ? { ...evm, isUnsupported: false, activeNetwork: network, activeNamespace: network.chainNamespace } : { ...evm, isUnsupported: true });
    },
    reset() {
      const { supportedChains } = store.getState();
      store.setState(() => ({ ...initial(), supportedChains }));
    },
    async isActiveChainSupported() {
      // The request's module (and the HTTP layer) loads with the first check, out of what a page loads first.
      supported ??= import('../api/blockchain-core.js').then((m) => m.fetchSupportedChains(deps.api)).then(
        (result) => result.http,
        () => {
          supported = undefined;
          return [];
        },
      );
      const http = await supported;
      if (store.getState().supportedChains !== http) store.setState({ supportedChains: http });
      return http.includes(store.getState().activeNetwork.caipNetworkId);
    },
  };
}

/** Spec section 4: UnsupportedChain shows if network switching is enabled and unsupported chains are not allowed. */
export function shouldShowUnsupportedChain(params: { isUnsupported: boolean; enableNetworkSwitch: boolean; allowUnsupportedChain: boolean }): boolean {
  return params.isUnsupported && params.enableNetworkSwitch && !params.allowUnsupportedChain;
}
