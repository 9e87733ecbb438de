import { html, nothing } from 'lit';
import { defineElement } from '../../ui/define.js';
import { FeatureController } from '../store-controller.js';
import type { OnrampController } from '../../controllers/onramp/onramp.js';
import { ONRAMP_PROVIDER, type OnrampState } from '../../controllers/onramp/onramp-state.js';
import type { OnrampAmount } from '../../api/onramp-types.js';
import { MbView, viewStyles, run, FirstFieldFocus } from '../view.js';
import { detail, tradeStyles } from '../trade.js';
import type { LocalizeController } from '../../texts/localize.js';
import '../../ui/button/button.js';
import '../../ui/icon/icon.js';
import '../../ui/list-item/list-item.js';
import '../../ui/token-image/token-image.js';
import '../../ui/skeleton/skeleton.js';

/**
 * An amount of the quote in the reader's locale, isolated for right-to-left text: a fiat amount as money (`$49.15`,
 * `49,15 €`), a token amount by the one display rule with its symbol (`0.081 BNB`).
 */
function money(value: OnrampAmount | undefined, fiat: string, localize: LocalizeController) {
  if (!value?.amount) return '-';
  if (value.currency !== fiat && /^\d+(\.\d+)?$/.test(value.amount)) return run(`${localize.tokenAmount(value.amount)} ${value.currency}`);
  return run(localize.currency(value.amount, value.currency));
}

/**
 * OnRampProviders (buy with fiat): the fiat amount and currency, the token to buy, the payment method with its
 * limits, the quote (fee, subtotal, total, purchase amount) and the provider, which opens in a new window.
 *
 * @tag mb-onramp-providers-view
 */
export class MbOnrampProvidersView extends MbView {
  static override styles = [...viewStyles, tradeStyles];
  protected readonly firstField = new FirstFieldFocus(this, { touch: true });
  private readonly state = new FeatureController(this, (c) => c.onramp, { store: (onramp) => onramp, connected: (onramp) => void onramp.init() });
  private opening = false;
  private blocked = false;

  get onramp(): OnrampController | undefined {
    return this.state.current;
  }

