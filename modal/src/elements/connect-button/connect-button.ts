import { LitElement, html } from 'lit';
import { property } from 'lit/decorators/property.js';
import { state } from 'lit/decorators/state.js';
import type { AccountSnapshot, ModalClient } from '../../core/types.js';
import { controllersOf, getDefaultClient } from '../../client-registry.js';
import { optionsOf, restoringAddressOf, whenControllers } from '../../client-lazy-entry.js';
import type { ModalControllers } from '../../controllers/bag.js';
import { defineElement } from '../../ui/define.js';
import { shortenAddress } from '../../core/format.js';
import { connectButtonTexts as texts } from '../../texts/connect-button.js';
import { connectButtonStyles } from './connect-button.styles.js';

/**
 * The wallet button: 'Connect Wallet' ('Connecting...' while pending), or the account's name (its identity, e.g. a
 * name registered in the Account hub) or else the shortened address when connected.
 * A click opens the modal (Connect or Account by the opening rules). It imports no view: the modal's chunks load
 * when the pointer enters or the button takes focus (`client.prefetch()`), or on the first click.
 *
 * @csspart button - The native button.
 * @csspart pending-badge - The count of pending transactions (only with `features.pendingTransactions`).
 * @cssproperty --mb-color-accent - Background while disconnected.
 * @cssproperty --mb-color-accent-fg - Text colour while disconnected.
 *
 * @tag mb-connect-button
 */
export class MbConnectButton extends LitElement {
  static override styles = connectButtonStyles;
  static override shadowRootOptions = { ...LitElement.shadowRootOptions, delegatesFocus: true };

  /** The client from `createModal`; the default client when unset. */
  @property({ attribute: false }) client?: ModalClient;
  @property({ reflect: true, attribute: 'theme-mode' }) themeMode?: 'light' | 'dark';
  @property({ type: Boolean, reflect: true }) connected = false;
  @state() private account?: AccountSnapshot;
  /** The connected account's name from its identity (cached 5 min; read again after a registration). */
  @state() private profileName?: string | null;

  private unsubscribe?: () => void;
  private subscribedTo?: ModalClient;

  override connectedCallback(): void {
    super.connectedCallback();
    this.subscribe();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.subscribedTo = undefined;
  }

  override willUpdate(): void {
    this.subscribe();
    this.connected = !!this.account?.isConnected;
  }

  override render() {
    const account = this.account;
    const connecting = account?.status === 'connecting';
    // Connected: the name, else the EVM address, or the Solana one (base58) when it is the only one; while a reload
    // restores the session, its stored address at once.
    const address = account?.isConnected ? (account.address ?? account.solana?.address) : connecting ? restoringAddressOf(this.subscribedTo) : undefined;
    const label = address ? ((account?.isConnected && this.profileName) || shortenAddress(address)) : this.label(connecting ? 'connecting' : 'connectWallet');
    return html`<button
      part="button"
      type="button"
      aria-haspopup="dialog"
      @click=${this.onClick}
      @pointerenter=${this.preload}
      @pointerdown=${this.preload}
      @focus=${this.preload}
    >${label}</button>`;
  }

  /** The label in the client's locale or overrides (the button never loads the modal's catalogue). */
  private label(key: keyof typeof texts): string {
    // render() runs after willUpdate(), which subscribed to the client.
    const options = optionsOf(this.subscribedTo);
    return options?.texts?.[key] ?? options?.locale?.texts[key] ?? texts[key];
  }

  private subscribe() {
    const client = this.client ?? getDefaultClient();
    if (client === this.subscribedTo) return;
    this.unsubscribe?.();
    this.subscribedTo = client;
    this.account = client?.getAccount();
    const offAccount = client?.subscribeAccount((account) => {
      this.account = account;
    });
    let offControllers: Array<() => void> = [];
    let live = true;
    // What follows the controllers (the name, the language, the pending badge) waits for them: the element entry's
    // client makes them on the first interaction or the restore of a stored session.
    const follow = (controllers: ModalControllers) => {
      if (!live) return;
      if (controllers.options.features.pendingTransactions) void import('./pending-badge.js').then((m) => m.attachPendingBadge(this, controllers));
      const readName = () => (this.profileName = controllers.account.getState().byNamespace.eip155.profileName);
      readName();
      // Its label follows a language changed on the live modal (setLocale).
      offControllers = [controllers.account.subscribe(readName), controllers.language.subscribe(() => this.requestUpdate())];
      this.requestUpdate();
    };
    const made = client && controllersOf(client);
    if (made) follow(made);
    else void whenControllers(client)?.then(follow);
    this.unsubscribe = () => {
      live = false;
      offAccount?.();
      offControllers.forEach((off) => off());
    };
  }

  /** Hover, focus or a pressed pointer announce a likely click: the client fetches the modal's chunks ahead of it. */
  private preload() {
    this.subscribe();
    this.subscribedTo?.prefetch();
  }

  private onClick() {
    this.subscribe();
    void this.subscribedTo?.open();
  }
}

defineElement('mb-connect-button', MbConnectButton);

declare global {
  interface HTMLElementTagNameMap {
    'mb-connect-button': MbConnectButton;
  }
}
