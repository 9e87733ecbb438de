/**
 * The modal's core types: the public API of MODAL-API (ModalOptions, ModalClient, ...) and the state and
 * actions of every controller, gathered in `ModalControllers`, the one object handed to the UI.
 *
 * Contract with modal-ui (elements and views):
 * - Every controller is a `Store<State>`: `getState()` returns an immutable snapshot (a new object on each
 *   change), `subscribe(listener)` calls `listener(state, previous)` after each change and returns an
 *   unsubscribe function. Controllers have no DOM and no lit; views read state and call actions only.
 * - Mounting: modal-ui provides `modal/src/elements/modal/mount.ts` exporting
 *   `export function mountModal(controllers: ModalControllers): void` which defines the elements (only if
 *   their tag is not yet defined) and inserts/binds one `<mb-modal>` in `document.body` (idempotent).
 *   `createModal(...).open()` lazy-imports it the first time (`await import('../elements/modal/mount.js')`),
 *   so the views are a lazy chunk; the button and the controllers are not in that chunk.
 * - The connect button (`<mb-connect-button>`) takes the client from its property `client: ModalClient`; when
 *   unset it uses `getDefaultClient()` from `modal/src/core/registry.ts` (`createModal` registers the first
 *   client it creates as the default; `setDefaultClient(client)` overrides). `controllersOf(client)` (same
 *   file) gives an element the `ModalControllers` of a client, e.g. an embedded `<mb-modal>` placed by hand.
 * - Texts shown to users come from `modal/src/messages.ts` (spec section 8 texts, character for character).
 * - Entries: `modal/src/index.ts` (`@minibot/modal`, full: createModal with viem wallet/public clients, ~45 kB gzip
 *   of viem) and `modal/src/element.ts` (`@minibot/modal/element`: createModal without viem + defineConnectButton,
 *   ~10 kB gzip + the button/lit): a page with only the custom element, and the "before the first click" bench,
 *   use the element entry.
 */
import type { DirectoryControllerDeps } from '../controllers/directory.js';
import type { Address, Hash, PublicClient, WalletClient } from 'viem';
import type { Balance, WcWallet } from '../api/types.js';
import type { ApiContext } from '../api/http.js';
import type { ModalCoreMessages, ModalLocale, ModalMessages, ModalTextsOverride } from './locale.js';
import type { LogLevel } from './logger.js';
import type { ReadContractParameters } from './read-contract.js';

export type { Address, Hash };
export type { ModalCoreMessages, ModalLocale, ModalMessages, ModalTextsOverride, ModalUiTexts } from './locale.js';
export type { LogLevel };
export type { ReadContractParameters };

// ---------------------------------------------------------------------------------------------
// Public API (MODAL-API.md)
// ---------------------------------------------------------------------------------------------

export type ViewName =
  | 'Connect'
  | 'Account'
  | 'AllWallets'
  | 'ConnectingExternal'
  | 'ConnectingWalletConnectBasic'
  | 'Networks'
  | 'UnsupportedChain'
  | 'SIWXSignMessage'
  | 'ApproveTransaction'
  | 'RegisterAccountName'
  | 'RegisterAccountNameSuccess'
  // Embedded wallet (e-mail and social login)
  | 'EmailVerifyOtp'
  | 'EmailVerifyDevice'
  | 'UpdateEmailWallet'
  | 'ConnectSocials'
  | 'ConnectingSocial'
  | 'ConnectingFarcaster'
  | 'WalletSend'
  | 'WalletSendPreview'
  | 'WalletReceive'
  | 'Transactions'
  | 'Swap'
  | 'SwapSelectToken'
  | 'SwapPreview'
  | 'OnRampProviders'
  | 'OnRampTokenSelect'
  | 'OnRampFiatSelect'
  | 'BuyInProgress';

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
  s: { t: 'eip191' | 'eip1271'; s: string; m?: string };
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
  address?: Address;
  isConnected: boolean;
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
  close(): void;
  isOpen(): boolean;
  getAccount(): AccountSnapshot;
  subscribeAccount(listener: (account: AccountSnapshot) => void): () => void;
  subscribeState(listener: (state: { open: boolean; view: ViewName }) => void): () => void;
  /** Switches the connected wallet to a chain of `networks`; adds it first when the wallet answers 4902. Throws ChainSwitchError on failure. */
  switchNetwork(chainId: number): Promise<void>;
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
  /** The valid sign-in session of the connected account and chain; throws 'SIWX is not enabled' without `siwx`. */
  getSiwxSession(): Promise<SiwxSession | undefined>;
  /** The modal's log buffer (about 1 MB, secrets redacted): one JSON record a line, oldest first. For support requests. */
  getLogs(): Promise<string>;
  /** Saves `getLogs()` as a file (`minibot-modal-logs.jsonl` unless `fileName` is given); browser only. */
  downloadLogs(fileName?: string): Promise<void>;
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
// Controllers
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
  /** SDK type and version sent as `st` / `sv`. */
  sdkType: string;
  sdkVersion: string;
}

