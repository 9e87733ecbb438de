import { defineElement } from '../../ui/define.js';
import { MbEmbeddedPanelView } from './embedded-panel-view.js';

/**
 * EmbeddedWalletProtect: the frame's panel that adds a passkey (or a recovery password) protecting the recovery
 * share. Offered once after a login while nothing protects it ("Not now" goes on as before), and reached from
 * Account ("Passkey and recovery") to manage it.
 *
 * @tag mb-embedded-wallet-protect-view
 */
export class MbEmbeddedWalletProtectView extends MbEmbeddedPanelView {
  protected readonly panel = 'protect';
  protected line() {
    return this.localize.texts.protectLine;
  }
}

defineElement('mb-embedded-wallet-protect-view', MbEmbeddedWalletProtectView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-embedded-wallet-protect-view': MbEmbeddedWalletProtectView;
  }
}
