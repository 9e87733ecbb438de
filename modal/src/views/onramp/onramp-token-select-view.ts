import { html, nothing } from 'lit';
import { defineElement } from '../../ui/define.js';
import { FeatureController } from '../store-controller.js';
import type { OnrampController } from '../../controllers/onramp/onramp.js';
import { networkOf } from '../../controllers/onramp/onramp-state.js';
import { MbView } from '../view.js';
import '../../ui/list-item/list-item.js';
import '../../ui/token-image/token-image.js';

/**
 * OnRampTokenSelect: the tokens the provider sells on the active network. Picking one goes back.
 *
 * @tag mb-onramp-token-select-view
 */
export class MbOnrampTokenSelectView extends MbView {
  private readonly state = new FeatureController(this, (c) => c.onramp, { store: (onramp) => onramp, connected: (onramp) => void onramp.init() });

  get onramp(): OnrampController | undefined {
    return this.state.current;
  }

  override render() {
    const state = this.state.value;
    if (!state) return nothing;
    const network = this.controllers.networks.getState().activeNetwork;
    return html`<ul aria-label=${this.localize.texts.purchaseCurrency}>
      ${state.purchaseCurrencies.map(
        (currency) =>
          html`<li>
            <mb-list-item
              label=${`${currency.symbol} · ${currency.name}`}
              tag=${networkOf(currency, network)?.display_name ?? nothing}
              ?active=${state.purchaseCurrency?.id === currency.id}
              @click=${() => {
                this.onramp!.selectPurchaseCurrency(currency.id);
                this.controllers.router.back();
              }}
            >
              <mb-token-image slot="image" src=${this.controllers.directory.tokenImage(currency) ?? nothing} name=${currency.symbol}></mb-token-image>
            </mb-list-item>
          </li>`,
      )}
    </ul>`;
  }
}

defineElement('mb-onramp-token-select-view', MbOnrampTokenSelectView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-onramp-token-select-view': MbOnrampTokenSelectView;
  }
}
