import { html, nothing } from 'lit';
import type { WcWallet } from '../../api/directory-types.js';
import { defineElement } from '../../ui/define.js';
import { StoreController } from '../store-controller.js';
import { MbView, viewStyles } from '../view.js';
import { connectingWcStyles } from './connecting-wc-view.styles.js';
import { appDeepLink, walletDeepLink } from '../../core/deep-link.js';

/** How often the view checks whether the shown pairing URI expired. */
export const PAIRING_CHECK_MS = 1000;
import '../../ui/qr-code/qr-code.js';
import '../../ui/button/button.js';
import '../../ui/skeleton/skeleton.js';
import '../../ui/text/text.js';
import '../../ui/icon/icon.js';

/**
 * ConnectingWalletConnectBasic: starts a WalletConnect pairing (the provider loads lazily in the controller) and
 * shows its URI as a QR code with a copy-link button; on a phone, links that open the wallet apps with the URI.
 *
 * @tag mb-connecting-wc-view
 */
export class MbConnectingWcView extends MbView {
  static override styles = [...viewStyles, connectingWcStyles];

  private readonly walletConnect = new StoreController(this, () => this.controllers?.walletConnect);
  private readonly router = new StoreController(this, () => this.controllers?.router);
  private readonly directory = new StoreController(this, () => this.controllers?.directory);

  private expiryTimer?: ReturnType<typeof setInterval>;

  override connectedCallback(): void {
    super.connectedCallback();
    this.startPairing();
    // A pairing URI lives 4 minutes: replace it before a phone scans a dead code.
    this.expiryTimer = setInterval(() => this.startPairing(), PAIRING_CHECK_MS);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.expiryTimer);
  }

  private startPairing() {
    const walletConnect = this.controllers?.walletConnect;
    if (!walletConnect) return;
    const { status } = walletConnect.getState();
    if (status === 'idle' || status === 'error' || (status === 'ready' && walletConnect.isPairingExpired())) {
      void walletConnect.connect();
    }
  }

  override render() {
    const state = this.walletConnect.value;
    const router = this.router.value;
    if (!state || !router) return nothing;
    const wallet = router.data.wallet;
    const uri = state.status === 'ready' ? state.uri : undefined;
    if (state.status === 'error') {
      return html`<div class="center">
        <mb-text role="alert" tone="error" align="center">${state.error ?? this.localize.texts.pairingExpired}</mb-text>
        <mb-button variant="secondary" @click=${() => this.controllers.walletConnect.connect()}>
          <mb-icon slot="icon" name="refresh"></mb-icon>${this.localize.texts.retry}
        </mb-button>
      </div>`;
    }
    return html`<div class="stack">
      ${uri
        ? html`<mb-qr-code value=${uri} label=${this.localize.texts.walletConnectQr}></mb-qr-code>`
        : html`<mb-skeleton class="qr-skeleton"></mb-skeleton>
            <mb-text role="status" variant="small" tone="muted" align="center">${this.localize.texts.pairingLoading}</mb-text>`}
      ${uri ? html`<mb-text variant="small" tone="muted" align="center">${this.localize.texts.scanWithPhone}</mb-text>` : nothing}
      ${uri ? this.renderLinks(uri, wallet) : nothing}
      <mb-button variant="secondary" full-width ?disabled=${!uri} @click=${() => this.copy(uri)}>
        <mb-icon slot="icon" name="copy"></mb-icon>${this.localize.texts.copyLink}
      </mb-button>
    </div>`;
  }

  private renderLinks(uri: string, wallet?: WcWallet) {
    const { isMobile } = this.controllers;
    // Every link passes the URL gate in walletDeepLink; a rejected one shows no button.
    if (wallet) {
      const href = appDeepLink(wallet, isMobile, uri);
      return href ? html`<a class="deep-link" href=${href} rel="noopener">${this.localize.texts.openWallet(wallet.name)}</a>` : nothing;
    }
    if (!isMobile) return nothing;
    const directory = this.directory.value;
    const apps = [...(directory?.featured ?? []), ...(directory?.recommended ?? [])]
      .flatMap((app) => {
        const href = walletDeepLink(app.mobile_link, uri);
        return href ? [{ name: app.name, href }] : [];
      })
      .slice(0, 4);
    return html`${apps.map((app) => html`<a class="deep-link secondary" href=${app.href} rel="noopener">${this.localize.texts.openWallet(app.name)}</a>`)}`;
  }

  private async copy(uri: string | undefined) {
    if (!uri) return;
    try {
      await navigator.clipboard.writeText(uri);
      this.controllers.toasts.show('success', this.localize.texts.linkCopied);
    } catch {
      this.controllers.toasts.show('error', this.localize.texts.copyFailed);
    }
  }
}

defineElement('mb-connecting-wc-view', MbConnectingWcView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-connecting-wc-view': MbConnectingWcView;
  }
}
