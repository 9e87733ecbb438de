import { createStore } from '../core/store.js';
import type { ChainNamespace, Store, ViewName } from '../core/types.js';
import type { WcWallet } from '../api/directory-types.js';

/** Data attached to a route, e.g. the connector a ConnectingExternal view is about. */
export interface RouteData {
  connectorId?: string;
  wallet?: WcWallet;
  /** The user cannot close the modal on this route (required sign-in): the close button is disabled. */
  closeDisabled?: boolean;
  /** SwapSelectToken: which side of the swap the picked token goes to. */
  swapSide?: 'from' | 'to';
  /** ApproveTransaction: what the embedded wallet asks to approve (a message is titled 'Sign message', an account switch 'Switch Account'). */
  approvalKind?: 'message' | 'transaction' | 'account';
  /** Connect: list only the wallets of this namespace (switching to Solana with no Solana wallet connected). */
  namespace?: ChainNamespace;
}

export interface RouterState {
  view: ViewName;
  history: ViewName[];
  data: RouteData;
}

export interface RouterController extends Store<RouterState> {
  push(view: ViewName, data?: RouteData): void;
  replace(view: ViewName, data?: RouteData): void;
  /** One step back; stays when there is no previous view. */
  back(): void;
  /** Clears the history and shows `view`. */
  reset(view: ViewName, data?: RouteData): void;
}

/** Inputs of the opening rules (spec section 2). */
export interface OpenViewContext {
  hasAddress: boolean;
  isMobile: boolean;
  /** An injected / EIP-6963 adapter exists (otherwise WalletConnect only). */
  hasAdapters: boolean;
  forcedView?: ViewName;
}

/**
 * The view `open()` shows: a forced view; else Account with an address; else Connect; with no adapters,
 * AllWallets on mobile and ConnectingWalletConnectBasic on desktop.
 */
export function resolveOpenView(context: OpenViewContext): ViewName {
  if (context.forcedView) return context.forcedView;
  if (context.hasAddress) return 'Account';
  if (context.hasAdapters) return 'Connect';
  return context.isMobile ? 'AllWallets' : 'ConnectingWalletConnectBasic';
}

export function createRouterController(initial: ViewName = 'Connect'): RouterController {
  const store = createStore<RouterState>({ view: initial, history: [initial], data: {} });
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    push(view, data: RouteData = {}) {
      const { history } = store.getState();
      if (history[history.length - 1] === view) return store.setState({ data });
      store.setState({ view, history: [...history, view], data });
    },
    replace(view, data: RouteData = {}) {
      const { history } = store.getState();
      store.setState({ view, history: [...history.slice(0, -1), view], data });
    },
    back() {
      const { history } = store.getState();
      if (history.length < 2) return;
      const next = history.slice(0, -1);
      store.setState({ view: next[next.length - 1], history: next, data: {} });
    },
    reset(view, data: RouteData = {}) {
      store.setState({ view, history: [view], data });
    },
  };
}
