import type { ApiContext } from '../api/http.js';
import type { AccountSnapshot, Clock, FetchLike, ModalLocale, ModalNetwork, ModalStorage, ResolvedOptions, SiwxController } from '../core/types.js';
import type { DirectoryController, DirectoryControllerDeps } from './directory.js';
import type { CoreControllers, ModalControllers } from './bag.js';
import type { ConnectorDiscovery } from '../connectors/eip6963.js';
import type { WcUniversalProvider } from '../connectors/walletconnect.js';
import { createAccountController } from './account.js';
import { deferAnalytics } from './analytics-deferred.js';
import { createConnectionController } from './connection.js';
import { createModalController } from './modal.js';
import { createNetworksController } from './networks.js';
import { createRouterController, resolveOpenView } from './router.js';
import { createSendController } from './send/send.js';
import { createToastController } from './toasts.js';
import { createWalletConnectController } from './walletconnect.js';
import { lazyFeature } from './lazy.js';
import { connectionRules, controllerRules } from './rules.js';
import type { FeatureLoaders } from './feature-loaders.js';
import { STORAGE_KEYS } from '../core/core-constants.js';
import { createStore } from '../core/store.js';
import type { FrameChannel } from '../connectors/embedded/channel.js';

/** Everything the controllers use from the outside world: tests pass fakes, `createModal` the real ones. */
export interface ControllerDeps {
  options: ResolvedOptions;
  fetch: FetchLike;
  storage: ModalStorage;
  clock: Clock;
  isMobile: boolean;
  discovery: ConnectorDiscovery;
  loadWalletConnect: () => Promise<WcUniversalProvider>;
  location?: { href: string; hostname: string; origin: string };
  createObjectUrl?: (blob: Blob) => string;
  randomId?: () => string;
  readNativeBalance?: (address: string, network: ModalNetwork) => Promise<bigint>;
  reconnectWaitMs?: number;
  /** Makes the directory controller now (tests); absent, the modal's shell makes it when it mounts. */
  createDirectory?: (deps: DirectoryControllerDeps) => DirectoryController;
  /** Mounts the modal's shell (DOM), which hands in the embedded wallet's frame; absent outside a browser (no embedded restore). */
  mountShell?: (controllers: ModalControllers) => Promise<void>;
}

export function apiContextOf(options: ResolvedOptions, fetch: FetchLike): ApiContext {
  return {
    fetch,
    projectId: options.projectId,
    sdkType: options.sdkType,
    sdkVersion: options.sdkVersion,
    urls: options.apiUrls,
  };
}

