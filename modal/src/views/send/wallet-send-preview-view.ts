import { html, nothing } from 'lit';
import { defineElement } from '../../ui/define.js';
import { safeImageUrl } from '../../core/safe-url.js';
import { FeatureController, StoreController } from '../store-controller.js';
import { MbView, viewStyles } from '../view.js';
import { log } from '../../core/logger.js';
import { sendStyles } from './send.styles.js';
import { namedReceiver } from './receiver.js';
import '../../ui/button/button.js';
import '../../ui/wallet-image/wallet-image.js';
import '../../ui/token-image/token-image.js';
import '../../ui/text/text.js';

/** A lamport is 10^-9 SOL. */
const LAMPORT_DECIMALS = 9;

/**
 * WalletSendPreview: what is sent, to whom (the whole address first, then the name that stands for it) and the network fee; Send asks the wallet. A rejection in the wallet
 * keeps the form as it was, with no toast; a line under the summary says the wallet declined.
 *
 * @tag mb-wallet-send-preview-view
 */
export class MbWalletSendPreviewView extends MbView {
  static override styles = [...viewStyles, sendStyles];

  private readonly form = new StoreController(this, () => this.controllers?.send);
  // On Solana the transfer is built once to learn whether it creates the receiver's token account (its rent shows).
  private readonly flow = new FeatureController(this, (c) => c.hub, { store: (hub) => hub.sendFlow, connected: (hub) => void hub.sendFlow.prepare() });

  override render() {
    const form = this.form.value;
    const flow = this.flow.value;
    if (!form || !flow) return nothing;
    const t = this.localize.texts;
    const token = form.token;
    if (!token || !form.receiverAddress) {
      return html`<mb-text tone="muted" align="center">${t.selectToken}</mb-text>
        <mb-button variant="secondary" full-width @click=${() => this.controllers.router.back()}>${t.back}</mb-button>`;
    }
    const hub = this.flow.current!;
    const value = hub.sendFlow.amount();
    const amount = value === undefined ? (form.sendTokenAmount ?? '0') : this.localize.amount(value, token.decimals);
    const amountUsd = hub.sendFlow.amountUsd();
    const avatar = safeImageUrl(form.receiverProfileImageUrl);
    return html`<div class="summary">
        <div>
          <span class="label">${t.youSend}</span>
          <mb-token-image src=${this.controllers.directory.tokenImage(token) ?? nothing} name=${token.symbol}></mb-token-image>
        </div>
        <div>
          <span class="big">${amount} ${token.symbol}</span>
          ${amountUsd !== undefined ? html`<span class="hint">${this.localize.usd(amountUsd)}</span>` : nothing}
        </div>
      </div>
      <div class="summary">
        <div class="to">
          <span class="label">${t.to}</span>
          ${form.receiverProfileName
            ? namedReceiver({ name: form.receiverProfileName, address: form.receiverAddress, avatar, addressFirst: true })
            : html`<span class="receiver-address" dir="ltr" translate="no">${form.receiverAddress}</span>`}
        </div>
        ${form.gasPriceInUSD !== undefined
          ? html`<div><span class="label">${t.networkFee}</span><span>${this.localize.usd(form.gasPriceInUSD)}</span></div>`
          : nothing}
        ${flow.solanaFeeLamports !== undefined
          ? html`<div><span class="label">${t.networkFee}</span><span>${this.localize.amount(flow.solanaFeeLamports, LAMPORT_DECIMALS)} SOL</span></div>`
          : nothing}
        ${flow.solanaRent ? html`<div><span class="label">${t.tokenAccountRent}</span><span>${flow.solanaRent} SOL</span></div>` : nothing}
      </div>
      ${form.loading || form.declined
        ? html`<mb-text tone="muted" align="center" role="status">${form.loading ? t.approveInWallet : this.localize.messages.requestRejected}</mb-text>`
        : nothing}
      <div class="row">
        <mb-button variant="secondary" ?disabled=${form.loading} @click=${() => this.controllers.router.back()}>${t.cancel}</mb-button>
        <mb-button class="confirm" ?loading=${form.loading} ?disabled=${form.loading} @click=${this.send}>${t.send}</mb-button>
      </div>`;
  }

  private send = async () => {
    // The form as it stands: its amount was parsed once, when typed.
    await this.flow.current!.sendFlow.confirm().catch((error: unknown) => log('warn', 'Send not possible', error));
  };
}

defineElement('mb-wallet-send-preview-view', MbWalletSendPreviewView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-wallet-send-preview-view': MbWalletSendPreviewView;
  }
}
