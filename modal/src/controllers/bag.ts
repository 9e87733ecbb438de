import type { FrameChannel } from '../connectors/embedded/channel.js';
import type { EmbeddedController } from './embedded/embedded.js';
import type { HubControllers } from './hub.js';
import type { CoreControllers } from './core-controllers.js';
import type { LazyFeature } from './lazy.js';
import type { NamesController } from './names/names.js';
import type { OnrampController } from './onramp/onramp.js';
import type { PendingTransactionsController } from './pending-transactions.js';
import type { SwapController } from './swap/swap.js';

export type { CoreControllers };

/**
 * The one object handed to the UI: the core controllers and the lazy features, each made on first use by
 * `createControllers` (views follow one through `FeatureController`; the shell loads a view's features with its chunk).
 */
export interface ModalControllers extends CoreControllers {
  /** The Account hub: balances, the send flow and Activity. */
  hub: LazyFeature<HubControllers>;
  /** Account names: suggestions and registration. */
  names: LazyFeature<NamesController>;
  swap: LazyFeature<SwapController>;
  onramp: LazyFeature<OnrampController>;
  /** The pending-transaction counter (polls while an EVM account is connected). */
  pendingTransactions: LazyFeature<PendingTransactionsController>;
  /** The embedded wallet (e-mail and social login); its frame lives in the modal, which hands it in on mount. */
  embedded: LazyFeature<EmbeddedController>;
  /** The modal's shell hands in how to open the embedded wallet's frame (DOM) when it mounts. */
  installEmbeddedFrame(open: () => Promise<FrameChannel>): void;
}

/** Signature of modal-ui's `mountModal` (modal/src/elements/modal/mount.ts). */
export type MountModal = (controllers: ModalControllers) => void;