export interface ModalState {
  open: boolean;
  embedded: boolean;
  /** True for `SHAKE_DURATION_MS` (500 ms) after `shake()`. */
  shake: boolean;
}
export interface ModalController extends Store<ModalState> {
  /** Opens with the view of the opening rules (spec section 2), or `options.view` when forced. */
  open(options?: { view?: ViewName }): void;
  /** Closes; in embedded mode the view becomes Account if connected, otherwise Connect. */
  close(): void;
  shake(): void;
}

/** Data attached to a route, e.g. the connector a ConnectingExternal view is about. */
export interface RouteData {
  connectorId?: string;
  wallet?: WcWallet;
  /** The user cannot close the modal on this route (required sign-in): the close button is disabled. */
  closeDisabled?: boolean;
  /** SwapSelectToken: which side of the swap the picked token goes to. */
  swapSide?: 'from' | 'to';
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
}

/** The state of the last connect request (ConnectingExternal view: pending / failed / retry). */
export type ConnectRequestState =
  | { status: 'idle' }
  | { status: 'pending'; connectorId: string }
  | { status: 'rejected'; connectorId: string }
  | { status: 'failed'; connectorId: string; message: string };

export interface ConnectionState {
  status: ConnectionStatus;
  connectors: ConnectorInfo[];
  /** Connector of the current connection. */
  connectorId?: string;
  connectRequest: ConnectRequestState;
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
  /** Adopts an authorized session (used by the WalletConnect controller after pairing). */
  attachSession(session: WalletSession): void;
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

export type AccountType = 'eoa' | 'smartAccount';
/** Spec section 3 "Account state per chain". */
export interface ChainAccountState {
  caipAddress?: string;
  address?: string;
  balance?: string;
  balanceSymbol?: string;
  balanceLoading: boolean;
  /** Every token balance of the last Blockchain API answer for this chain (the native entry gives `balance`). */
  tokenBalances?: Balance[];
  profileName?: string | null;
  profileImage?: string | null;
  status: ConnectionStatus;
  user?: { email?: string; username?: string };
  preferredAccountTypes: Partial<Record<ChainNamespace, AccountType>>;
  allAccounts: { address: string; type: AccountType }[];
  smartAccountDeployed: boolean;
  connectedWalletInfo?: { name: string; icon?: string };
  socialProvider?: string;
  farcasterUrl?: string;
  addressLabels: Record<string, string>;
}
export interface AccountState {
  byNamespace: Record<ChainNamespace, ChainAccountState>;
}
export interface AccountController extends Store<AccountState> {
  setAccount(namespace: ChainNamespace, address: string, chainId: number | string, wallet?: { name: string; icon?: string }): void;
  setStatus(namespace: ChainNamespace, status: ConnectionStatus): void;
  reset(namespace: ChainNamespace): void;
  resetAll(): void;
  /** Sets fields of a namespace's account (the embedded wallet's user, accounts and provider). */
  update(namespace: ChainNamespace, patch: Partial<ChainAccountState>): void;
  /** Native balance of the active account; cached 30 s unless `force`. */
  fetchBalance(force?: boolean): Promise<void>;
  /** Name and avatar; cached 5 min unless `force`. */
  fetchIdentity(force?: boolean): Promise<void>;
}

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
  /** Switches the connected wallet (add-chain fallback on 4902), or just the active network when disconnected. */
  switchNetwork(chainId: number): Promise<void>;
  /** The wallet reported a chain (chainChanged / connect). */
  setWalletChainId(chainId: number | undefined): void;
  reset(): void;
  /** Stops waiting for a switch the wallet has not answered (the modal closed): the list is usable again. */
  cancelSwitch(): void;
  /** True when the active chain is in the blockchain API's supported chains (fetched once). */
  isActiveChainSupported(): Promise<boolean>;
}

