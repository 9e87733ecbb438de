import { html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import type { SiwxController } from '../../core/types.js';
import { shortenAddress } from '../../core/format.js';
import { defineElement } from '../../ui/define.js';
import { MbView, viewStyles } from '../view.js';
import { siwxSignMessageStyles } from './siwx-sign-message-view.styles.js';
import { isPresentable } from '../../core/logger.js';
import '../../ui/button/button.js';
import '../../ui/text/text.js';
import '../../ui/icon/icon.js';

/**
 * SIWXSignMessage: asks the connected wallet to sign the sign-in message. Sign shows progress, closes on success,
 * shows a failure here (the view stays; the wallet's reason when short and plain); Cancel disconnects when sign-in is
 * required, otherwise closes.
 * The SIWX controller is a chunk of its own, loaded by the core on connect; this view only asks for it.
 *
 * @tag mb-siwx-sign-message-view
 */
export class MbSiwxSignMessageView extends MbView {
  static override styles = [...viewStyles, siwxSignMessageStyles];

  @state() private siwx?: SiwxController;
  @state() private signing = false;
  @state() private failure?: string;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.controllers?.siwx?.().then((siwx) => {
      this.siwx = siwx;
      this.failure = siwx.takeNotice();
    });
  }

  private async sign() {
    if (!this.siwx || this.signing) return;
    this.signing = true;
    this.failure = undefined;
    const outcome = await this.siwx.sign();
    this.signing = false;
    if (outcome.status === 'failed') this.failure = outcome.reason;
  }

  override render() {
    if (!this.controllers) return nothing;
    const texts = this.localize.texts;
    // The account that signs in: the active namespace's (a Solana account signs in while Solana is active).
    const { account, networks } = this.controllers;
    const address = account.getState().byNamespace[networks.getState().activeNetwork.chainNamespace].address;
    const appName = this.controllers.options.metadata.name;
    return html`<div class="center">
        <div class="mark" aria-hidden="true"><mb-icon name="wallet"></mb-icon></div>
        <mb-text align="center">${texts.siwxRequest(appName)}</mb-text>
        ${address ? html`<div class="account" title=${address}>${shortenAddress(address)}</div>` : nothing}
        <mb-text tone="muted" align="center" variant="small">${texts.siwxExplanation}</mb-text>
      </div>
      ${this.failure
        ? html`<div role="alert"><mb-text tone="error" align="center">${texts.siwxFailed}</mb-text>
            ${isPresentable(this.failure) ? html`<mb-text class="error" tone="muted" align="center" variant="small">${this.failure}</mb-text>` : nothing}</div>`
        : nothing}
      <div class="row">
        <mb-button variant="secondary" ?disabled=${!this.siwx} @click=${() => this.siwx?.cancel()}>${texts.cancel}</mb-button>
        <mb-button ?disabled=${!this.siwx} ?loading=${this.signing} @click=${() => this.sign()}>${this.signing ? texts.siwxSigning : texts.siwxSign}</mb-button>
      </div>`;
  }
}

defineElement('mb-siwx-sign-message-view', MbSiwxSignMessageView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-siwx-sign-message-view': MbSiwxSignMessageView;
  }
}
