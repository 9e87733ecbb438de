import type { ModalControllers } from '../controllers/bag.js';
import type { DirectoryController } from '../controllers/directory.js';
import { safeImageUrl } from '../core/safe-image-url.js';
import { createStore } from '../core/store.js';
import type { ConnectorInfo } from '../core/types.js';
import type { DirectorySnapshot, HeadlessWallet, WalletsSnapshot } from './wallet-types.js';
import { derivedStore, watchAll, type ExternalStore } from './external-store.js';

export type { HeadlessWallet, WalletsSnapshot } from './wallet-types.js';

export interface WalletsStore extends ExternalStore<WalletsSnapshot> {
  /** Loads the directory's featured and recommended wallets and its first page, and starts Solana discovery. */
  load(): Promise<void>;
  fetchNextPage(): Promise<void>;
  /** Debounced search of the directory (an empty query clears it); the results are the snapshot's `search`. */
  setSearch(query: string): void;
}

export type ConnectStatus = 'idle' | 'connecting' | 'connected' | 'rejected' | 'failed';

export interface ConnectSnapshot {
  /** Of the last `connect(wallet)`: 'rejected' when the person declined in the wallet, 'failed' with `error` otherwise. */
  status: ConnectStatus;
  /** The wallet asked last. */
  wallet?: HeadlessWallet;
  error?: string;
}

export interface ConnectStore extends ExternalStore<ConnectSnapshot> {
  /**
   * Connects `wallet`: an installed one through its prompt, any other by a WalletConnect pairing (its URI is in the
   * `walletConnect` store meanwhile). Resolves when the request ends; never throws (see the snapshot). A directory
   * wallet becomes a recent one.
   */
  connect(wallet: HeadlessWallet): Promise<void>;
  /** Asks the last wallet again. */
  retry(): Promise<void>;
  /** Abandons a pending request (a late answer is ignored) and clears the status. */
  cancel(): void;
  disconnect(): Promise<void>;
}

export interface WalletConnectSnapshot {
  status: 'idle' | 'loading' | 'ready' | 'connected' | 'error';
  /** The `wc:` pairing URI (QR code, copy link). */
  uri?: string;
  /** ms since epoch; the pairing counts as expired 10 s before it. */
  pairingExpiry?: number;
  error?: string;
  /** The link that opens the wallet `connect` asked with the URI (its mobile link on a phone), through the URL gate. */
  deepLink?: string;
}

export interface WalletConnectStore extends ExternalStore<WalletConnectSnapshot> {
  /** Starts a pairing (loads WalletConnect's provider), or keeps the one under way while its URI is valid. */
  start(): Promise<void>;
  isPairingExpired(): boolean;
}

/** WalletConnect's own entry: `connect(WALLET_CONNECT_WALLET)` starts a pairing for any wallet to scan. */
export const WALLET_CONNECT_WALLET: HeadlessWallet = Object.freeze({ id: 'walletConnect', name: 'WalletConnect', kind: 'walletConnect' });

