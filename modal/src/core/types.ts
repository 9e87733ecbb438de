/**
 * What every layer of the modal shares: the public API of MODAL-API (ModalOptions, ModalClient, ...), the resolved
 * options, the store contract and the injected dependencies (clock, fetch, EIP-1193 provider).
 *
 * - Every controller is a `Store<State>`: `getState()` returns an immutable snapshot (a new object on each change),
 *   `subscribe(listener)` calls `listener(state, previous)` after each change and returns an unsubscribe function.
 * - A controller's own interface (its state and actions) lives beside it in `controllers/`; the bag of every
 *   controller handed to the UI is `ModalControllers` in `controllers/bag.ts`.
 * - This module is the floor: it imports only `core/` and the text catalogue's types (`texts/locale.ts`).
 */
import type { Abi, Address, Hash, PublicClient, WalletClient } from 'viem';
import type { ModalCoreMessages, ModalLocale, ModalMessages, ModalTextsOverride } from '../texts/locale.js';
import type { LogLevel } from './logger.js';
import type { ViewName } from './view-name.js';

export type { Address, Hash };
export type { ViewName };
export type { ModalCoreMessages, ModalLocale, ModalMessages, ModalTextsOverride, ModalUiTexts } from '../texts/locale.js';
export type { LogLevel };

// ---------------------------------------------------------------------------------------------
// Public API (MODAL-API.md)
// ---------------------------------------------------------------------------------------------

export type ChainNamespace = 'eip155' | 'solana';

/** Spec section 3 "Network". */
export interface ModalNetwork {
  id: number;
  caipNetworkId: `${string}:${string}`;
  chainNamespace: ChainNamespace;
  name: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: { default: { http: string[] } };
  blockExplorers?: { default: { name: string; url: string } };
  testnet?: boolean;
}

/** Pluggable key-value storage (localStorage-like, synchronous). */
export interface ModalStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface ModalFeatures {
  swaps: boolean;
  onramp: boolean;
  receive: boolean;
  send: boolean;
  analytics: boolean;
  /** The count of the account's pending transactions on the connect button and in Account, polled every 30 s. Default off. */
  pendingTransactions?: boolean;
}

export interface ModalApiUrls {
  blockchainApi: string;
  walletDirectory: string;
  analytics: string;
  relay: string;
  /** The embedded wallet's origin (its frame and auth service); e-mail and social login appear only when it is set. */
  embeddedWallet?: string;
}

export interface ModalOptions {
  projectId: string;
  /** First = default network. */
  networks: ModalNetwork[];
  metadata: { name: string; description: string; url: string; icons: string[] };
  features?: Partial<ModalFeatures>;
  /** Hosted defaults (see `DEFAULT_API_URLS`). */
  apiUrls?: Partial<ModalApiUrls>;
  themeMode?: 'light' | 'dark';
  /** Default: localStorage in a browser, memory otherwise. */
  storage?: ModalStorage;
  /** Default true. */
  enableWalletConnect?: boolean;
  /** Default false. */
  allowUnsupportedChain?: boolean;
  embedded?: boolean;
  /** Addition to MODAL-API: false = no injected/EIP-6963 adapter (WalletConnect only). Default true. */
  enableInjected?: boolean;
  /** Addition to MODAL-API: lets the modal offer network switching (UnsupportedChain rule). Default true. */
  enableNetworkSwitch?: boolean;
  /** Language of the modal: a complete catalogue such as `de` from `@minibot/modal/locales/de`. Default: English. */
  locale?: ModalLocale;
  /** Single texts replacing those of `locale` (or of English), e.g. `{ connectWallet: 'Sign in', messages: {...} }`. */
  texts?: ModalTextsOverride;
  /**
   * Wallet directory ids shown first on Connect, in this order (up to 4; sent as `include`); the directory's
   * recommended wallets fill the rest up to 4.
   */
  featuredWalletIds?: string[];
  /** Only these directory wallets in recommended, AllWallets and search (sent as `include`). */
  includeWalletIds?: string[];
  /** Never these directory wallets anywhere (sent as `exclude`; wins over featured and included ids). */
  excludeWalletIds?: string[];
  /** What the modal's logger keeps and prints: 'debug', 'info', 'warn', 'error' (default, spec section 9) or 'silent'. */
  logLevel?: LogLevel;
  /**
   * Your own RPC URLs by CAIP-2 id (`{ 'eip155:56': [{ url }] }`). Without one, a chain the hosted Blockchain API
   * serves reads through its JSON-RPC endpoint, any other chain through its network's `rpcUrls`.
   */
  customRpcUrls?: Record<string, { url: string }[]>;
  /**
   * Sign in with X (EIP-4361 / CAIP-122): after connecting, the wallet signs a sign-in message and the session is
   * kept (local storage, or verified by the sign-in service with `storage: 'server'`). Off when absent.
   * @example siwx: { required: true, storage: 'server' }
   */
  siwx?: SiwxOptions;
  /**
   * The zone the Account hub registers and looks up names in (`alice.{nameZone}`): a domain of letters, digits and
   * hyphens. Default: the hosted profile service's zone, `reown.id`.
   * @example nameZone: 'minibot.id'
   */
  nameZone?: string;
}

