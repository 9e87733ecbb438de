import { html, nothing } from 'lit';
import { safeLinkUrl } from '../../core/safe-url.js';
import { defineElement } from '../../ui/define.js';
import { MbEmbeddedView } from './embedded-view.js';
import '../../ui/qr-code/qr-code.js';
import '../../ui/skeleton/skeleton.js';
import '../../ui/button/button.js';

/**
 * ConnectingFarcaster: the QR code of Farcaster's approval page (local: api-mocks' page), and its link.
 *
 * @tag mb-connecting-farcaster-view
 */
export class MbConnectingFarcasterView extends MbEmbeddedView {
  override connectedCallback(): void {
    super.connectedCallback();
    if (this.controllers) void this.embedded.connectFarcaster();
  }

  override disconnectedCallback(): void {
    if (this.controllers) this.embedded.cancel();
    super.disconnectedCallback();
  }

  override render() {
    const s = this.embeddedState.value;
    if (!s) return nothing;
    const url = safeLinkUrl(s.farcasterUrl);
    return html`<div class="center">
      ${url ? html`<mb-qr-code value=${url} label=${this.localize.texts.farcasterQr}></mb-qr-code>` : html`<mb-skeleton></mb-skeleton>`}
      <mb-text variant="small" tone="muted" align="center">${this.localize.texts.farcasterScan}</mb-text>
      ${url ? html`<a href=${url} target="_blank" rel="noopener">${this.localize.texts.farcasterOpen}</a>` : nothing}
      ${this.errorLine()}
      ${!s.busy && s.error ? html`<mb-button @click=${() => void this.embedded.connectFarcaster()}>${this.localize.texts.retry}</mb-button>` : nothing}
    </div>`;
  }
}

defineElement('mb-connecting-farcaster-view', MbConnectingFarcasterView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-connecting-farcaster-view': MbConnectingFarcasterView;
  }
}
