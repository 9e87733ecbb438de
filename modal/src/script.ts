/**
 * The script-tag build's entry (`dist/script/minibot-modal.js`, `npm run build:modal`): the `element` entry with
 * `<mb-connect-button>` defined, lit, the controllers and every view in one ES module a page without a bundler loads
 * with `<script type="module">`. WalletConnect's provider stays a file of its own beside it, loaded on demand.
 * @example
 * import { createModal, bscNetwork } from './minibot-modal.js';
 * createModal({ projectId, networks: [bscNetwork], metadata });
 */
import './elements/connect-button/connect-button.js';

export * from './element.js';
export { mountModal } from './elements/modal/mount.js';
