import { html, nothing } from 'lit';
import { defineElement } from '../../ui/define.js';
import { StoreController } from '../store-controller.js';
import { MbView, viewStyles } from '../view.js';
import { connectingExternalStyles } from './connecting-external-view.styles.js';
import { safeImageUrl } from '../../core/safe-url.js';
import { isPresentable } from '../../core/logger.js';
import '../../ui/wallet-image/wallet-image.js';
import '../../ui/button/button.js';
import '../../ui/spinner/spinner.js';
import '../../ui/text/text.js';

/**
 * ConnectingExternal: an injected (EIP-6963 or legacy) wallet's connect request: pending, declined or failed,
 * with a retry. A declined request (4001) is quiet: no error text, just the way to try again. A failure's detail is the
 * wallet's own sentence when short and plain (the logger has anything else).
 *
 * @tag mb-connecting-external-view
 */
export class MbConnectingExternalView extends MbView {
  static override styles = [...viewStyles, connectingExternalStyles];

  private readonly connection = new StoreController(this, () => this.controllers?.connection);
  private readonly router = new StoreController(this, () => this.controllers?.router);

  override render() {
    const connection = this.connection.value;
    const router = this.router.value;
    if (!connection || !router) return nothing;
    const connectorId = router.data.connectorId;
    const connector = [...connection.connectors, ...(connection.solanaConnectors ?? [])].find((c) => c.id === connectorId);
    const name = connector?.name ?? router.data.wallet?.name ?? '';
    const request = connection.connectRequest;
    const mine = request.status !== 'idle' && request.connectorId === connectorId;
    const pending = mine && request.status === 'pending';
    return html`<div class="center">
      <div class="image">
        <mb-wallet-image src=${safeImageUrl(connector?.icon) ?? nothing} name=${name}></mb-wallet-image>
        ${pending ? html`<mb-spinner size="88"></mb-spinner>` : nothing}
      </div>
      <div role="status" class="stack">
        ${mine && request.status === 'rejected'
          ? html`<mb-text variant="title" align="center">${this.localize.messages.connectionDeclined}</mb-text>`
          : mine && request.status === 'failed'
            ? html`<mb-text variant="title" align="center" tone="error">${this.localize.messages.connectionFailed}</mb-text>
                ${isPresentable(request.message) ? html`<mb-text class="error" variant="small" tone="muted" align="center">${request.message}</mb-text>` : nothing}`
            : html`<mb-text variant="title" align="center">${this.localize.texts.continueIn(name)}</mb-text>
                <mb-text variant="small" tone="muted" align="center">${this.localize.texts.acceptInWallet}</mb-text>`}
      </div>
      ${mine && (request.status === 'rejected' || request.status === 'failed')
        ? html`<mb-button variant="secondary" @click=${() => this.controllers.connection.retry()}>
            <mb-icon slot="icon" name="refresh"></mb-icon>${this.localize.texts.retry}
          </mb-button>`
        : nothing}
    </div>`;
  }
}

defineElement('mb-connecting-external-view', MbConnectingExternalView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-connecting-external-view': MbConnectingExternalView;
  }
}
