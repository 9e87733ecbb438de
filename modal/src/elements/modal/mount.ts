import type { ModalControllers } from '../../controllers/bag.js';
import './modal.js';
import type { MbModal } from './modal.js';
// The first view most users see ships with the shell (one round trip less on the first click);
// every other view stays a lazy chunk of the router's map.
import '../../views/connect/connect-view.js';
// Token, network and currency images show in most hub views: one shared element here instead of a copy in each view's chunk.
import '../../ui/token-image/token-image.js';
import { loadView, viewFeatures } from '../../views/registry.js';
import { createDirectoryController } from '../../controllers/directory.js';

/**
 * Defines the modal's elements (only tags not yet defined) and binds one `<mb-modal>` to `controllers`:
 * the one already in the page (e.g. placed by hand for embedded mode) or a new one appended to `document.body`.
 * Idempotent. `createModal().open()` imports this module lazily, so the modal and its views stay out of a dapp's
 * first load.
 */
export function mountModal(controllers: ModalControllers): void {
  controllers.installDirectory(createDirectoryController);
  let modal = document.querySelector('mb-modal');
  if (!modal) {
    modal = document.createElement('mb-modal') as MbModal;
    document.body.append(modal);
  }
  if (!modal.controllers) modal.controllers = controllers;
  preloadOpeningView(controllers);
}

/**
 * Starts loading the view `open()` leads to and the features it follows, beside the shell (the Connect view ships in
 * it): a connected account opens Account. `createModal` calls it as soon as this chunk is there (on hover, focus,
 * `prefetch()` or the click), so the first render finds them loaded or on the way.
 */
export function preloadOpeningView(controllers: ModalControllers): void {
  if (!controllers.getAccount().isConnected) return;
  void loadView('Account');
  for (const feature of viewFeatures('Account', controllers)) void feature.load().catch(() => undefined);
}
