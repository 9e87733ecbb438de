import type { ClientShellOf, CreateModalEnvironment, ViemBindings } from './client-base.js';
import { controllersOf, getDefaultClient, registerControllers, setDefaultClient } from './client-registry.js';
import { registerLazyClient } from './client-lazy-entry.js';
import type { AccountSnapshot, ModalClient, ModalOptions } from './core/types.js';
import type { ModalControllers } from './controllers/bag.js';
import { STORAGE_KEYS } from './core/core-constants.js';
import { createDefaultStorage } from './core/default-storage.js';
import { ModalError } from './modal-error.js';

/** The logger (level, records, download): a chunk loaded with the first `logLevel`, read or record. */
const loadLogger = () => import('./core/logger.js');

/**
 * A client whose controllers are a chunk of their own (client-base.ts with the controllers), made on the first
 * interaction: `prefetch()` (the connect button's hover and focus), `open()`, or an action; at once when a stored
 * session is to be restored or the modal shows embedded. It loads the shell's chunk beside them. Until then it
 * answers from what it knows: no account ('connecting' while a stored session waits to be restored), closed, no
 * provider; its subscribers are carried over to the controllers.
 */
export function createLazyClient(options: ModalOptions, environment: CreateModalEnvironment, viem: ViemBindings | undefined, shellOf: ClientShellOf): ModalClient {
  // Checked at once, as the client that makes the controllers checks it (its options are resolved with them).
  if (!options.networks?.length) throw new Error('createModal: `networks` needs at least one network');
  if (options.logLevel) void loadLogger().then((m) => m.setLogLevel(options.logLevel!));
  const storage = options.storage ?? createDefaultStorage();
  const browser = typeof window !== 'undefined' && typeof document !== 'undefined';
  // Restored at once in a browser, or with a test's discovery target (as the client it makes restores).
  const starts = browser || !!environment.discoveryTarget;
  const stored = starts && !!(storage.getItem(STORAGE_KEYS.connectorId) || storage.getItem(STORAGE_KEYS.solanaConnectorId));

  let made: ModalClient | undefined;
  let controllers: ModalControllers | undefined;
  /** Set when the chunk failed to load: plainly disconnected, until a retry loads it. */
  let failed = false;
  const waiting = new Set<{ attach(client: ModalClient): void; check(): void }>();
  let signal: (controllers: ModalControllers) => void;
  const ready = new Promise<ModalControllers>((resolve) => (signal = resolve));
  let loading: Promise<ModalClient> | undefined;
  /** The client with its controllers, made once (the chunk requested again after a failure). */
  const load = (): Promise<ModalClient> =>
    (loading ??= Promise.all([import('./client-base.js'), viem && import('./client-viem.js')]).then(
      ([base, viemModule]) => {
        failed = false;
        // The client made here answers for this one (the first made stays the default client): its controllers are this one's.
        made = base.createClient({ ...options, storage }, environment, viemModule ? viemModule.viemClients(viem!) : undefined, shellOf);
        controllers = controllersOf(made)!;
        registerControllers(client, controllers);
        for (const watcher of waiting) watcher.attach(made);
        waiting.clear();
        signal(controllers);
        return made;
      },
      (error: unknown) => {
        loading = undefined;
        failed = true;
        for (const watcher of waiting) watcher.check();
        throw error;
      },
    ));
  /** The shell's chunk, requested beside the controllers' (not with a test's loadMount). */
  const warm = () => {
    if (!made && browser && !environment.loadMount) shellOf.warm?.();
  };

  const before = (): AccountSnapshot => ({ isConnected: false, status: stored && !failed ? 'connecting' : 'disconnected' });
  /**
   * `subscribe` of the made client for `listener`; before it is made, the listener waits for it, and hears the first
   * value if it differs (by `fieldsOf`) from the one it was given before.
   */
  const carry = <T>(read: (client?: ModalClient) => T, fieldsOf: (value: T) => unknown[], subscribe: (client: ModalClient, listener: (value: T) => void) => () => void) => (listener: (value: T) => void) => {
    if (made) return subscribe(made, listener);
    let last = fieldsOf(read());
    let off: (() => void) | undefined;
    const check = () => {
      const fields = fieldsOf(read(made));
      if (fields.every((field, i) => field === last[i])) return;
      last = fields;
      listener(read(made));
    };
    const watcher = {
      attach(client: ModalClient) {
        off = subscribe(client, listener);
        check();
      },
      check,
    };
    waiting.add(watcher);
    return () => {
      waiting.delete(watcher);
      off?.();
    };
  };
  const then = <T>(use: (client: ModalClient) => T | Promise<T>) => load().then(use);

  const client: ModalClient = {
    prefetch() {
      if (!browser && !environment.loadMount) return;
      warm();
      void then((c) => c.prefetch()).catch(() => undefined);
    },
    open(openOptions) {
      warm();
      return then((c) => c.open(openOptions));
    },
    close: () => made?.close(),
    isOpen: () => made?.isOpen() ?? false,
    getAccount: () => made?.getAccount() ?? before(),
    subscribeAccount: carry(
      (c) => c?.getAccount() ?? before(),
      (a) => [a.address, a.status, a.isConnected],
      (c, listener) => c.subscribeAccount(listener),
    ),
    subscribeState: carry(
      (c) => ({ open: c?.isOpen() ?? false, view: controllers?.router.getState().view ?? 'Connect' }),
      (state) => [state.open, state.view],
      (c, listener) => c.subscribeState(listener),
    ),
    switchNetwork: (chainId) => then((c) => c.switchNetwork(chainId)),
    setLocale: (locale) => then((c) => c.setLocale(locale)),
    // Nothing to end before the controllers unless a stored session is waiting for them.
    disconnect: () => (made || stored ? then((c) => c.disconnect()) : Promise.resolve()),
    getWalletClient: () => made?.getWalletClient(),
    getProvider: () => made?.getProvider(),
    getPublicClient(chainId) {
      if (made) return made.getPublicClient(chainId);
      if (!viem) throw new ModalError('No viem clients in this build: use createModal from @minibot/modal');
      const network = chainId === undefined ? options.networks[0] : options.networks.find((n) => n.id === chainId);
      if (!network) throw new ModalError(`Network not found: chain ${chainId} is not in networks`);
      return viem.publicClient(network);
    },
    getWalletChainId: () => (made ? made.getWalletChainId() : Promise.resolve(undefined)),
    signIn: () => then((c) => c.signIn()),
    getSiwxSession: () => then((c) => c.getSiwxSession()),
    getLogs: () => loadLogger().then((m) => m.readLogs()),
    downloadLogs: (fileName) => loadLogger().then((m) => m.downloadLogs(fileName)),
  };

  registerLazyClient(client, {
    options,
    ready,
    load: () => load().then(() => controllers!),
    restoringAddress: () => (controllers ? controllers.connection.getState().restoringAddress : stored && !failed ? (storage.getItem(STORAGE_KEYS.lastAddress) ?? undefined) : undefined),
  });
  if (!getDefaultClient()) setDefaultClient(client);
  if (stored || (starts && options.embedded)) void load().catch(() => undefined);
  return client;
}
