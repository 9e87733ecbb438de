import { createStore } from '../core/store.js';
import type { NetworksContext, NetworksController, NetworksControllerDeps, NetworksState } from './networks-types.js';

export type { NetworksController, NetworksControllerDeps, NetworksState } from './networks-types.js';

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

  // By CAIP-2 id: an EVM chain id is `eip155:<id>`; a Solana network is named by its own.
  const findNetwork = (chainId: number | string) => deps.networks.find((n) => n.caipNetworkId === chainId || n.caipNetworkId === `eip155:${chainId}`);
  // Bumped by every switch and cancel: only the current switch updates the state (a wallet's late answer
  // still arrives as chainChanged).
  let switchAttempt = 0;
  const context: NetworksContext = { store, deps, findNetwork, isCurrent: (mine) => mine === switchAttempt };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    // The switch itself (and the wallet calls) loads with the first switch. It counts as under way at once (the lists
    // disable their rows; a switch to another namespace flags it), and its number is taken now, so that a cancel while
    // the chunk loads holds.
    switchNetwork(chainId) {
      const mine = ++switchAttempt;
      const network = findNetwork(chainId);
      store.setState({ switching: true, isSwitchingNamespace: !!network && network.chainNamespace !== store.getState().activeNamespace });
      return import('./networks-switch.js').then(
        (m) => m.switchNetwork(context, chainId, mine),
        (error: unknown) => {
          if (mine === switchAttempt) store.setState({ switching: false });
          throw error;
        },
      );
    },
    cancelSwitch() {
      switchAttempt++;
      if (store.getState().switching) store.setState({ switching: false, isSwitchingNamespace: false });
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
    // The check (with the request's module) loads with the first one, out of what a page loads first; a chunk that
    // does not load counts as no supported chain, as a failed request does.
    isActiveChainSupported: () => import('./networks-supported.js').then((m) => m.isActiveChainSupported(context), () => false),
  };
}

/** Spec section 4: UnsupportedChain shows if network switching is enabled and unsupported chains are not allowed. */
export function shouldShowUnsupportedChain(state: { isUnsupported: boolean }, options: { enableNetworkSwitch: boolean; allowUnsupportedChain: boolean }): boolean {
  return state.isUnsupported && options.enableNetworkSwitch && !options.allowUnsupportedChain;
}
