import { FirstFieldFocus } from '../view.js';
import { html, nothing } from 'lit';
import { defineElement } from '../../ui/define.js';
import { MbEmbeddedView } from './embedded-view.js';
import '../../ui/input/input.js';
import '../../ui/button/button.js';

/**
 * UpdateEmailWallet: a new e-mail for the embedded wallet, confirmed with a code sent to each address.
 *
 * @tag mb-update-email-wallet-view
 */
export class MbUpdateEmailWalletView extends MbEmbeddedView {
  protected readonly firstField = new FirstFieldFocus(this, { touch: true });
  private email = '';
  private otpCurrent = '';
  private otpNew = '';

  override render() {
    const s = this.embeddedState.value;
    if (!s) return nothing;
    const t = this.localize.texts;
    if (!s.pendingEmail) {
      return html`<div class="stack">
        <mb-text>${t.embeddedAccount} ${s.user?.email ?? ''}</mb-text>
        <mb-text variant="small" tone="muted" aria-hidden="true">${t.newEmailLabel}</mb-text>
        <mb-input
          type="email"
          autocomplete="email"
          label=${t.newEmailLabel}
          placeholder=${t.emailPlaceholder}
          error=${s.error ?? ''}
          @mb-input=${(e: { value: string }) => (this.email = e.value)}
        ></mb-input>
        <mb-button full-width ?loading=${s.busy} @click=${() => this.embedded.updateEmail(this.email)}>${t.continueWithEmail}</mb-button>
      </div>`;
    }
    return html`<div class="stack">
      <mb-text variant="small" tone="muted" aria-hidden="true">${t.codeCurrentEmail(s.user?.email ?? '')}</mb-text>
      <mb-input label=${t.codeCurrentEmail(s.user?.email ?? '')} placeholder="000000" inputmode="numeric" autocomplete="one-time-code" @mb-input=${(e: { value: string }) => (this.otpCurrent = e.value)}></mb-input>
      <mb-text variant="small" tone="muted" aria-hidden="true">${t.codeNewEmail(s.pendingEmail)}</mb-text>
      <mb-input label=${t.codeNewEmail(s.pendingEmail)} placeholder="000000" inputmode="numeric" autocomplete="one-time-code" @mb-input=${(e: { value: string }) => (this.otpNew = e.value)}></mb-input>
      ${this.errorLine()}
      <mb-button full-width ?loading=${s.busy} @click=${() => this.embedded.verifyUpdateEmail(this.otpCurrent, this.otpNew)}>${t.confirm}</mb-button>
    </div>`;
  }
}

defineElement('mb-update-email-wallet-view', MbUpdateEmailWalletView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-update-email-wallet-view': MbUpdateEmailWalletView;
  }
}
