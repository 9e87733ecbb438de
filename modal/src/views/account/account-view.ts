import { html, nothing } from 'lit';
import type { Balance } from '../../api/blockchain-types.js';
import type { ViewName } from '../../core/types.js';
import { defineElement } from '../../ui/define.js';
import { shortenAddress } from '../../core/format.js';
import { safeImageUrl } from '../../core/safe-url.js';
import { FeatureController, StoreController } from '../store-controller.js';
import { totalUsd } from '../../controllers/portfolio.js';
import { MbView, viewStyles } from '../view.js';
import { accountStyles } from './account-view.styles.js';
import { actionIcons } from './action-icons.js';
import { log } from '../../core/log.js';
import '../../ui/avatar/avatar.js';
import '../../ui/token-image/token-image.js';
import '../../ui/button/button.js';
import '../../ui/list-item/list-item.js';
import '../../ui/skeleton/skeleton.js';
import '../../ui/text/text.js';
import '../../ui/icon/icon.js';

/**
 * Account, the hub: avatar (the profile image, else a gradient from the address), name, the shortened address with a copy button, the native
 * balance with 3 decimals and the total in USD; Send, Receive, Swap, Buy and Activity as the features and the
 * network allow; the active network (opens Networks) and Disconnect; last, the token list, whose length is known only
 * once it has loaded (so its growth moves nothing a visitor may be about to click).
 *
 * @tag mb-account-view
 */
export class MbAccountView extends MbView {
  static override styles = [...viewStyles, accountStyles];

  private readonly account = new StoreController(this, () => this.controllers?.account);
  private readonly networks = new StoreController(this, () => this.controllers?.networks);
  private readonly portfolio = new FeatureController(this, (c) => c.hub, { store: (hub) => hub.portfolio, connected: (hub) => void hub.portfolio.fetch() });
  private readonly pending = new FeatureController(this, (c) => c.pendingTransactions, {
    store: (counter) => counter,
    when: (c) => Boolean(c.options.features.pendingTransactions),
  });

  private actionsObserver?: ResizeObserver;
  private observedActions?: Element;

  override updated(): void {
    const row = this.renderRoot.querySelector<HTMLElement>('.actions') ?? undefined;
    if (row === this.observedActions) {
      void this.fitActions();
      return;
    }
    this.actionsObserver?.disconnect();
    this.observedActions = row;
    if (!row) return;
    // Measured in the next frame: switching the layout inside the observer's callback would resize what it observes.
    this.actionsObserver ??= new ResizeObserver(() => requestAnimationFrame(() => void this.fitActions()));
    this.actionsObserver.observe(row);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.actionsObserver?.disconnect();
    this.observedActions = undefined;
  }

