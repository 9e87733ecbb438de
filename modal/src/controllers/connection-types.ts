/**
 * The connection controller's shapes: its state, its deps and what the wallet requests' lazy chunk
 * (connection-requests.ts) uses of it. Apart from the controller, so that the chunk it loads does not import it back.
 */
import type { WritableStore } from '../core/store.js';
import type { Clock, ConnectionStatus, ConnectorInfo, Eip1193Provider, ModalStorage, Store, WalletSession } from '../core/types.js';
import type { ConnectorDiscovery } from '../connectors/eip6963.js';
import type { ModalCoreMessages } from '../texts/locale.js';
import type { LazyFeature } from './lazy.js';

/** The state of the last connect request (ConnectingExternal view: pending / failed / retry). */
export type ConnectRequestState =
  | { status: 'idle' }
  | { status: 'pending'; connectorId: string }
  | { status: 'rejected'; connectorId: string }
  | { status: 'failed'; connectorId: string; message: string };

export interface ConnectionState {
  /** 'connected' while an EVM or a Solana session is. */
  status: ConnectionStatus;
  /** The EIP-6963 / injected wallets. */
  connectors: ConnectorInfo[];
  /** The Wallet Standard (Solana) wallets, once their discovery runs (the first open); listed after the EVM ones. */
  solanaConnectors?: ConnectorInfo[];
  /** Connector of the current connection (the EVM one when both are connected). */
  connectorId?: string;
  /** While a reload restores the stored session: its last address (the button shows it, not 'Connect Wallet'). */
  restoringAddress?: string;
  /** Connector and address of the Solana session, when one is connected. */
  solanaConnectorId?: string;
  solanaAddress?: string;
  connectRequest: ConnectRequestState;
}

/**
 * A second session beside the EVM one, installed by its lazy chunk with `extend` (the Solana chunk,
 * controllers/solana-connection.ts): the connection routes that session's wallets to it, stays 'connected' while it
 * is, and ends it on disconnect.
 */
export interface ConnectionExtension {
  /** Connects `connectorId` when it is one of its wallets (the promise settles when done); false otherwise. */
  connect(connectorId: string): Promise<void> | false;
  /** Ends its session (part of the connection's disconnect). */
  disconnect(): Promise<void>;
}

export interface ConnectionController extends Store<ConnectionState> {
  /** Connects an injected/announced wallet (eth_requestAccounts). Never throws: see `connectRequest`. */
  connect(connectorId: string): Promise<void>;
  /** Retries the last failed/rejected request. */
  retry(): Promise<void>;
  /** Clears sessions, resets every chain's account and the network, removes the stored connector id. */
  disconnect(): Promise<void>;
  /** Reconnects from the stored connector id when the wallet still authorizes eth_accounts. */
  reconnect(): Promise<boolean>;
  resetConnectRequest(): void;
  /** Abandons a pending connect or reconnect (the modal closed): back to the previous status; a late answer is dropped. */
  cancelConnect(): void;
  /** The connected wallet's provider; undefined while disconnected. */
  getProvider(): Eip1193Provider | undefined;
  /**
   * Adopts an authorized session (used by the WalletConnect controller after pairing). `watch` follows the wallet's
   * events: the chunks that attach sessions pass theirs (connectors/injected.ts), so that no event of the wallet is
   * missed; without it, it loads with this call.
   */
  attachSession(session: WalletSession, follow?: FollowSession): void;
  /**
   * Installs the second session's part (see `ConnectionExtension`); returns the setter of the state it writes its
   * session, wallets and connect request with (`solanaConnectorId` set means its session is connected).
   */
  extend(extension: ConnectionExtension): (patch: Partial<ConnectionState>) => void;
}


export interface ConnectionControllerDeps {
  /**
   * EIP-55 for every address a wallet answers: its own chunk (keccak), loaded through the feature loaders so that no
   * bundler's preload list for it lands in the first click.
   */
  checksum?: () => Promise<(accounts: readonly string[]) => string[]>;
  /** User-visible texts: the options' `messages` (English, then the locale's and the overrides'), given by `createControllers`. */
  messages: ModalCoreMessages;
  storage: ModalStorage;
  discovery: ConnectorDiscovery;
  /** A session began or its accounts changed. */
  onSession(session: WalletSession): void;
  /** The wallet reported another chain. */
  onChainChanged(chainId: number): void;
  /** The connection ended: reset every chain's account and the network. */
  onReset(): void;
  /** Restores a stored WalletConnect session (loads its library only then); absent when WalletConnect is off. */
  walletConnect?: { restore(): Promise<boolean> };
  /** The embedded wallet, which restores its stored session (loads its frame only then) once `mountShell` ran. */
  embedded?: LazyFeature<{ restore(): Promise<boolean> }>;
  /** Mounts the modal's shell, where the embedded wallet's frame lives; absent outside a browser (no embedded restore). */
  mountShell?: () => Promise<void>;
  /** How long reconnect waits for the stored wallet to announce itself, by `clock`. */
  reconnectWaitMs?: number;
  clock: Clock;
}


/** What the wallet requests' chunk (connection-requests.ts) uses of the controller. */
export interface ConnectionRequestContext {
  deps: ConnectionControllerDeps;
  store: WritableStore<ConnectionState>;
  /** The request numbered `mine` is still the current one (no connect, restore or cancel since). */
  isCurrent(mine: number): boolean;
  /** The status with no request pending. */
  idle(): ConnectionStatus;
  /** Removes the stored session. */
  forget(): void;
  attachSession(session: WalletSession, follow?: FollowSession): void;
  /** The current EVM session, and the second one's extension. */
  session(): WalletSession | undefined;
  setSession(session: WalletSession): void;
  /** Keeps how to stop following the current session's wallet events (called when the session ends or is replaced). */
  watching(stop: () => void): void;
  extension(): ConnectionExtension | undefined;
  /** Ends the EVM session here (no request): forgets it, and resets the accounts unless the other session stays. */
  endLocally(): void;
}

/**
 * Follows a session just attached: its wallet's account, chain and disconnect events, and its accounts in EIP-55
 * (`followSession` of the requests' chunk, connection-requests.ts, which callers in a lazy chunk pass to `attachSession`).
 */
export type FollowSession = (ctx: ConnectionRequestContext, session: WalletSession) => void;
