import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_EXPIRY_MS, WALLET_CONNECT_CONNECTOR_ID } from '../core/constants.js';
import { createStore } from '../core/store.js';
import type { Clock, ConnectorInfo, ModalNetwork, Store, WalletSession } from '../core/types.js';
import { isUserRejection } from '../errors.js';
import type { WcUniversalProvider } from '../connectors/walletconnect.js';
import type { ModalCoreMessages } from '../texts/locale.js';
import { log } from '../core/log.js';

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
  attachSession: (session: WalletSession) => void;
  /** Adopts the session's Solana account (the Solana chunk); absent without a Solana network. */
  adoptSolana?: (provider: WcUniversalProvider, account: { caipNetworkId: string; address: string }) => Promise<void>;
  /** Replaces `provider.connect` (SIWX: one-click auth when the wallet supports it). */
  connect?: (provider: WcUniversalProvider, optionalNamespaces: Record<string, unknown>) => Promise<unknown>;
}

/** WalletConnect pairing: display_uri -> `uri` (QR, copy link, deep links); an approved session -> connected. */
export function createWalletConnectController(deps: WalletConnectControllerDeps): WalletConnectController {
  const text = deps.messages;
  const store = createStore<WalletConnectState>({ status: 'idle' });
  let providerPromise: Promise<WcUniversalProvider> | undefined;
  let inFlight: Promise<void> | undefined;

  const getProvider = () => {
    providerPromise ??= deps.loadProvider().then((provider) => {
      provider.on('display_uri', ((uri: string) => {
        store.setState({ status: 'ready', uri, pairingExpiry: deps.clock.now() + PAIRING_EXPIRY_MS, error: undefined });
      }) as (...args: never[]) => void);
      return provider;
    });
    providerPromise.catch(() => (providerPromise = undefined));
    return providerPromise;
  };

  // The proposal's namespaces and the session's accounts (a small lazy chunk, loaded with the provider).
  const session = () => import('../connectors/walletconnect-session.js');
  let runId = 0;
  const adopt = async (provider: WcUniversalProvider): Promise<boolean> => {
    const adopted = await (await session()).adoptSession(provider, { ...deps, connector: walletConnectConnector });
    if (adopted) store.setState({ status: 'connected', uri: undefined });
    return adopted;
  };

  const run = async () => {
    const id = ++runId;
    store.setState({ status: 'loading', uri: undefined, error: undefined });
    try {
      const [provider, { optionalNamespacesOf }] = await Promise.all([getProvider(), session()]);
      const optionalNamespaces = optionalNamespacesOf(deps.networks());
      await (deps.connect ? deps.connect(provider, optionalNamespaces) : provider.connect({ optionalNamespaces }));
      if (id !== runId) return;
      if (!(await adopt(provider))) throw new Error('The wallet approved no account');
    } catch (error) {
      if (id !== runId) return;
      // WalletConnect reports a declined proposal as 5000 (USER_REJECTED), injected wallets as 4001: both are rejections.
      const declined = isUserRejection(error);
      if (!declined) log('error', 'WalletConnect pairing failed', error);
      store.setState({ status: 'error', error: declined ? text.connectionDeclined : text.connectionFailed });
    }
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    connect() {
      // Reuse the pairing in progress unless its URI expired (then a new pairing replaces it).
      if (inFlight && (store.getState().status === 'loading' || !this.isPairingExpired())) return inFlight;
      const current = run().finally(() => {
        if (inFlight === current) inFlight = undefined;
      });
      inFlight = current;
      return current;
    },
    async restore() {
      try {
        return await adopt(await getProvider());
      } catch {
        return false;
      }
    },
    isPairingExpired() {
      const expiry = store.getState().pairingExpiry;
      return expiry === undefined || deps.clock.now() >= expiry - PAIRING_EXPIRY_MARGIN_MS;
    },
  };
}
