import { css, html, nothing } from 'lit';
import { defineElement } from '../../ui/define.js';
import { formatBalance, shortenAddress } from '../../core/format.js';
import { StoreController } from '../../elements/store-controller.js';
import { MbView, viewStyles } from '../view.js';
import { safeImageUrl } from '../../core/safe-url.js';
import '../../ui/wallet-image/wallet-image.js';
import '../../ui/button/button.js';
import '../../ui/list-item/list-item.js';
import '../../ui/skeleton/skeleton.js';
import '../../ui/text/text.js';
import '../../ui/icon/icon.js';

/**
 * Account: the avatar (or the wallet's icon), the name when known, the shortened address with a copy button,
 * the native balance with 3 decimals, the active network (opens Networks) and Disconnect.
 *
 * @tag mb-account-view
 */
export class MbAccountView extends MbView {
  static override styles = [
    ...viewStyles,
    css`
      .avatar {
        --mb-image-size: 72px;
      }
      .address {
        display: flex;
        align-items: center;
        gap: 4px;
        font-weight: 650;
        font-size: 1.1em;
      }
      .balance {
        font-variant-numeric: tabular-nums;
      }
      .balance-skeleton {
        width: 120px;
        --mb-skeleton-height: 20px;
      }
    `,
  ];

  private readonly account = new StoreController(this, () => this.controllers?.account);
  private readonly networks = new StoreController(this, () => this.controllers?.networks);

  override connectedCallback(): void {
    super.connectedCallback();
    void this.controllers?.account.fetchBalance();
    void this.controllers?.account.fetchIdentity();
  }

  override render() {
    const account = this.account.value;
    const networks = this.networks.value;
    if (!account || !networks) return nothing;
    const chain = account.byNamespace[networks.activeNamespace];
    const address = chain?.address ?? '';
    const name = chain?.profileName ?? undefined;
    const avatar = safeImageUrl(chain?.profileImage) ?? safeImageUrl(chain?.connectedWalletInfo?.icon);
    const network = networks.activeNetwork;
    return html`<div class="center">
        <mb-wallet-image class="avatar" shape="circle" src=${avatar ?? nothing} name=${name ?? address.slice(2, 4)}></mb-wallet-image>
        ${name ? html`<mb-text variant="title" align="center">${name}</mb-text>` : nothing}
        <div class="address">
          <span title=${address}>${shortenAddress(address)}</span>
          <mb-button variant="ghost" size="sm" icon-only label=${this.texts.copyAddress} @click=${() => this.copy(address)}>
            <mb-icon name="copy"></mb-icon>
          </mb-button>
        </div>
        <div class="balance" aria-label=${this.texts.balance} aria-busy=${chain?.balanceLoading ? 'true' : 'false'}>
          ${chain?.balance !== undefined && !(chain.balanceLoading && chain.balance === undefined)
            ? html`<mb-text tone="muted">${formatBalance(chain.balance)} ${chain.balanceSymbol ?? network.nativeCurrency.symbol}</mb-text>`
            : html`<mb-skeleton class="balance-skeleton"></mb-skeleton>`}
        </div>
      </div>
      <div class="stack">
        <mb-list-item
          label=${network.name}
          tag=${networks.isUnsupported ? this.texts.unsupported : this.texts.network}
          chevron
          @click=${() => this.controllers.router.push('Networks')}
        >
          <mb-icon slot="image" name="network"></mb-icon>
        </mb-list-item>
        <mb-button variant="secondary" full-width @click=${this.disconnect}>
          <mb-icon slot="icon" name="disconnect"></mb-icon>${this.texts.disconnect}
        </mb-button>
      </div>`;
  }

  private async copy(address: string) {
    try {
      await navigator.clipboard.writeText(address);
      this.controllers.toasts.show('success', this.texts.addressCopied);
    } catch {
      this.controllers.toasts.show('error', this.texts.copyFailed);
    }
  }

  private disconnect = async () => {
    try {
      await this.controllers.connection.disconnect();
    } catch (error) {
      this.controllers.toasts.show('error', error instanceof Error ? error.message : String(error));
    }
  };
}

defineElement('mb-account-view', MbAccountView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-account-view': MbAccountView;
  }
}
