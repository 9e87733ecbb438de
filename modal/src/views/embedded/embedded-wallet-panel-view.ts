import { defineElement } from '../../ui/define.js';
import type { ModalUiTexts } from '../../texts/locale.js';
import type { EmbeddedPanel } from '../../controllers/embedded/embedded.js';
import { MbEmbeddedPanelView } from './embedded-panel-view.js';

/**
 * A view that shows one of the wallet frame's own panels under one line (Protect, Export, Devices: a panel entry of
 * `views/views.ts`). The shell sets `panel` and `line` from the entry before it shows the element.
 *
 * EmbeddedWalletProtect: adds a passkey (or a recovery password) protecting the recovery share; offered once after a
 * login while nothing protects it ("Not now" goes on as before), and reached from Account ("Passkey and recovery").
 * EmbeddedWalletExport: after a fresh check (passkey or e-mail code) the frame reveals the key inside the frame, on the
 * wallet's origin: it never reaches this page.
 * EmbeddedWalletDevices: the devices holding a share of the account's key, each with "Remove this device".
 *
 * @tag mb-embedded-wallet-panel-view
 */
export class MbEmbeddedWalletPanelView extends MbEmbeddedPanelView {
  /** The frame's panel this view asks for. */
  panel: EmbeddedPanel = 'protect';
  /** Key of the catalogue's text above the frame. */
  lineKey: keyof ModalUiTexts = 'protectLine';

  protected line() {
    return String(this.localize.texts[this.lineKey]);
  }
}

defineElement('mb-embedded-wallet-panel-view', MbEmbeddedWalletPanelView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-embedded-wallet-panel-view': MbEmbeddedWalletPanelView;
  }
}
