import { html, nothing } from 'lit';
import type { ConnectorInfo } from '../../core/types.js';
import type { WcWallet } from '../../api/directory-types.js';
import { defineElement } from '../../ui/define.js';
import { StoreController } from '../store-controller.js';
import { MbView, viewStyles, FirstFieldFocus } from '../view.js';
import { connectStyles } from './connect-view.styles.js';
import { safeImageUrl } from '../../core/safe-url.js';
import { openWallet, walletImageSrc } from './wallet-actions.js';
import '../../ui/list-item/list-item.js';
import '../../ui/skeleton/skeleton.js';
import '../../ui/icon/icon.js';
import '../../ui/button/button.js';
import '../../ui/text/text.js';
import '../../ui/input/input.js';

/**
 * Connect: the wallets found in the browser (EIP-6963 and the legacy injected provider, then the Wallet Standard's
 * Solana wallets, tagged 'Solana'; only those when the route asks for the solana namespace), recent wallets,
 * WalletConnect, the directory's featured and recommended wallets, and a way to all wallets.
 *
 * @tag mb-connect-view
 */
export class MbConnectView extends MbView {
  static override styles = [...viewStyles, connectStyles];
  protected readonly firstField = new FirstFieldFocus(this);
  private readonly connection = new StoreController(this, () => this.controllers?.connection);
  private readonly directory = new StoreController(this, () => this.controllers?.directory);
  private readonly route = new StoreController(this, () => this.controllers?.router);
  private emailError?: string;
  /** A failure that is no field's (a passkey's, the wallet not loading, the service's): a line of its own. */
  private lineError?: string;
  private emailBusy = false;
  private passkeyBusy = false;
  private emailValue = '';

  override connectedCallback(): void {
    super.connectedCallback();
    // Solana wallets (Wallet Standard) are discovered on the first Connect; their chunk stays out of the first click.
    void this.controllers?.solana?.load().catch(() => undefined);
    const directory = this.controllers?.directory;
    if (!directory || !this.controllers.options.enableWalletConnect) return;
    void directory.fetchInitial();
    // The first page of All Wallets: its count labels the item and the view opens filled.
    if (directory.getState().page === 0) void directory.fetchNextPage();
  }