// ---------------------------------------------------------------------------------------------
// Sign in with X (SIWX)
// ---------------------------------------------------------------------------------------------

/** The fields of a sign-in message in the chain-agnostic shape of CAIP-122 (chain id as CAIP-2). */
export interface SiwxMessageData {
  /** CAIP-2, e.g. `eip155:56`. */
  chainId: string;
  accountAddress: string;
  /** The host (and port) asking for the sign-in, e.g. `app.example.org`. */
  domain: string;
  /** The page's origin, e.g. `https://app.example.org`. */
  uri: string;
  version: '1';
  nonce: string;
  statement?: string;
  /** ISO 8601. */
  issuedAt: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: string[];
}

/** A CACAO (CAIP-74): the signed CAIP-122 payload, as WalletConnect's one-click auth returns it. */
export interface Cacao {
  h: { t: 'caip122' | 'eip4361' };
  p: {
    /** `did:pkh:eip155:<chain>:<address>` */
    iss: string;
    domain: string;
    aud: string;
    version: string;
    nonce: string;
    iat: string;
    exp?: string;
    nbf?: string;
    statement?: string;
    requestId?: string;
    resources?: string[];
  };
  /** `ed25519` (base58) for a Solana account. */
  s: { t: 'eip191' | 'eip1271' | 'ed25519'; s: string; m?: string };
}

/** Spec section 3 "Session record for sign-in": data, message, signature, cacao. */
export interface SiwxSession {
  data: SiwxMessageData;
  /** The exact text the wallet signed (EIP-4361 for EVM accounts). */
  message: string;
  signature: string;
  cacao?: Cacao;
}

/**
 * Where sign-in sessions live. Two ship: `'local'` (browser storage) and `'server'` (the sign-in service verifies
 * every session); pass your own object for another backend. `get` returns only sessions that are still valid.
 */
export interface SiwxStorage {
  /** A nonce for the next message (the server's own when it verifies). */
  createNonce(): Promise<string>;
  /** Keeps a signed session (a verifying storage rejects a bad one by throwing). */
  add(session: SiwxSession): Promise<void>;
  /** Valid sessions of an account on a chain (CAIP-2 chain id). */
  get(chainId: string, address: string): Promise<SiwxSession[]>;
  delete(chainId: string, address: string): Promise<void>;
  /** Ends every session (disconnect). */
  clear(): Promise<void>;
}

export interface SiwxOptions {
  /** Sign-in is required: Cancel disconnects, and the modal cannot be closed while no session exists. Default false. */
  required?: boolean;
  /** Default `'local'`. `'server'` uses the sign-in service at `apiUrls.walletDirectory` (`/auth/v1/*`). */
  storage?: 'local' | 'server' | SiwxStorage;
  /** The message's statement. Default: `Sign in to <metadata.name>`. */
  statement?: string;
  /** Session lifetime (the message's Expiration Time), in ms. Default 24 hours. */
  expiresInMs?: number;
}

/** How the view's Sign ended: signed (the modal closes), declined in the wallet (a toast), or failed (shown in the view). */
export type SiwxSignOutcome = { status: 'signed'; session: SiwxSession } | { status: 'declined' } | { status: 'failed'; reason: string };