  override render() {
    const state = this.state.value;
    if (!state) return nothing;
    if (state.status !== 'ready') return html`<div class="stack" aria-busy="true"><mb-skeleton></mb-skeleton><mb-skeleton></mb-skeleton></div>`;
    const t = this.localize.texts;
    const limits = this.onramp!.limits();
    const fiat = state.paymentCurrency?.id ?? '';
    const token = state.purchaseCurrency;
    const ready = !!state.quote && !state.amountError && !state.quoteLoading && state.amountText.trim() !== '';
    return html`
      ${state.optionsFallback ? html`<p class="message" role="status">${t.optionsFallback}</p>` : nothing}
      <section class="panel" aria-label=${t.buyAmount}>
        <div class="panel-head"><span>${t.buyAmount}</span></div>
        <div class="amount-row">
          <input
            class="amount"
            inputmode="decimal"
            autocomplete="off"
            placeholder=${limits?.min ?? '0'}
            aria-label=${t.buyAmount}
            aria-invalid=${state.amountError ? 'true' : 'false'}
            aria-describedby="amount-error"
            .value=${state.amountText}
            @input=${(e: Event) => this.onramp!.setAmount((e.target as HTMLInputElement).value)}
          />
          <button class="token" type="button" @click=${() => this.controllers.router.push('OnRampFiatSelect')}>
            <span class="vh">${t.paymentCurrency}: </span>${fiat ? html`<mb-token-image src=${this.controllers.directory.currencyImage(fiat) ?? nothing} name=${fiat}></mb-token-image>` : nothing}${fiat}<mb-icon name="chevron"></mb-icon>
          </button>
        </div>
        <p id="amount-error" class="error" role="alert">${this.amountError(state, limits)}</p>
      </section>
      <section class="panel" aria-label=${t.swapTo}>
        <div class="panel-head"><span>${t.swapTo}</span></div>
        <div class="amount-row">
          <output class="amount" aria-label=${t.swapTo} aria-live="polite" aria-busy=${state.quoteLoading ? 'true' : 'false'}>
            ${state.quoteLoading ? html`<mb-skeleton></mb-skeleton>` : state.quote?.purchaseAmount.amount || '0'}
          </output>
          <button class="token" type="button" @click=${() => this.controllers.router.push('OnRampTokenSelect')}>
            <span class="vh">${t.purchaseCurrency}: </span>${token ? html`<mb-token-image src=${this.controllers.directory.tokenImage(token) ?? nothing} name=${token.symbol}></mb-token-image>` : nothing}${token?.symbol ?? '-'}<mb-icon name="chevron"></mb-icon>
          </button>
        </div>
      </section>
      <div class="choices" role="group" aria-label=${t.paymentMethod}>
        ${(state.paymentCurrency?.payment_method_limits ?? []).map(
          (method) =>
            html`<button class="token choice" type="button" aria-pressed=${state.paymentMethod === method.id ? 'true' : 'false'} @click=${() => this.onramp!.setPaymentMethod(method.id)}>
              ${t.paymentMethodName(method.id)}
            </button>`,
        )}
      </div>
      ${state.quote
        ? html`<dl aria-busy=${state.quoteLoading ? 'true' : 'false'}>
            ${detail(t.swapTo, state.quote.purchaseAmount.amount ? money(state.quote.purchaseAmount, fiat, this.localize) : t.shownByProvider)}
            ${detail(t.providerFee, money(state.quote.coinbaseFee, fiat, this.localize))} ${detail(t.networkFee, money(state.quote.networkFee, fiat, this.localize))}
            ${detail(t.subtotal, money(state.quote.paymentSubtotal, fiat, this.localize))} ${detail(t.total, money(state.quote.paymentTotal, fiat, this.localize))}
          </dl>`
        : state.quoteLoading
          ? html`<mb-skeleton aria-busy="true"></mb-skeleton>`
          : nothing}
      ${state.quoteFallback && state.quote ? html`<p class="message" role="status">${t.quoteFallback}</p>` : nothing}
      ${state.error ? html`<p class="error" role="alert">${state.error}</p>` : nothing}
      ${this.blocked ? html`<p class="error" role="alert">${t.popupBlocked}</p>` : nothing}
      <mb-button full-width ?disabled=${!ready} ?loading=${this.opening} @click=${this.buy}>
        <mb-icon slot="icon" name="external"></mb-icon>${t.buyWith(ONRAMP_PROVIDER.name)}
      </mb-button>
    `;
  }

  private amountError(state: OnrampState, limits: { min: string; max: string } | undefined): string {
    const t = this.localize.texts;
    const fiat = state.paymentCurrency?.id ?? '';
    if (state.amountError === 'invalid') return t.invalidAmount;
    if (state.amountError === 'belowMin' && limits) return t.amountBelowMin(this.localize.currency(limits.min, fiat));
    if (state.amountError === 'aboveMax' && limits) return t.amountAboveMax(this.localize.currency(limits.max, fiat));
    return '';
  }

  private buy = async () => {
    if (this.opening) return;
    this.opening = true;
    this.blocked = false;
    this.requestUpdate();
    try {
      const url = await this.onramp!.createPurchaseUrl();
      if (!url) return;
      // The provider opens in a window of its own; it gets no handle on this page.
      const popup = window.open(url, '_blank');
      if (!popup) {
        this.blocked = true;
        return;
      }
      popup.opener = null;
      this.onramp!.watchPurchase();
      this.controllers.router.push('BuyInProgress');
    } finally {
      this.opening = false;
      this.requestUpdate();
    }
  };
}

defineElement('mb-onramp-providers-view', MbOnrampProvidersView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-onramp-providers-view': MbOnrampProvidersView;
  }
}
