import { defineElement } from '../../ui/define.js';
import { MbEmbeddedPanelView } from './embedded-panel-view.js';

/**
 * EmbeddedWalletExport: "Export private key". After a fresh check (passkey or e-mail code) the frame's panel reveals
 * the key inside the frame, on the wallet's origin: it never reaches this page.
 *
 * @tag mb-embedded-wallet-export-view
 */
export class MbEmbeddedWalletExportView extends MbEmbeddedPanelView {
  protected readonly panel = 'export';
  protected line() {
    return this.localize.texts.exportLine;
  }
}

defineElement('mb-embedded-wallet-export-view', MbEmbeddedWalletExportView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-embedded-wallet-export-view': MbEmbeddedWalletExportView;
  }
}