/** The connect path's stores over one client's controllers. */
export function createConnectStores(controllers: ModalControllers): { wallets: WalletsStore; connect: ConnectStore; walletConnect: WalletConnectStore } {
  const { connection, walletConnect, options } = controllers;
  const asked = createStore<{ wallet?: HeadlessWallet; via?: 'connector' | 'walletConnect' }>({});
  // The deep link's rules (with the URL gate's link rules) load when a directory wallet is asked to pair, beside
  // WalletConnect's far larger provider; the snapshot is computed again when they arrive.
  const deepLinks = createStore<{ appDeepLink?: typeof import('../core/deep-link.js').appDeepLink }>({});
  const loadDeepLinks = () => {
    if (!deepLinks.getState().appDeepLink) void import('../core/deep-link.js').then((m) => deepLinks.setState({ appDeepLink: m.appDeepLink }), () => undefined);
  };
  // The directory's chunk (its controller and endpoints, and the module that turns its lists into headless wallets)
  // loads on the first `load()`, as the modal's shell makes the directory; a directory the shell made already gets
  // that module at once. The snapshot is computed again when it arrives.
  let directory: DirectoryController | undefined = controllers.directory as DirectoryController | undefined;
  const view = createStore<{ of?: (installed: ConnectorInfo[]) => DirectorySnapshot }>({});
  let viewLoading: Promise<DirectoryController> | undefined;
  const installDirectory = () =>
    (viewLoading ??= import('./directory-wallets.js').then(
      (m) => {
        const made = (directory = controllers.installDirectory(m.createDirectoryController));
        view.setState({ of: m.directoryWallets(made, options.enableWalletConnect) });
        // The view follows the directory from then on: the wallets' store follows the view.
        made.subscribe(() => view.setState({}));
        return made;
      },
      (error: unknown) => {
        viewLoading = undefined;
        throw error;
      },
    ));
  if (directory) void installDirectory().catch(() => undefined);

  const installedOf = new WeakMap<ConnectorInfo, HeadlessWallet>();
  const fromConnector = (c: ConnectorInfo) => {
    let wallet = installedOf.get(c);
    if (!wallet) {
      wallet = { id: c.id, name: c.name, icon: safeImageUrl(c.icon), kind: 'injected', connectorId: c.id, ...(c.namespace === 'solana' ? { namespace: 'solana' as const } : {}) };
      installedOf.set(c, wallet);
    }
    return wallet;
  };
  const installed = () => {
    const state = connection.getState();
    return options.enableInjected ? [...state.connectors, ...(state.solanaConnectors ?? [])].filter((c) => c.type !== 'WALLET_CONNECT') : [];
  };
  const noDirectory: DirectorySnapshot = { recent: [], featured: [], all: [], count: 0, loading: false, error: undefined, search: { query: '', results: [], loading: false, error: undefined } };

  const wallets: WalletsStore = {
    ...derivedStore(
      (changed) => watchAll([connection, view], changed),
      () => {
        const own = installed();
        return {
          installed: own.map(fromConnector),
          ...(view.getState().of?.(own) ?? noDirectory),
          walletConnect: options.enableWalletConnect ? WALLET_CONNECT_WALLET : undefined,
        };
      },
    ),
    async load() {
      void controllers.solana?.load().catch(() => undefined);
      const loaded = await installDirectory();
      await Promise.all([loaded.fetchInitial(), loaded.getState().page === 0 ? loaded.fetchNextPage() : undefined]);
    },
    async fetchNextPage() {
      await (await installDirectory()).fetchNextPage();
    },
    setSearch(query) {
      if (directory) directory.search(query);
      else void installDirectory().then((d) => d.search(query));
    },
  };

  const connectSnapshot = (): ConnectSnapshot => {
    const { wallet, via } = asked.getState();
    if (!wallet) return { status: connection.getState().status === 'connected' ? 'connected' : 'idle' };
    if (via === 'walletConnect') {
      const wc = walletConnect.getState();
      if (wc.status === 'connected' || connection.getState().status === 'connected') return { status: 'connected', wallet };
      if (wc.status === 'error') return { status: wc.error === options.messages.connectionDeclined ? 'rejected' : 'failed', wallet, error: wc.error };
      return { status: wc.status === 'idle' ? 'idle' : 'connecting', wallet };
    }
    const request = connection.getState().connectRequest;
    if (request.status === 'pending') return { status: 'connecting', wallet };
    if (request.status === 'rejected') return { status: 'rejected', wallet };
    if (request.status === 'failed') return { status: 'failed', wallet, error: request.message };
    return { status: connection.getState().status === 'connected' ? 'connected' : 'idle', wallet };
  };

  const connect: ConnectStore = {
    ...derivedStore((changed) => watchAll([asked, connection, walletConnect], changed), connectSnapshot),
    async connect(wallet) {
      if (wallet.directory) directory?.addRecent(wallet.directory);
      const via = wallet.connectorId && options.enableInjected ? 'connector' : 'walletConnect';
      if (via === 'walletConnect' && wallet.directory) loadDeepLinks();
      asked.setState({ wallet, via });
      if (via === 'connector') await connection.connect(wallet.connectorId!);
      else await walletConnectStore.start();
    },
    async retry() {
      const { wallet } = asked.getState();
      if (wallet) await connect.connect(wallet);
    },
    cancel() {
      connection.cancelConnect();
      connection.resetConnectRequest();
      asked.setState({ wallet: undefined, via: undefined });
    },
    disconnect: () => connection.disconnect(),
  };

  const walletConnectStore: WalletConnectStore = {
    ...derivedStore(
      (changed) => watchAll([walletConnect, asked, deepLinks], changed),
      () => {
        const { status, uri, pairingExpiry, error } = walletConnect.getState();
        const entry = asked.getState().via === 'walletConnect' ? asked.getState().wallet?.directory : undefined;
        return { status, uri, pairingExpiry, error, deepLink: uri && entry ? deepLinks.getState().appDeepLink?.(entry, controllers.isMobile, uri) : undefined };
      },
    ),
    // The controller keeps a pairing under way while its URI is valid, and makes a new one otherwise.
    start: () => walletConnect.connect(),
    isPairingExpired: () => walletConnect.isPairingExpired(),
  };

  return { wallets, connect, walletConnect: walletConnectStore };
}