  override render() {
    const connection = this.connection.value;
    const directory = this.directory.value;
    if (!connection || !directory) return nothing;
    const { options } = this.controllers;
    const onlySolana = this.route.value?.data.namespace === 'solana';
    const installed = options.enableInjected
      ? [...connection.connectors, ...(connection.solanaConnectors ?? [])].filter((c) => c.type !== 'WALLET_CONNECT' && (!onlySolana || c.namespace === 'solana'))
      : [];
    if (onlySolana) {
      return html`<ul aria-label=${this.localize.texts.wallets}>
        ${installed.map((connector) => this.installedItem(connector))}
      </ul>`;
    }
    const installedRdns = new Set(installed.map((c) => c.rdns).filter(Boolean));
    const shown = new Set<string>();
    const pick = (wallets: WcWallet[]) =>
      wallets.filter((wallet) => {
        if (shown.has(wallet.id) || (wallet.rdns && installedRdns.has(wallet.rdns))) return false;
        shown.add(wallet.id);
        return true;
      });
    const recent = pick(directory.recent);
    const suggested = options.enableWalletConnect ? pick([...directory.featured, ...directory.recommended]) : [];
    // Until the directory answers (or fails), placeholders stand where its wallets will be.
    const loadingSuggestions = options.enableWalletConnect && directory.featured.length + directory.recommended.length === 0 && !directory.error;
    const t = this.localize.texts;
    return html`${options.apiUrls.embeddedWallet
        ? html`<div class="stack">
            <mb-input
              type="email"
              autocomplete="email"
              label=${t.emailLabel}
              placeholder=${t.emailPlaceholder}
              error=${this.emailError ?? ''}
              @mb-input=${this.onEmailInput}
              @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && this.email()}
            ></mb-input>
            ${this.lineError ? html`<mb-text role="alert" variant="small" tone="error">${this.lineError}</mb-text>` : nothing}
            <mb-button full-width ?loading=${this.emailBusy} ?disabled=${this.passkeyBusy} @click=${this.email}>${t.continueWithEmail}</mb-button>
            <mb-button variant="secondary" full-width ?loading=${this.passkeyBusy} ?disabled=${this.emailBusy} @click=${this.passkey}>${t.continueWithPasskey}</mb-button>
            <mb-list-item label=${t.orSocial} chevron @click=${() => this.controllers.router.push('ConnectSocials')}><mb-icon slot="image" name="user" class="item-icon"></mb-icon></mb-list-item>
          </div>`
        : nothing}<ul aria-label=${this.localize.texts.wallets}>
      ${installed.map((connector) => this.installedItem(connector))}
      ${recent.map((wallet) => this.walletItem(wallet, this.localize.texts.recent))}
      ${options.enableWalletConnect
        ? html`<li>
            <mb-list-item label="WalletConnect" tag=${this.localize.texts.qrCode} @click=${() => this.controllers.router.push('ConnectingWalletConnectBasic')}>
              <mb-icon slot="image" name="qr" class="item-icon"></mb-icon>
            </mb-list-item>
          </li>`
        : nothing}
      ${suggested.map((wallet) => this.walletItem(wallet))}
      ${loadingSuggestions ? [0, 1, 2].map(() => html`<li><mb-skeleton class="item-skeleton"></mb-skeleton></li>`) : nothing}
      ${options.enableWalletConnect
        ? html`<li>
            <mb-list-item
              label=${this.localize.texts.allWallets}
              tag=${directory.count > 0 ? `${directory.count}+` : nothing}
              chevron
              @click=${() => this.controllers.router.push('AllWallets')}
            >
              <mb-icon slot="image" name="wallet" class="item-icon"></mb-icon>
            </mb-list-item>
          </li>`
        : nothing}
    </ul>`;
  }

  /** Typing a new address drops the last one's error. */
  private onEmailInput = (e: { value: string }) => {
    this.emailValue = e.value;
    if (!this.emailError) return;
    this.emailError = undefined;
    this.requestUpdate();
  };

  private async email() {
    if (this.emailBusy) return;
    // Busy at once, and the previous attempt's error gone while this one runs.
    this.emailBusy = true;
    this.emailError = this.lineError = undefined;
    this.requestUpdate();
    try {
      const embedded = await this.controllers.embedded.load();
      await embedded.connectEmail(this.emailValue);
      // Only a malformed e-mail is the field's error.
      const error = embedded.getState().error;
      if (error === this.localize.texts.invalidEmail) this.emailError = error;
      else this.lineError = error;
    } catch {
      this.lineError = this.localize.messages.emailLoginDependency;
    }
    this.emailBusy = false;
    this.requestUpdate();
  }

  /** A passkey of the wallet's origin (the ceremony runs in the frame); cancelled, nothing shows. */
  private async passkey() {
    if (this.passkeyBusy || this.emailBusy) return;
    this.passkeyBusy = true;
    this.emailError = this.lineError = undefined;
    this.requestUpdate();
    try {
      const embedded = await this.controllers.embedded.load();
      await embedded.connectPasskey();
      this.lineError = embedded.getState().error;
    } catch {
      this.lineError = this.localize.messages.emailLoginDependency;
    }
    this.passkeyBusy = false;
    this.requestUpdate();
  }

  private walletItem(wallet: WcWallet, tag?: string) {
    return html`<li>
      <mb-list-item
        label=${wallet.name}
        image-src=${walletImageSrc(this.controllers, wallet) ?? nothing}
        tag=${tag ?? nothing}
        @click=${() => openWallet(this.controllers, wallet)}
      ></mb-list-item>
    </li>`;
  }

  private installedItem(connector: ConnectorInfo) {
    return html`<li>
      <mb-list-item
        label=${connector.name}
        image-src=${safeImageUrl(connector.icon) ?? nothing}
        tag=${connector.namespace === 'solana' ? 'Solana' : this.localize.texts.installed}
        @click=${() => this.connectInstalled(connector)}
      ></mb-list-item>
    </li>`;
  }

  private connectInstalled(connector: ConnectorInfo) {
    this.controllers.router.push('ConnectingExternal', { connectorId: connector.id });
    void this.controllers.connection.connect(connector.id);
  }
}

defineElement('mb-connect-view', MbConnectView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-connect-view': MbConnectView;
  }
}
