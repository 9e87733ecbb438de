import { FirstFieldFocus } from '../view.js';
import { html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import { defineElement } from '../../ui/define.js';
import { MbEmbeddedView } from './embedded-view.js';
import '../../ui/input/input.js';
import '../../ui/button/button.js';

/**
 * EmailVerifyOtp: the 6-digit code mailed to the visitor; a new code no sooner than 30 s after the last one.
 *
 * @tag mb-email-verify-otp-view
 */
export class MbEmailVerifyOtpView extends MbEmbeddedView {
  @state() private now = Date.now();
  private code = '';
  private ticker?: ReturnType<typeof setInterval>;
  /** The code field takes focus when the view opens: the code is what the visitor came here to type. */
  protected readonly firstField = new FirstFieldFocus(this, { touch: true });

  override connectedCallback(): void {
    super.connectedCallback();
    this.ticker = setInterval(() => (this.now = Date.now()), 1000);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.ticker);
  }

  override render() {
    const s = this.embeddedState.value;
    if (!s) return nothing;
    const t = this.localize.texts;
    const left = Math.ceil(((s.resendAvailableAt ?? 0) - this.now) / 1000);
    return html`<div class="stack">
      <mb-text align="center">${t.otpSentTo(s.email ?? '')}</mb-text>
      <mb-input
        label=${t.otpLabel}
        placeholder="000000"
        inputmode="numeric"
        autocomplete="one-time-code"
        error=${s.error ?? ''}
        @mb-input=${(e: { value: string }) => this.onCode(e.value)}
        @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && this.submit()}
      ></mb-input>
      <mb-button full-width ?loading=${s.busy} @click=${this.submit}>${t.continueWithEmail}</mb-button>
      <mb-button variant="ghost" full-width ?disabled=${s.busy} @click=${() => this.embedded.resendCode()}>${left > 0 ? t.resendIn(left) : t.resendCode}</mb-button>
    </div>`;
  }

  private onCode(value: string) {
    this.code = value;
    // The next code is the retry: the last one's error goes as it is typed.
    this.embedded.clearError();
    // A complete code submits itself (as when pasted from the mail).
    if (/^\d{6}$/.test(value.trim()) && !this.embeddedState.value?.busy) void this.submit();
  }

  private submit() {
    return this.embedded.verifyOtp(this.code);
  }
}

defineElement('mb-email-verify-otp-view', MbEmailVerifyOtpView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-email-verify-otp-view': MbEmailVerifyOtpView;
  }
}
