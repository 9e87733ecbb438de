import { html, nothing } from 'lit';
import { defineElement } from '../../ui/define.js';
import { FeatureController } from '../store-controller.js';
import type { OnrampController } from '../../controllers/onramp/onramp.js';
import type { MbInputEvent } from '../../ui/input/input.js';
import { MbView, FirstFieldFocus } from '../view.js';
import '../../ui/input/input.js';
import '../../ui/list-item/list-item.js';
import '../../ui/token-image/token-image.js';
import '../../ui/text/text.js';

/**
 * OnRampFiatSelect: the currencies the user can pay in, with a search. Picking one goes back.
 *
 * @tag mb-onramp-fiat-select-view
 */
export class MbOnrampFiatSelectView extends MbView {
  protected readonly firstField = new FirstFieldFocus(this);
  private readonly state = new FeatureController(this, (c) => c.onramp, { store: (onramp) => onramp, connected: (onramp) => void onramp.init() });
  private query = '';

  get onramp(): OnrampController | undefined {
    return this.state.current;
  }

  override render() {
    const state = this.state.value;
    if (!state) return nothing;
    const t = this.localize.texts;
    const q = this.query.trim().toLowerCase();
    const found = state.paymentCurrencies.filter((c) => c.id.toLowerCase().includes(q));
    return html`<mb-input type="search" label=${t.searchCurrencies} placeholder=${t.searchCurrencies} .value=${this.query} @mb-input=${this.onSearch}></mb-input>
      ${found.length === 0 ? html`<mb-text tone="muted" align="center" role="status">${t.noTokenFound}</mb-text>` : nothing}
      <ul aria-label=${t.paymentCurrency}>
        ${found.map(
          (currency) =>
            html`<li>
              <mb-list-item
                label=${currency.id}
                ?active=${state.paymentCurrency?.id === currency.id}
                @click=${() => {
                  this.onramp!.selectPaymentCurrency(currency.id);
                  this.controllers.router.back();
                }}
              >
                <mb-token-image slot="image" src=${this.controllers.directory.currencyImage(currency.id) ?? nothing} name=${currency.id}></mb-token-image>
              </mb-list-item>
            </li>`,
        )}
      </ul>`;
  }

  private onSearch = (event: MbInputEvent) => {
    this.query = event.value;
    this.requestUpdate();
  };
}

defineElement('mb-onramp-fiat-select-view', MbOnrampFiatSelectView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-onramp-fiat-select-view': MbOnrampFiatSelectView;
  }
}
