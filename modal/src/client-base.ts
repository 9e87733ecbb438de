import type { PublicClient, WalletClient } from 'viem';
import { realClock } from './core/clock.js';
import { registerControllers, getDefaultClient, setDefaultClient } from './client-registry.js';
import type { Address, Clock, Eip1193Provider, FetchLike, ModalClient, ModalNetwork, ModalOptions, Store, ViewName } from './core/types.js';
import type { ModalControllers, MountModal } from './controllers/bag.js';
import { createEip6963Discovery, type ConnectorDiscovery, type DiscoveryTarget } from './connectors/eip6963.js';
import type { WcUniversalProvider } from './connectors/walletconnect.js';
import { createControllers } from './controllers/index.js';
import { resolveOptions } from './controllers/options.js';
import { ModalError } from './modal-error.js';
import { coreMessages as messages } from './texts/core-messages.js';
import { createDefaultStorage } from './core/default-storage.js';

/** Test seams of `createModal` (the defaults are the browser's). */
export interface CreateModalEnvironment {
  fetch?: FetchLike;
  clock?: Clock;
  /** The window-like EIP-6963 target; `null` = none. */
  discoveryTarget?: DiscoveryTarget | null;
  isMobile?: boolean;
  loadWalletConnect?: () => Promise<WcUniversalProvider>;
  /** Replaces the lazy import of modal-ui's mount module. */
  loadMount?: () => Promise<MountModal>;
  location?: { href: string; hostname: string; origin: string } | null;
}

/** The logger (level, records, download): a chunk loaded with the first `logLevel`, read or record. */
const loadLogger = () => import('./core/logger.js');

function isBrowser(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined';
}