/** Wires every controller and the rules between them (one factory; no DOM). */
export function createControllers(deps: ControllerDeps): ModalControllers {
  const { options, clock } = deps;
  const api = apiContextOf(options, deps.fetch);
  const router = createRouterController();
  const send = createSendController();
  const toasts = createToastController({ clock });

  // Late-bound: the networks controller asks the connection for its provider.
  let getProvider: () => ReturnType<ModalControllers['connection']['getProvider']> = () => undefined;
  const networks = createNetworksController({ messages: options.messages, networks: options.networks, api, getProvider: () => getProvider(), send });
  const account = createAccountController({
    api,
    clock,
    storage: deps.storage,
    activeNetwork: () => networks.getState().activeNetwork,
    isActiveChainSupported: () => networks.isActiveChainSupported(),
    readNativeBalance: deps.readNativeBalance,
    onBalanceError: () => toasts.show('error', options.messages.tokenBalanceUnavailable),
    loadBalance: () => loaders().then((m) => m.featureLoaders.accountBalance()),
  });
  const loaders = () => import('./feature-loaders.js');
  // What a lazy feature gets beside the bag.
  const environment = { location: deps.location, randomId: deps.randomId };
  /** A lazy feature: its module (a chunk of its own, listed in `featureLoaders`) exports `create(controllers, environment)`. */
  const feature = <T>(load: (loaders: FeatureLoaders) => Promise<{ create(controllers: CoreControllers, env: typeof environment): T }>) =>
    lazyFeature(() => loaders().then((m) => load(m.featureLoaders)).then((m) => m.create(controllers, environment)));
  // SIWX is loaded on the first connect (or disconnect) when `siwx` is set.
  const siwxFeature = options.siwx ? feature((l) => l.siwx()) : undefined;
  const siwx: (() => Promise<SiwxController>) | undefined = siwxFeature && (() => siwxFeature.load());
  // Solana wallets are offered only when the options have a Solana network.
  const solanaFeature = options.networks.some((n) => n.chainNamespace === 'solana') ? feature((l) => l.solana()) : undefined;
  const embedded = feature((l) => l.embedded());
  // Its checks and events wait for the first interaction (`init()`), and so does its module.
  const analytics = deferAnalytics(() => loaders().then((m) => m.featureLoaders.analytics()).then((m) => (store) => m.create(controllers, environment, store)));

  const isConnected = () => connection.getState().status === 'connected';
  const modal = createModalController({
    clock,
    router,
    embedded: options.embedded,
    isConnected,
    openView: (forcedView) =>
      resolveOpenView({
        forcedView,
        // A connected session (EVM or Solana) always has its address.
        hasAddress: isConnected(),
        isMobile: deps.isMobile,
        hasAdapters: options.enableInjected,
      }),
  });

  const walletConnect = createWalletConnectController({
    messages: options.messages,
    clock,
    networks: () => options.networks,
    loadProvider: deps.loadWalletConnect,
    attachSession: (session, watch) => connection.attachSession(session, watch),
    solana: solanaFeature,
    siwx,
  });
  const connection = createConnectionController({
    checksum: () => loaders().then((m) => m.featureLoaders.checksum()).then((m) => m.checksumAccounts),
    messages: options.messages,
    storage: deps.storage,
    discovery: deps.discovery,
    reconnectWaitMs: deps.reconnectWaitMs,
    clock,
    walletConnect: options.enableWalletConnect ? walletConnect : undefined,
    embedded,
    mountShell: deps.mountShell && (() => deps.mountShell!(controllers)),
    // What the connection tells the others (a session, a chain change, its end).
    ...connectionRules(() => controllers),
  });
  getProvider = () => connection.getProvider();
  // The directory is needed only once the modal opens: its shell makes it (mount), so it stays out of the first click.
  const directoryDeps: DirectoryControllerDeps = { api, clock, storage: deps.storage, options, createObjectUrl: deps.createObjectUrl };
  let directory: DirectoryController | undefined = deps.createDirectory?.(directoryDeps);
  // The embedded wallet's frame (DOM): the modal's shell hands in how to open it when it mounts.
  let openFrame: (() => Promise<FrameChannel>) | undefined;

  const getAccount = (): AccountSnapshot => {
    const c = connection.getState();
    const eip155 = account.getState().byNamespace.eip155;
    const connected = c.status === 'connected' && Boolean(eip155.address);
    // Written only while its session is connected.
    const solana = c.solanaConnectorId ? { address: c.solanaAddress!, connectorId: c.solanaConnectorId } : undefined;
    return {
      address: connected ? (eip155.address as AccountSnapshot['address']) : undefined,
      isConnected: connected || !!solana,
      solana,
      status: c.status === 'connected' && !connected && !solana ? 'connecting' : c.status,
      chainId: connected ? networks.getState().walletChainId : undefined,
      caipAddress: connected ? eip155.caipAddress : undefined,
      connectorId: connected ? c.connectorId : undefined,
      embeddedWalletInfo:
        connected && eip155.user
          ? { user: eip155.user, authProvider: eip155.socialProvider ?? 'email', accountType: eip155.preferredAccountTypes.eip155 ?? 'eoa', isSmartAccountDeployed: eip155.smartAccountDeployed }
          : undefined,
    };
  };

  const controllers: ModalControllers = {
    options,
    language: createStore<{ locale?: ModalLocale }>({ locale: options.locale }),
    isMobile: deps.isMobile,
    modal,
    router,
    connection,
    walletConnect,
    account,
    networks,
    get directory() {
      return directory as DirectoryController;
    },
    installDirectory(create) {
      return (directory ??= create(directoryDeps));
    },
    toasts,
    analytics,
    send,
    siwx,
    api,
    clock,
    storage: deps.storage,
    getAccount,
    // Lazy features: each its own chunk, made on first use; the only place that knows how to build one.
    hub: feature((l) => l.hub()),
    names: feature((l) => l.names()),
    swap: feature((l) => l.swap()),
    onramp: feature((l) => l.onramp()),
    pendingTransactions: feature((l) => l.pendingTransactions()),
    solana: solanaFeature,
    embedded,
    installEmbeddedFrame(open) {
      openFrame ??= open;
    },
    openEmbeddedFrame: () => (openFrame ? openFrame() : Promise.reject(new Error('The modal is not mounted'))),
  };
  // Which controller reacts to which: rules.ts.
  const rules = controllerRules(controllers, options);
  connection.subscribe(rules.connection);
  networks.subscribe(rules.networks);
  modal.subscribe(rules.modal);
  // On load with a Solana wallet stored, the Solana chunk is made now: it reconnects that wallet silently.
  if (deps.storage.getItem(STORAGE_KEYS.solanaConnectorId)) void controllers.solana?.load().catch(() => undefined);
  return controllers;
}
