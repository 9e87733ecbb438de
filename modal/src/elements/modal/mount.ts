import type { ModalControllers } from '../../controllers/bag.js';
import './modal.js';
import type { MbModal } from './modal.js';
// The first view most users see ships with the shell (one round trip less on the first click);
// every other view stays a lazy chunk of the router's map.
import '../../views/connect/connect-view.js';
import { loadView } from '../../views/registry.js';
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
  // Start loading the view the opening rules lead to, in parallel with the first render.
  if (controllers.getAccount().isConnected) void loadView('Account');
}