/** The SIWX flow (spec section 4). A lazy chunk, loaded only when `siwx` is set. */
export interface SiwxController {
  readonly required: boolean;
  /** The view's Sign button: asks the wallet, stores the session and closes; a rejection shows 'Signature declined'. */
  sign(): Promise<SiwxSignOutcome>;
  /** The view's Cancel button: disconnects when sign-in is required, otherwise closes. */
  cancel(): Promise<void>;
  /** Signs in the connected account now (no view); throws on rejection or failure. */
  signIn(): Promise<SiwxSession>;
  /** The valid session of the connected account and chain. */
  getSession(): Promise<SiwxSession | undefined>;
  /** Re-checks after a connect, an account change or a chain change (opens the view, or drops a stale session). */
  sync(): Promise<void>;
  /** Ends every session (disconnect). */
  clearSessions(): Promise<void>;
  /** One-click auth over WalletConnect: connect and sign in with one approval when the wallet supports it. */
  connectWalletConnect(provider: WcAuthProvider, optionalNamespaces: Record<string, unknown>): Promise<void>;
  /** Why the last one-click sign-in could not be kept (the view shows it once), if it failed. */
  takeNotice(): string | undefined;
}

/** The part of WalletConnect's UniversalProvider that one-click auth uses. */
export interface WcAuthProvider {
  connect(params: { optionalNamespaces: Record<string, unknown> }): Promise<unknown>;
  authenticate(params: {
    chains: string[];
    domain: string;
    uri: string;
    nonce: string;
    statement?: string;
    exp?: string;
    methods?: string[];
  }): Promise<{ auths?: Cacao[] }>;
  client: { formatAuthMessage(params: { request: Cacao['p']; iss: string }): string };
}

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected';

export interface AccountSnapshot {
  /** The EVM account (the presale's namespace); undefined while only a Solana wallet is connected. */
  address?: Address;
  /** True while an EVM or a Solana wallet is connected. */
  isConnected: boolean;
  /** The connected Solana account (base58 address and its connector), beside the EVM one; its `solana:<ref>:<address>` is in the account state. */
  solana?: { address: string; connectorId: string };
  status: ConnectionStatus;
  chainId?: number;
  caipAddress?: string;
  connectorId?: string;
  /** The embedded wallet's user when connected by e-mail or a social (spec section 3). */
  embeddedWalletInfo?: {
    user: { email?: string; username?: string };
    authProvider: string;
    accountType: AccountType;
    isSmartAccountDeployed: boolean;
  };
}

export interface ModalClient {
  open(options?: { view?: ViewName }): Promise<void>;
  /**
   * Loads what `open()` shows first and starts the modal's first checks, without opening it: call it when a click
   * is likely (the pointer enters or focus reaches your own button), as `<mb-connect-button>` does. Idempotent.
   * @example button.addEventListener('pointerenter', () => modal.prefetch());
   */
  prefetch(): void;
  close(): void;
  isOpen(): boolean;
  getAccount(): AccountSnapshot;
  subscribeAccount(listener: (account: AccountSnapshot) => void): () => void;
  subscribeState(listener: (state: { open: boolean; view: ViewName }) => void): () => void;
  /** Switches the connected wallet to a chain of `networks`; adds it first when the wallet answers 4902. Throws ChainSwitchError on failure. */
  switchNetwork(chainId: number): Promise<void>;
  /**
   * Changes the modal's language while it lives (a dapp's own language picker): a complete catalogue such as `de`
   * from `@minibot/modal/locales/de`, or none for English. The open view, its title, the dialog's `lang` and `dir`,
   * `<mb-connect-button>` and the texts of what happens next follow at once; the options' `texts` overrides still
   * apply. A text already shown (a toast, an error line) stays as it was.
   * @example await modal.setLocale((await import('@minibot/modal/locales/de')).de)
   */
  setLocale(locale?: ModalLocale): Promise<void>;
  disconnect(): Promise<void>;
  /** viem WalletClient bound to the connected wallet's EIP-1193 provider and account; undefined while disconnected. */
  getWalletClient(): WalletClient | undefined;
  /**
   * The connected wallet's EIP-1193 provider (an EIP-6963 wallet's, WalletConnect's or the embedded wallet's);
   * undefined while disconnected. For other libraries, e.g. ethers v6: `new BrowserProvider(modal.getProvider()!)`.
   * Follow `subscribeAccount` for account and chain changes (a new connection brings a new provider).
   */
  getProvider(): Eip1193Provider | undefined;
  /** viem PublicClient for a configured network (default: the first network), over its rpcUrls. */
  getPublicClient(chainId?: number): PublicClient;
  /**
   * Optional: a client's own contract read (default network: the first), e.g. a lazily loaded client's light path
   * (`readContractOverRpc`) that answers before its viem clients are there. `useReadContract` reads through it when
   * present, else through `getPublicClient(chainId).readContract`.
   */
  readContract?(parameters: ReadContractParameters): Promise<unknown>;
  /** The chain id the connected wallet reports right now (eth_chainId), undefined while disconnected. */
  getWalletChainId(): Promise<number | undefined>;
  /** Signs in the connected account (SIWX) and resolves with the session; throws 'SIWX is not enabled' without `siwx`. */
  signIn(): Promise<SiwxSession>;
  /** The valid sign-in session of the connected account and chain (after a stored session's restore on load has settled); throws 'SIWX is not enabled' without `siwx`. */
  getSiwxSession(): Promise<SiwxSession | undefined>;
  /** The modal's log buffer (about 1 MB, secrets redacted): one JSON record a line, oldest first. For support requests. */
  getLogs(): Promise<string>;
  /** Saves `getLogs()` as a file (`minibot-modal-logs.jsonl` unless `fileName` is given); browser only. */
  downloadLogs(fileName?: string): Promise<void>;
}

