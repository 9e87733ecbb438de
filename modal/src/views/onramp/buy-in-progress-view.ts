import { html, nothing } from 'lit';
import { defineElement } from '../../ui/define.js';
import { FeatureController } from '../store-controller.js';
import type { OnrampController } from '../../controllers/onramp/onramp.js';
import { ONRAMP_PROVIDER } from '../../controllers/onramp/onramp-state.js';
import { MbView, viewStyles } from '../view.js';
import { buyInProgressStyles } from './buy-in-progress-view.styles.js';
import '../../ui/button/button.js';
import '../../ui/icon/icon.js';
import '../../ui/spinner/spinner.js';
import '../../ui/text/text.js';

/**
 * BuyInProgress: watches the order and the balance while the provider's window is open; a completed purchase hands
 * over to BuyComplete, a failure says so with Try again and the way back to the account.
 *
 * @tag mb-buy-in-progress-view
 */
export class MbBuyInProgressView extends MbView {
  static override styles = [...viewStyles, buyInProgressStyles];
  private readonly state = new FeatureController(this, (c) => c.onramp, { store: (onramp) => onramp });

  get onramp(): OnrampController | undefined {
    return this.state.current;
  }

  override render() {
    const state = this.state.value;
    if (!state) return nothing;
    const t = this.localize.texts;
    const back = html`<mb-button variant="secondary" full-width @click=${this.toAccount}>${t.backToAccount}</mb-button>`;
    if (state.progress === 'failed') {
      return html`<div class="center" role="alert">
          <mb-icon class="mark bad" name="warning"></mb-icon>
          <mb-text variant="title" align="center">${t.buyFailed}</mb-text>
          <mb-text tone="muted" align="center">${t.buyFailedDetail}</mb-text>
        </div>
        <div class="stack"><mb-button full-width @click=${this.again}>${t.retry}</mb-button>${back}</div>`;
    }
    return html`<div class="center" role="status" aria-busy="true">
        <mb-spinner size="40"></mb-spinner>
        <mb-text align="center">${t.buyWatching(ONRAMP_PROVIDER.name)}</mb-text>
      </div>
      <div class="stack">
        ${state.purchase
          ? html`<mb-button variant="secondary" full-width @click=${this.reopen}><mb-icon slot="icon" name="external"></mb-icon>${t.reopenProvider(ONRAMP_PROVIDER.name)}</mb-button>`
          : nothing}
        ${back}
      </div>`;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // Leaving the view stops watching; the account view shows the balance either way.
    this.onramp?.stopWatching();
  }

  private reopen = () => {
    const url = this.onramp?.getState().purchase?.url;
    if (!url) return;
    const popup = window.open(url, '_blank');
    if (popup) popup.opener = null;
  };

  private again = () => {
    this.onramp!.resetPurchase();
    this.controllers.router.back();
  };

  private toAccount = () => {
    this.onramp!.resetPurchase();
    this.controllers.router.reset('Account');
  };
}

defineElement('mb-buy-in-progress-view', MbBuyInProgressView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-buy-in-progress-view': MbBuyInProgressView;
  }
}
