import { html, nothing } from 'lit';
import { defineElement } from '../../ui/define.js';
import { viewStyles } from '../view.js';
import { MbEmbeddedView } from './embedded-view.js';
import { emailVerifyDeviceStyles } from './email-verify-device-view.styles.js';
import '../../ui/spinner/spinner.js';
import '../../ui/icon/icon.js';

/**
 * EmailVerifyDevice: a known e-mail on a new browser profile; waits until the device is approved from the mailed
 * link, then moves on to the code.
 *
 * @tag mb-email-verify-device-view
 */
export class MbEmailVerifyDeviceView extends MbEmbeddedView {
  static override styles = [...viewStyles, emailVerifyDeviceStyles];

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.controllers) void this.embedded.awaitDevice();
  }

  override disconnectedCallback(): void {
    if (this.controllers) this.embedded.cancel();
    super.disconnectedCallback();
  }

  override render() {
    const s = this.embeddedState.value;
    if (!s) return nothing;
    return html`<div class="center">
      <mb-text align="center">${this.localize.texts.deviceApprovalSent(s.email ?? '')}</mb-text>
      <div role="status" class="waiting"><mb-spinner size="20"></mb-spinner><mb-text tone="muted">${this.localize.texts.waitingForApproval}</mb-text></div>
      ${this.errorLine()}
    </div>`;
  }
}

defineElement('mb-email-verify-device-view', MbEmailVerifyDeviceView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-email-verify-device-view': MbEmailVerifyDeviceView;
  }
}
