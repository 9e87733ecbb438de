import { html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import { defineElement } from '../../ui/define.js';
import { StoreController } from '../store-controller.js';
import { MbView, viewStyles } from '../view.js';
import { walletReceiveStyles } from './wallet-receive-view.styles.js';
import { addressGroups } from './address-groups.js';
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
        ${this.renderAddress(address)}
        <mb-button variant="secondary" @click=${() => this.copy(address)}>
          <mb-icon slot="icon" name=${this.copied ? 'check' : 'copy'}></mb-icon>${this.copied ? t.addressCopied : t.copyAddress}
        </mb-button>
      </div>
      <h3 id="receive-networks">${t.receiveNetworks}</h3>
      <ul class="networks" aria-labelledby="receive-networks">
        ${receivable.map((n) => html`<li><mb-icon name="network"></mb-icon><span>${n.name}</span></li>`)}
      </ul>`;
  }

  /**
   * The address in balanced groups of 4 (monospace, rows of equal length) for the eye; for assistive technology and
   * for a copy of the selection it is one piece: the groups are hidden from the accessibility tree behind the whole
   * address, a click selects all of it, and a copy writes the address without the gaps.
   */
  private renderAddress(address: string) {
    const { groups, columns } = addressGroups(address);
    const onCopy = (event: ClipboardEvent) => {
      if (!event.clipboardData) return;
      event.preventDefault();
      event.clipboardData.setData('text/plain', address);
    };
    return html`<div class="address" @copy=${onCopy}>
      <span class="visually-hidden">${address}</span>
      <span class=${`groups cols-${columns}`} aria-hidden="true">${groups.map((group) => html`<span>${group}</span>`)}</span>
    </div>`;
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
