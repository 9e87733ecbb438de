import { PAIRING_EXPIRY_MARGIN_MS, WALLET_CONNECT_CONNECTOR_ID } from '../core/core-constants.js';
import { createStore } from '../core/store.js';
import type { Clock, ConnectorInfo, ModalNetwork, Store, WalletSession } from '../core/types.js';
import type { WcUniversalProvider } from '../connectors/walletconnect.js';
import type { WatchProvider } from '../connectors/injected.js';
import type { ModalCoreMessages } from '../texts/locale.js';

/** The connector of a WalletConnect session (its provider's module loads only when a pairing starts). */
export const walletConnectConnector: ConnectorInfo = {
  id: WALLET_CONNECT_CONNECTOR_ID,
  name: 'WalletConnect',
  type: 'WALLET_CONNECT',
};

export interface WalletConnectState {
  status: 'idle' | 'loading' | 'ready' | 'connected' | 'error';
  /** `wc:` pairing URI (QR code, copy link, deep links). */
  uri?: string;
  /** ms since epoch; the pairing counts as expired within 10 s of it. */
  pairingExpiry?: number;
  error?: string;
}

export interface WalletConnectController extends Store<WalletConnectState> {
  /** Loads @walletconnect/universal-provider (lazy chunk), starts a pairing; resolves when connected or failed. */
  connect(): Promise<void>;
  /** Adopts the session the provider restored from its storage (reload while connected); false when none. */
  restore(): Promise<boolean>;
  isPairingExpired(): boolean;
}

export interface WalletConnectControllerDeps {
  /** User-visible texts: the options' `messages` (English, then the locale's and the overrides'), given by `createControllers`. */
  messages: ModalCoreMessages;
  clock: Clock;
  networks: () => ModalNetwork[];
  /** Loads and initialises @walletconnect/universal-provider (a lazy chunk). */
  loadProvider: () => Promise<WcUniversalProvider>;
  /** `watch` follows the wallet's events (the pairing's chunk passes it; see ConnectionController.attachSession). */
  attachSession: (session: WalletSession, watch?: WatchProvider) => void;
  /** Adopts the session's Solana account (the Solana chunk); absent without a Solana network. */
  adoptSolana?: (provider: WcUniversalProvider, account: { caipNetworkId: string; address: string }) => Promise<void>;
  /** Replaces `provider.connect` (SIWX: one-click auth when the wallet supports it). */
  connect?: (provider: WcUniversalProvider, optionalNamespaces: Record<string, unknown>) => Promise<unknown>;
}

/**
 * What the pairing's lazy chunk (walletconnect-pairing.ts) shares with the controller: the deps, the state, the
 * session's connector and the number of the current pairing (a pairing answers only while it is current).
 */
export interface PairingContext {
  deps: WalletConnectControllerDeps;
  store: ReturnType<typeof createStore<WalletConnectState>>;
  connector: ConnectorInfo;
  runId: number;
}

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
