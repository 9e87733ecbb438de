/**
 * The WalletConnect controller's shapes: its state, its deps and what the pairing's lazy chunk
 * (walletconnect-pairing.ts) shares with it. Apart from the controller, so that the chunk it loads does not import it back.
 */
import type { WritableStore } from '../core/store.js';
import type { Clock, ConnectorInfo, ModalNetwork, Store, WalletSession } from '../core/types.js';
import type { WcUniversalProvider } from '../connectors/walletconnect.js';
import type { FollowSession } from './connection-types.js';
import type { ModalCoreMessages } from '../texts/locale.js';
import type { LazyFeature } from './lazy.js';

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
  /** `follow` follows the session's wallet events (the pairing's chunk passes it; see ConnectionController.attachSession). */
  attachSession: (session: WalletSession, follow?: FollowSession) => void;
  /** The Solana chunk, which adopts the session's Solana account; absent without a Solana network. */
  solana?: LazyFeature<{ adoptWalletConnect(provider: WcUniversalProvider, account: { caipNetworkId: string; address: string }): void }>;
  /** SIWX, whose `connectWalletConnect` replaces `provider.connect` (one-click auth when the wallet supports it); absent without `siwx`. */
  siwx?: () => Promise<{ connectWalletConnect(provider: WcUniversalProvider, optionalNamespaces: Record<string, unknown>): Promise<unknown> }>;
}

/**
 * What the pairing's lazy chunk (walletconnect-pairing.ts) shares with the controller: the deps, the state, the
 * session's connector and the number of the current pairing (a pairing answers only while it is current).
 */
export interface PairingContext {
  deps: WalletConnectControllerDeps;
  store: WritableStore<WalletConnectState>;
  connector: ConnectorInfo;
  runId: number;
}