/** A contract read (`eth_call`) by ABI and function name; the chain defaults to the first network. */
export interface ReadContractParameters {
  address: Address;
  abi: Abi | readonly unknown[];
  functionName: string;
  args?: readonly unknown[];
  chainId?: number;
}

// ---------------------------------------------------------------------------------------------
// Store and injected dependencies
// ---------------------------------------------------------------------------------------------

export type Listener<S> = (state: S, previous: S) => void;

/** Read side of every controller. */
export interface Store<S> {
  getState(): S;
  subscribe(listener: Listener<S>): () => void;
}

/** Timers and time, injected so tests drive them. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** EIP-1193 provider. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on?(event: string, listener: (...args: never[]) => void): unknown;
  removeListener?(event: string, listener: (...args: never[]) => void): unknown;
}

// ---------------------------------------------------------------------------------------------
// Resolved options
// ---------------------------------------------------------------------------------------------

/** Resolved options (defaults applied). */
export interface ResolvedOptions {
  projectId: string;
  networks: ModalNetwork[];
  metadata: ModalOptions['metadata'];
  features: ModalFeatures;
  apiUrls: ModalApiUrls;
  themeMode: 'light' | 'dark';
  enableWalletConnect: boolean;
  enableInjected: boolean;
  enableNetworkSwitch: boolean;
  allowUnsupportedChain: boolean;
  embedded: boolean;
  /** The catalogue and overrides as given; the modal's chunk merges them with English (`textsOf`). */
  locale?: ModalLocale;
  texts?: ModalTextsOverride;
  /**
   * The spec's user-visible texts: English (the controllers' part, `coreMessages`), then `locale.messages`, then
   * `texts.messages` (every key given, not only the controllers').
   */
  messages: ModalCoreMessages & Partial<ModalMessages>;
  /** Directory choices (empty when not given); `featuredWalletIds` without duplicates or excluded ids. */
  featuredWalletIds: string[];
  includeWalletIds: string[];
  excludeWalletIds: string[];
  siwx?: SiwxOptions;
  customRpcUrls: Record<string, { url: string }[]>;
  /** The names' zone as given; the names controller defaults it (`DEFAULT_NAME_ZONE`) and checks it. */
  nameZone?: string;
  /** SDK type and version sent as `st` / `sv`. */
  sdkType: string;
  sdkVersion: string;
}

export type AccountType = 'eoa' | 'smartAccount';

// ---------------------------------------------------------------------------------------------
// Wallets (what connectors find and controllers connect)
// ---------------------------------------------------------------------------------------------

export type ConnectorType = 'ANNOUNCED' | 'INJECTED' | 'WALLET_CONNECT';

/** A wallet the user can pick: EIP-6963 announced, the legacy `window.ethereum`, or WalletConnect. */
export interface ConnectorInfo {
  /** rdns for announced wallets, 'injected' for the legacy provider, 'walletConnect'. */
  id: string;
  name: string;
  /** Data URI or URL. */
  icon?: string;
  rdns?: string;
  type: ConnectorType;
  /** The namespace the wallet connects in; absent means EVM (`eip155`). */
  namespace?: ChainNamespace;
}

/** A connected wallet: its provider, accounts and chain. */
export interface WalletSession {
  provider: Eip1193Provider;
  connector: ConnectorInfo;
  accounts: string[];
  chainId: number;
  /** Ends the wallet-side session (WalletConnect); absent for injected wallets. */
  endSession?: () => Promise<void>;
}