  /**
   * One row of actions when every label fits its tile; else a grid of 3 (of 2 for four actions), which never leaves
   * one alone on a row. Measured, because a label's width depends on the language and the user's fonts.
   */
  private async fitActions() {
    const row = this.observedActions as HTMLElement | undefined;
    if (!row) return;
    const tiles = [...row.querySelectorAll<HTMLElement & { updateComplete?: Promise<unknown> }>('mb-button')];
    await Promise.all(tiles.map((tile) => tile.updateComplete));
    row.classList.remove('grid');
    const cut = tiles.some((tile) => {
      const base = tile.shadowRoot?.querySelector('button');
      return base !== null && base !== undefined && base.scrollWidth > base.clientWidth;
    });
    row.classList.toggle('grid', cut && tiles.length > 2);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.controllers) return;
    void this.controllers.account.fetchBalance();
    void this.controllers.account.fetchIdentity();
  }

  /** The hub's buttons the options and the active network allow. */
  private actions(): { label: string; view: ViewName }[] {
    const { features } = this.controllers.options;
    const networks = this.networks.value!;
    const evm = networks.activeNetwork.chainNamespace === 'eip155';
    const usable = evm && !networks.isUnsupported;
    // Solana: Send (SOL and SPL tokens) and Activity; swaps and purchases are EVM only.
    const solana = networks.activeNetwork.chainNamespace === 'solana';
    const t = this.localize.texts;
    const candidates: [boolean, string, string][] = [
      [features.send && (usable || solana), t.send, 'WalletSend'],
      [features.receive, t.receive, 'WalletReceive'],
      [features.swaps && usable, t.swap, 'Swap'],
      [features.onramp && usable, t.buy, 'OnRampProviders'],
      [evm || solana, t.activity, 'Transactions'],
    ];
    return candidates.filter(([shown]) => shown).map(([, label, view]) => ({ label, view: view as ViewName }));
  }

  override render() {
    const account = this.account.value;
    const networks = this.networks.value;
    // The portfolio's chunk may still be loading: the view keeps the loaded one's shape meanwhile (no jump under a click).
    const portfolio = this.portfolio.value ?? { balances: [], loading: true, source: undefined, failed: false };
    if (!account || !networks) return nothing;
    const chain = account.byNamespace[networks.activeNamespace];
    const address = chain?.address ?? '';
    const name = chain?.profileName ?? undefined;
    const avatar = safeImageUrl(chain?.profileImage);
    const network = networks.activeNetwork;
    const tokens = portfolio.balances;
    // A network (or balance service) that cannot be reached says so, with a retry, instead of '0' and no tokens.
    const failed = chain?.balanceError ?? (portfolio.failed ? 'failed' : undefined);
    const failure = failed === 'unreachable' ? this.localize.messages.networkUnreachable : failed ? this.localize.messages.tokenBalanceUnavailable : undefined;
    return html`<div class="center">
        <mb-avatar class="avatar" address=${address} src=${avatar ?? nothing}></mb-avatar>
        ${name
          ? html`<mb-text variant="title" align="center">${name}</mb-text>`
          : chain?.user && this.controllers.connection.getState().connectorId === 'auth'
            ? html`<mb-button variant="ghost" size="sm" @click=${() => this.controllers.router.push('RegisterAccountName')}>${this.localize.texts.chooseName}</mb-button>`
            : nothing}
        <div class="address">
          <span title=${address}>${shortenAddress(address)}</span>
          <mb-button variant="ghost" size="sm" icon-only label=${this.localize.texts.copyAddress} @click=${() => this.copy(address)}>
            <mb-icon name="copy"></mb-icon>
          </mb-button>
        </div>
        <div class="balance" role="group" aria-label=${this.localize.texts.balance} aria-busy=${chain?.balanceLoading ? 'true' : 'false'}>
          ${chain?.balance !== undefined
            ? html`<mb-text tone="muted"><bdi>${this.localize.tokenAmount(chain.balance)} ${chain.balanceSymbol ?? network.nativeCurrency.symbol}</bdi></mb-text>`
            : failure
              ? nothing
              : html`<mb-text tone="muted" aria-hidden="true"><mb-skeleton class="balance-skeleton"></mb-skeleton></mb-text>`}
          ${tokens.length > 0
            ? html`<span class="total" aria-label=${this.localize.texts.totalBalance}>${this.localize.usd(totalUsd(tokens))}</span>`
            : portfolio.loading && !failure
              ? html`<span class="total placeholder" aria-hidden="true"><mb-skeleton></mb-skeleton></span>`
              : nothing}
        </div>
        ${failure
          ? html`<div class="stack" role="alert">
              <mb-text tone="error" align="center" variant="small">${failure}</mb-text>
              <mb-button variant="secondary" size="sm" ?loading=${chain?.balanceLoading || portfolio.loading} @click=${this.retryBalances}>${this.localize.texts.retry}</mb-button>
            </div>`
          : nothing}
        ${this.pending.value?.count ? html`<mb-text class="pending" variant="small" role="status">${this.localize.texts.pendingTransactions(this.pending.value.count)}</mb-text>` : nothing}
      </div>
      <div class="actions" data-count=${this.actions().length}>
        ${this.actions().map(
          (action) =>
            html`<mb-button variant="secondary" size="sm" @click=${() => this.controllers.router.push(action.view)}
              ><svg slot="icon" viewBox="0 0 24 24" aria-hidden="true">${actionIcons[action.view]}</svg>${action.label}</mb-button
            >`,
        )}
      </div>
      <div class="stack">
        <mb-list-item
          label=${network.name}
          tag=${networks.isUnsupported ? this.localize.texts.unsupported : this.localize.texts.network}
          chevron
          @click=${() => this.controllers.router.push('Networks')}
        >
          <mb-token-image slot="image" shape="square" src=${this.controllers.directory.networkImage(network) ?? nothing} name=${network.name}></mb-token-image>
        </mb-list-item>
        ${chain?.user?.email
          ? html`<mb-list-item label=${chain.user.email} tag=${this.localize.texts.updateEmail} chevron @click=${() => this.controllers.router.push('UpdateEmailWallet')}>
              <mb-icon slot="image" name="user"></mb-icon>
            </mb-list-item>`
          : nothing}
        ${chain?.allAccounts.some((a) => a.type === 'smartAccount')
          ? html`<mb-list-item
              label=${chain.preferredAccountTypes.eip155 === 'smartAccount' ? this.localize.texts.switchToEoa : this.localize.texts.switchToSmartAccount}
              tag=${this.localize.texts.accountTypeTag}
              @click=${this.switchAccountType}
            >
              <mb-icon slot="image" name="user"></mb-icon>
            </mb-list-item>`
          : nothing}
        ${this.controllers.connection.getState().connectorId === 'auth' ? this.keyItems() : nothing}
        <mb-button variant="secondary" full-width @click=${this.disconnect}>
          <mb-icon slot="icon" name="disconnect"></mb-icon>${this.localize.texts.disconnect}
        </mb-button>
      </div>
      ${failure && tokens.length === 0
        ? nothing
        : tokens.length > 0 || portfolio.source
        ? html`<h3 id="tokens">${this.localize.texts.tokens}</h3>
            ${tokens.length === 0
              ? html`<mb-text tone="muted">${this.localize.texts.noTokens}</mb-text>`
              : html`<ul class="tokens" aria-labelledby="tokens">
                  ${tokens.map((token) => this.renderToken(token))}
                </ul>`}`
        : portfolio.loading
          ? html`<h3 id="tokens">${this.localize.texts.tokens}</h3>
              <ul class="tokens" aria-hidden="true">
                <li>
                  <span class="row">
                    <mb-skeleton shape="circle"></mb-skeleton>
                    <span class="token-name"><span><mb-skeleton class="line"></mb-skeleton></span><span class="muted"><mb-skeleton class="line short"></mb-skeleton></span></span>
                    <span class="token-amount"><span><mb-skeleton class="line"></mb-skeleton></span><span class="muted"><mb-skeleton class="line short"></mb-skeleton></span></span>
                  </span>
                </li>
              </ul>`
          : nothing}`;
  }

  /** The embedded wallet's key: its protection (passkey, recovery password), the devices holding a share, export. */
  private keyItems() {
    const t = this.localize.texts;
    const items: [string, ViewName, string][] = [
      [t.passkeyAndRecovery, 'EmbeddedWalletProtect', 'user'],
      [t.devices, 'EmbeddedWalletDevices', 'network'],
      [t.exportPrivateKey, 'EmbeddedWalletExport', 'warning'],
    ];
    return items.map(
      ([label, view, icon]) =>
        html`<mb-list-item label=${label} chevron @click=${() => this.controllers.router.push(view)}><mb-icon slot="image" name=${icon}></mb-icon></mb-list-item>`,
    );
  }

  private renderToken(token: Balance) {
    const value = token.value ?? Number(token.quantity.numeric) * token.price;
    const canSend = this.controllers.options.features.send && !this.networks.value!.isUnsupported;
    return html`<li>
      <button type="button" ?disabled=${!canSend} @click=${() => this.sendToken(token)}>
        <mb-token-image src=${this.controllers.directory.tokenImage(token) ?? nothing} name=${token.symbol}></mb-token-image>
        <span class="token-name"><span title=${token.name}>${token.name}</span><span class="muted" title=${token.symbol}>${token.symbol}</span></span>
        <span class="token-amount"><bdi>${this.localize.tokenAmount(token.quantity.numeric)} ${token.symbol}</bdi><bdi class="muted">${this.localize.usd(value)}</bdi></span>
      </button>
    </li>`;
  }

  private sendToken(token: Balance) {
    this.portfolio.current?.sendFlow.selectToken(token);
    this.controllers.router.push('WalletSend');
  }

  private async copy(address: string) {
    try {
      await navigator.clipboard.writeText(address);
      this.controllers.toasts.show('success', this.localize.texts.addressCopied);
    } catch {
      this.controllers.toasts.show('error', this.localize.texts.copyFailed);
    }
  }

  /** Smart account <-> EOA of the embedded wallet (the frame's chunk, loaded already when logged in by e-mail). */
  private switchAccountType = async () => {
    const current = this.account.value?.byNamespace.eip155.preferredAccountTypes.eip155;
    const embedded = await this.controllers.embedded.load();
    await embedded.setPreferredAccountType(current === 'smartAccount' ? 'eoa' : 'smartAccount');
  };

  private retryBalances = () => void this.portfolio.current?.portfolio.retry();

  private disconnect = async () => {
    try {
      await this.controllers.connection.disconnect();
    } catch (error) {
      // The connection throws only 'Failed to disconnect' (its cause is logged there); never a wallet's raw text.
      log('warn', 'Disconnecting failed', error);
      this.controllers.toasts.show('error', this.localize.messages.failedToDisconnect);
    }
  };
}

defineElement('mb-account-view', MbAccountView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-account-view': MbAccountView;
  }
}
