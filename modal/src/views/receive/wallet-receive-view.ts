import { html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import { defineElement } from '../../ui/define.js';
import { StoreController } from '../store-controller.js';
import { MbView, viewStyles } from '../view.js';
import { walletReceiveStyles } from './wallet-receive-view.styles.js';
import '../../ui/qr-code/qr-code.js';
import '../../ui/button/button.js';
import '../../ui/icon/icon.js';
import '../../ui/text/text.js';

/**
 * WalletReceive: the connected address as a QR code and as text, a copy button that confirms the copy, and the
 * networks it can receive on.
 *
 * @tag mb-wallet-receive-view
 */
export class MbWalletReceiveView extends MbView {
  static override styles = [...viewStyles, walletReceiveStyles];

  private readonly account = new StoreController(this, () => this.controllers?.account);
  private readonly networks = new StoreController(this, () => this.controllers?.networks);
  @state() private copied = false;

  override render() {
    const account = this.account.value;
    const networks = this.networks.value;
    if (!account || !networks) return nothing;
    const namespace = networks.activeNamespace;
    const address = account.byNamespace[namespace]?.address ?? '';
    const t = this.localize.texts;
    const receivable = this.controllers.options.networks.filter((n) => n.chainNamespace === namespace);
    return html`<div class="center">
        <mb-qr-code value=${address} label=${`${t.qrCode}: ${address}`}></mb-qr-code>
        <mb-text tone="muted" align="center">${t.receiveHint}</mb-text>
        <div class="address">${address}</div>
        <mb-button variant="secondary" @click=${() => this.copy(address)}>
          <mb-icon slot="icon" name=${this.copied ? 'check' : 'copy'}></mb-icon>${this.copied ? t.addressCopied : t.copyAddress}
        </mb-button>
      </div>
      <h3 id="receive-networks">${t.receiveNetworks}</h3>
      <ul class="networks" aria-labelledby="receive-networks">
        ${receivable.map((n) => html`<li><mb-icon name="network"></mb-icon><span>${n.name}</span></li>`)}
      </ul>`;
  }

  private async copy(address: string) {
    try {
      await navigator.clipboard.writeText(address);
      this.copied = true;
      this.controllers.toasts.show('success', this.localize.texts.addressCopied);
    } catch {
      this.controllers.toasts.show('error', this.localize.texts.copyFailed);
    }
  }
}

defineElement('mb-wallet-receive-view', MbWalletReceiveView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-wallet-receive-view': MbWalletReceiveView;
  }
}