function detectMobile(): boolean {
  if (typeof navigator === 'undefined') return false;
  return (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile ?? /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
}

/**
 * Follows `stores` and calls `listener` with `read()` when one of the fields that `fieldsOf` picks from it changes
 * (each compared with `===`); returns the unsubscribe.
 */
function watchFields<T>(stores: Store<unknown>[], read: () => T, fieldsOf: (value: T) => unknown[], listener: (value: T) => void): () => void {
  let last = fieldsOf(read());
  const offs = stores.map((store) =>
    store.subscribe(() => {
      const next = read();
      const fields = fieldsOf(next);
      if (fields.every((field, i) => field === last[i])) return;
      last = fields;
      listener(next);
    }),
  );
  return () => offs.forEach((off) => off());
}

/** How the core makes viem clients; `createModal` passes viem's, the element entry none (no viem in its first load). */
export interface ViemBindings {
  walletClient(provider: Eip1193Provider, address: Address, network: ModalNetwork | undefined): WalletClient;
  publicClient(network: ModalNetwork): PublicClient;
  readNativeBalance(address: string, network: ModalNetwork): Promise<bigint>;
}

/**
 * The client's viem methods over its bindings (client-viem.ts, which only the entries that take viem bindings import):
 * `getWalletClient` and `getPublicClient` of a client made with them.
 */
export interface ViemClients {
  readNativeBalance: ViemBindings['readNativeBalance'];
  methods(controllers: ModalControllers, networks: ModalNetwork[]): Pick<ModalClient, 'getWalletClient' | 'getPublicClient'>;
}

/** The modal's shell module (elements/modal/mount.ts): its mount, and the preload of the view `open()` leads to. */
export interface ModalShellModule {
  mountModal: MountModal;
  preloadOpeningView(controllers: ModalControllers): void;
}

/**
 * How a client shows its modal (in a browser, or with a test's `loadMount`): `load` requests it (`prefetch`, and with
 * a connected account the hub's chunk beside it), then starts the first interaction's checks; `mount` shows it (`open`,
 * or a controller that opens the modal); `mountShell` mounts it for the embedded wallet's frame. The element client's
 * is client-shell.ts (the Lit shell's chunk); the headless client's mounts nothing.
 */
export interface ClientShell {
  load(): Promise<unknown>;
  mount(): Promise<unknown>;
  mountShell(controllers: ModalControllers): Promise<void>;
}

/**
 * Makes a client's shell once its controllers exist; `startChecks` starts the first interaction's checks (once).
 * `warm` requests the shell's chunk before there are controllers (client-lazy.ts loads both side by side).
 */
export type ClientShellOf = ((controllers: ModalControllers, environment: CreateModalEnvironment, startChecks: () => void) => ClientShell) & { warm?(): void };

/**
 * The modal client without viem, showing the shell that `shellOf` makes: controllers, EIP-6963 discovery,
 * reconnect on load. `createModalCore` gives the Lit shell; the headless client gives one that mounts nothing (its
 * `open()` sets the modal's state, which the dapp's own UI follows). `getWalletClient` and `getPublicClient` need
 * `viem` clients; without them they throw (`getWalletClient` only while connected).
 */
export function createClient(options: ModalOptions, environment: CreateModalEnvironment, viem: ViemClients | undefined, shellOf: ClientShellOf): ModalClient {
  const resolved = resolveOptions(options);
  if (options.logLevel) void loadLogger().then((m) => m.setLogLevel(options.logLevel!));
  const browser = isBrowser();
  const clock = environment.clock ?? realClock;
  const storage = options.storage ?? createDefaultStorage();
  const target =
    environment.discoveryTarget === null ? undefined : (environment.discoveryTarget ?? (browser ? (window as unknown as DiscoveryTarget) : undefined));
  const discovery: ConnectorDiscovery = createEip6963Discovery(resolved.enableInjected ? target : undefined);
  const location =
    environment.location === null ? undefined : (environment.location ?? (browser ? { href: window.location.href, hostname: window.location.hostname, origin: window.location.origin } : undefined));
  const fetchImpl: FetchLike = environment.fetch ?? ((input, init) => globalThis.fetch(input, init));

  const controllers: ModalControllers = createControllers({
    options: resolved,
    fetch: fetchImpl,
    storage,
    clock,
    isMobile: environment.isMobile ?? detectMobile(),
    discovery,
    loadWalletConnect: environment.loadWalletConnect ?? (() => import('./connectors/walletconnect.js').then((m) => m.loadUniversalProvider(resolved))),
    location,
    // Absent in some DOM emulations (jsdom).
    createObjectUrl: browser && URL.createObjectURL ? (blob) => URL.createObjectURL(blob) : undefined,
    readNativeBalance: viem?.readNativeBalance,
    // The embedded wallet's frame lives in the modal: its shell hands the frame in when it mounts.
    mountShell: browser ? (c) => shell.mountShell(c) : undefined,
  });

  // What the first interaction needs waits for it (a page that is never touched loads none of it): the allowed-origin
  // and analytics checks (with the answers' validation and the logger behind them), and the modal's chunks.
  let checked = false;
  const startChecks = () => {
    if (checked || !location) return;
    checked = true;
    void controllers.analytics.init();
  };
  const shell = shellOf(controllers, environment, startChecks);
  // Shown in a browser, or with a test's loadMount.
  const shown = browser || !!environment.loadMount;

  discovery.start();
  // The restore of a stored session: what reads the session's state (the sign-in session) waits for it to settle.
  const restored = browser || environment.discoveryTarget ? controllers.connection.reconnect().catch(() => false) : Promise.resolve(false);

  const siwx = () => controllers.siwx?.() ?? Promise.reject(new ModalError(messages.siwxNotEnabled));

  // A controller may open the modal by itself (sign-in after a reload, an unsupported chain): mount it then too.
  controllers.modal.subscribe((state) => state.open && shown && void shell.mount().catch(() => undefined));

  const noViem = () => new ModalError('No viem clients in this build: use createModal from @minibot/modal');
  const viemMethods = viem?.methods(controllers, resolved.networks);

  const client: ModalClient = {
    prefetch() {
      if (shown) void shell.load().catch(() => undefined);
    },
    async open(openOptions: { view?: ViewName } = {}) {
      if (shown) await shell.mount();
      controllers.modal.open(openOptions);
      // The directory exists once the shell mounted (in the browser, or with a test's loadMount).
      const directory = controllers.directory as ModalControllers['directory'] | undefined;
      if (directory && !controllers.getAccount().isConnected) void directory.fetchInitial();
    },
    close: () => controllers.modal.close(),
    isOpen: () => controllers.modal.getState().open,
    getAccount: () => controllers.getAccount(),
    subscribeAccount: (listener) =>
      watchFields([controllers.connection, controllers.account, controllers.networks], controllers.getAccount, (a) => [a.address, a.solana?.address, a.status, a.chainId, a.connectorId, a.isConnected, a.embeddedWalletInfo?.user], listener),
    subscribeState: (listener) =>
      watchFields([controllers.modal, controllers.router], () => ({ open: controllers.modal.getState().open, view: controllers.router.getState().view }), (state) => [state.open, state.view], listener),
    // The calls to the wallet load with the first of them (errors.ts and the requests are none of what a page loads first).
    switchNetwork: (chainId) => import('./client-wallet.js').then((m) => m.switchNetwork(controllers, chainId)),
    setLocale: (locale) => import('./client-locale.js').then((m) => m.setLocale(controllers, locale)),
    disconnect: () => controllers.connection.disconnect(),
    getWalletClient() {
      if (viemMethods) return viemMethods.getWalletClient();
      if (controllers.connection.getProvider() && controllers.getAccount().address) throw noViem();
      return undefined;
    },
    getProvider: () => controllers.connection.getProvider(),
    getPublicClient(chainId) {
      if (viemMethods) return viemMethods.getPublicClient(chainId);
      throw noViem();
    },
    async getWalletChainId() {
      const provider = controllers.connection.getProvider();
      return provider && (await import('./client-wallet.js')).getChainId(provider);
    },
    signIn: () => siwx().then((c) => c.signIn()),
    getSiwxSession: () => restored.then(() => siwx()).then((c) => c.getSession()),
    getLogs: () => loadLogger().then((m) => m.readLogs()),
    downloadLogs: (fileName) => loadLogger().then((m) => m.downloadLogs(fileName)),
  };

  registerControllers(client, controllers);
  if (!getDefaultClient()) setDefaultClient(client);
  return client;
}
