import { PAIRING_EXPIRY_MARGIN_MS, WALLET_CONNECT_CONNECTOR_ID } from '../core/core-constants.js';
import { createStore } from '../core/store.js';
import type { ConnectorInfo } from '../core/types.js';
import type { WcUniversalProvider } from '../connectors/walletconnect.js';
import type { PairingContext, WalletConnectController, WalletConnectControllerDeps, WalletConnectState } from './walletconnect-types.js';

export type * from './walletconnect-types.js';

/** The connector of a WalletConnect session (its provider's module loads only when a pairing starts). */
export const walletConnectConnector: ConnectorInfo = {
  id: WALLET_CONNECT_CONNECTOR_ID,
  name: 'WalletConnect',
  type: 'WALLET_CONNECT',
};


/** WalletConnect pairing: display_uri -> `uri` (QR, copy link, deep links); an approved session -> connected. */
export function createWalletConnectController(deps: WalletConnectControllerDeps): WalletConnectController {
  const store = createStore<WalletConnectState>({ status: 'idle' });
  const context: PairingContext = { deps, store, connector: walletConnectConnector, runId: 0 };
  // The pairing's steps (the proposal, adopting the session) are a chunk of their own, loaded on the first pairing or
  // restore beside WalletConnect's far larger provider: a page that never pairs loads neither.
  const pairing = () => import('./walletconnect-pairing.js');
  // The provider starts loading beside that chunk, not after it (once; again after a failure).
  let provider: Promise<WcUniversalProvider> | undefined;
  const loadProvider = () => {
    const loading = (provider ??= deps.loadProvider());
    loading.catch(() => provider === loading && (provider = undefined));
    return loading;
  };
  let inFlight: Promise<void> | undefined;

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    connect() {
      // Reuse the pairing in progress unless its URI expired (then a new pairing replaces it).
      if (inFlight && (store.getState().status === 'loading' || !this.isPairingExpired())) return inFlight;
      const id = ++context.runId;
      store.setState({ status: 'loading', uri: undefined, error: undefined });
      const loading = loadProvider();
      const current = pairing()
        .then(
          (m) => m.pair(context, id, loading),
          // The chunk did not load: the pairing failed as any other failure does.
          (error: unknown) => {
            if (id !== context.runId) return;
            void import('../core/log.js').then((m) => m.log('error', 'WalletConnect pairing failed', error), () => undefined);
            store.setState({ status: 'error', error: deps.messages.connectionFailed });
          },
        )
        .finally(() => {
          if (inFlight === current) inFlight = undefined;
        });
      inFlight = current;
      return current;
    },
    restore() {
      const loading = loadProvider();
      return pairing()
        .then((m) => m.restore(context, loading))
        .catch(() => false);
    },
    isPairingExpired() {
      const expiry = store.getState().pairingExpiry;
      return expiry === undefined || deps.clock.now() >= expiry - PAIRING_EXPIRY_MARGIN_MS;
    },
  };
}
