import { html } from 'lit';
import { defineElement } from '../../ui/define.js';
import { MbEmbeddedPanelView } from './embedded-panel-view.js';
import '../../ui/button/button.js';
import '../../ui/icon/icon.js';

/**
 * EmbeddedWalletRecover: this device holds no share of the account's key yet; the frame's panel unlocks it with a
 * passkey or the recovery password. The login connects only once it is done; Disconnect leaves it.
 *
 * @tag mb-embedded-wallet-recover-view
 */
export class MbEmbeddedWalletRecoverView extends MbEmbeddedPanelView {
  protected readonly panel = 'recover';
  protected line() {
    return this.localize.texts.recoverLine;
  }

  protected override actions() {
    return html`<mb-button variant="secondary" full-width @click=${() => this.embedded.abandonLogin()}>
      <mb-icon slot="icon" name="disconnect"></mb-icon>${this.localize.texts.disconnect}
    </mb-button>`;
  }
}

defineElement('mb-embedded-wallet-recover-view', MbEmbeddedWalletRecoverView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-embedded-wallet-recover-view': MbEmbeddedWalletRecoverView;
  }
}
