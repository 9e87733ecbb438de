import { html, nothing } from 'lit';
import { defineElement } from '../../ui/define.js';
import { MbEmbeddedView } from './embedded-view.js';
import { socialName, startSocialLogin } from './connect-socials-view.js';
import '../../ui/spinner/spinner.js';
import '../../ui/button/button.js';
import '../../ui/social-mark/social-mark.js';

/**
 * ConnectingSocial: waits (up to 30 s) for the provider's window to hand the login to the wallet frame.
 *
 * @tag mb-connecting-social-view
 */
export class MbConnectingSocialView extends MbEmbeddedView {
  override render() {
    const s = this.embeddedState.value;
    if (!s) return nothing;
    // A closed window, a time-out or a failure: say so and offer the login again (a new window, from this click).
    const failed = !s.busy && Boolean(s.error) && s.socialProvider;
    return html`<div class="center">
      ${s.socialProvider ? html`<mb-social-mark provider=${s.socialProvider}></mb-social-mark>` : nothing}
      ${s.busy ? html`<mb-spinner size="40"></mb-spinner>` : nothing}
      ${failed ? nothing : html`<mb-text role="status" align="center">${this.localize.texts.socialContinueInPopup(socialName(s.socialProvider))}</mb-text>`}
      ${this.errorLine()}
      ${failed ? html`<mb-button @click=${() => startSocialLogin(this, s.socialProvider!, this.localize.texts.socialPopupBlocked)}>${this.localize.texts.retry}</mb-button>` : nothing}
    </div>`;
  }
}

defineElement('mb-connecting-social-view', MbConnectingSocialView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-connecting-social-view': MbConnectingSocialView;
  }
}
