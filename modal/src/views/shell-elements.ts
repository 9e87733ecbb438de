/**
 * The elements the modal's shell and its first view (Connect) render, imported by every view's base class
 * (`view.ts`). A dapp's bundler puts modules that the same lazy chunks reach into one chunk: reached from every view,
 * these load as one file on the first click instead of one each (a browser fetches six at a time from an origin
 * over HTTP/1.1, so ten small files cost two more round trips). Every view still imports what it uses.
 */
import '../ui/button/button.js';
import '../ui/icon/icon.js';
import '../ui/input/input.js';
import '../ui/list-item/list-item.js';
import '../ui/skeleton/skeleton.js';
import '../ui/spinner/spinner.js';
import '../ui/text/text.js';
import '../ui/wallet-image/wallet-image.js';
// The shell's and the Connect view's own modules, re-exported for the same reason (a bare import of a module without
// side effects is dropped by the bundler, a re-export counts as reaching it).
export { StoreController } from './store-controller.js';
export { openWallet } from './connect/wallet-actions.js';