export interface DirectoryState {
  featured: WcWallet[];
  recommended: WcWallet[];
  /** AllWallets pages loaded so far (40 a page). */
  wallets: WcWallet[];
  page: number;
  count: number;
  loading: boolean;
  /** `error`: the last search failed (the service did not answer); the view offers to try again. */
  search: { query: string; results: WcWallet[]; loading: boolean; error?: string };
  recent: WcWallet[];
  /** image_id -> object URL or URL. */
  images: Record<string, string>;
  error?: string;
}
export interface DirectoryController extends Store<DirectoryState> {
  /** Featured and recommended (4 each); first call only unless `force`. */
  fetchInitial(force?: boolean): Promise<void>;
  fetchNextPage(): Promise<void>;
  /** Debounced search (up to 100 results); an empty query clears it. */
  search(query: string): void;
  addRecent(wallet: WcWallet): void;
  imageUrl(wallet: WcWallet): string | undefined;
}

export type ToastVariant = 'loading' | 'success' | 'error';
export interface ToastState {
  open: boolean;
  variant: ToastVariant;
  message: string;
}
export interface ToastController extends Store<ToastState> {
  show(variant: ToastVariant, message: string): void;
  hide(): void;
}

export interface AnalyticsAlert {
  message: string;
  hint: string;
}
export interface AnalyticsState {
  enabled: boolean;
  /** 'Invalid App Configuration', shown once. */
  alert?: AnalyticsAlert;
}
export interface AnalyticsEventInput {
  type: 'track' | 'error';
  event: string;
  address?: string;
  properties?: Record<string, unknown>;
}
export interface AnalyticsController extends Store<AnalyticsState> {
  /** Fetches the analytics config and checks the allowed origins. */
  init(): Promise<void>;
  sendEvent(event: AnalyticsEventInput): Promise<void>;
  dismissAlert(): void;
}

/** The token a send form sends: a balance entry (`address` is CAIP-10, absent for the native coin). */
export type SendToken = Pick<Balance, 'symbol' | 'name' | 'address' | 'price' | 'iconUrl'> & {
  decimals: number;
  /** The holding, whole units (decimal string). */
  balance: string;
};

/** Send form (spec section 3); reset when switching namespace. */
export interface SendState {
  token?: SendToken;
  sendTokenAmount?: string;
  receiverAddress?: string;
  receiverProfileName?: string;
  receiverProfileImageUrl?: string;
  gasPrice?: bigint;
  gasPriceInUSD?: number;
  networkBalanceInUSD?: string;
  loading: boolean;
  tokenBalances: Balance[];
}
export interface SendController extends Store<SendState> {
  set(patch: Partial<SendState>): void;
  reset(): void;
}

/** The one object handed to the UI. */
export interface ModalControllers {
  options: ResolvedOptions;
  /** True on a mobile device (opening rules, deep links). */
  isMobile: boolean;
  modal: ModalController;
  router: RouterController;
  connection: ConnectionController;
  walletConnect: WalletConnectController;
  account: AccountController;
  networks: NetworksController;
  /** The wallet directory; made when the modal's shell mounts (`installDirectory`), so it is absent before the first open. */
  directory: DirectoryController;
  /** Makes the directory controller once (the modal's shell calls it on mount); returns it. */
  installDirectory(create: (deps: DirectoryControllerDeps) => DirectoryController): DirectoryController;
  toasts: ToastController;
  analytics: AnalyticsController;
  send: SendController;
  /** Loads the SIWX controller (a lazy chunk); absent unless `siwx` is set. */
  siwx?: () => Promise<SiwxController>;
  /** The api context and clock the controllers use; the lazily created feature controllers take them from here. */
  api: ApiContext;
  clock: Clock;
  /** Same snapshot as `ModalClient.getAccount()`. */
  getAccount(): AccountSnapshot;
}

/** Signature of modal-ui's `mountModal` (modal/src/elements/modal/mount.ts). */
export type MountModal = (controllers: ModalControllers) => void;
