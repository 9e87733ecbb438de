import type { FrameChannel } from '../connectors/embedded/channel.js';
import type { ApiContext } from '../api/http.js';
import type { AccountController } from './account.js';
import type { AnalyticsController } from './analytics.js';
import type { ConnectionController } from './connection.js';
import type { DirectoryController, DirectoryControllerDeps } from './directory.js';
import type { ModalController } from './modal.js';
import type { NetworksController } from './networks.js';
import type { RouterController } from './router.js';
import type { SendController } from './send/send.js';
import type { ToastController } from './toasts.js';
import type { WalletConnectController } from './walletconnect.js';
import type { LazyFeature } from './lazy.js';
import type { SolanaController } from './solana-connection.js';
import type { WritableStore } from '../core/store.js';
import type { AccountSnapshot, Clock, ModalLocale, ModalStorage, ResolvedOptions, SiwxController } from '../core/types.js';

/** The controllers made when the modal is created (before the first click), with what they share. */
export interface CoreControllers {
  options: ResolvedOptions;
  /**
   * The modal's language (`options.locale`): `ModalClient.setLocale` changes it on a live modal, and every element
   * that shows texts re-renders when it does.
   */
  language: WritableStore<{ locale?: ModalLocale }>;
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
  /** The modal's storage (connector ids, recent wallets). */
  storage: ModalStorage;
  /**
   * Solana wallets (Wallet Standard discovery, the connected wallet's connector): a lazy chunk loaded on the first
   * open, or on load when a Solana connector id is stored; absent without a Solana network in `networks`.
   */
  solana?: LazyFeature<SolanaController>;
  /** Opens the embedded wallet's frame with what the modal's shell handed in on mount (`installEmbeddedFrame`). */
  openEmbeddedFrame(): Promise<FrameChannel>;
  /** Same snapshot as `ModalClient.getAccount()`. */
  getAccount(): AccountSnapshot;
}
