import { html, nothing, type TemplateResult } from 'lit';
import { defineElement } from '../../ui/define.js';
import { FeatureController } from '../store-controller.js';
import type { SwapController } from '../../controllers/swap/swap.js';
import { quoteDetails, swapIssue, type SwapState, type SwapTokenInfo } from '../../controllers/swap/swap-state.js';
import { slippageText } from '../../controllers/swap/amounts.js';
import { MbView, viewStyles, feeRuns, rateRuns, run, FirstFieldFocus } from '../view.js';
import { detail, tradeStyles } from '../trade.js';
import { issueText } from './swap-issue.js';
import { swapStyles } from './swap-view.styles.js';
import '../../ui/button/button.js';
import '../../ui/icon/icon.js';
import '../../ui/skeleton/skeleton.js';
import '../../ui/token-image/token-image.js';

/**
 * Swap: the token to pay and its amount, the token to receive with the quoted amount (debounced quotes),
 * the rate, price impact, network fee and minimum received under the slippage tolerance; Review swap opens
 * SwapPreview.
 *
 * @tag mb-swap-view
 */
export class MbSwapView extends MbView {
  static override styles = [...viewStyles, tradeStyles, swapStyles];
  protected readonly firstField = new FirstFieldFocus(this, { touch: true });

  private readonly state = new FeatureController(this, (c) => c.swap, { store: (swap) => swap, connected: (swap) => void swap.ensureLoaded() });

  get swap(): SwapController | undefined {
    return this.state.current;
  }

  override render() {
    const state = this.state.value;
    if (!state) return nothing;
    if (state.status === 'error') return html`<p class="error" role="alert">${state.error}</p>`;
    if (state.status !== 'ready') {
      return html`<div class="stack" aria-busy="true"><mb-skeleton class="skeleton"></mb-skeleton><mb-skeleton class="skeleton"></mb-skeleton></div>`;
    }
    const t = this.localize.texts;
    const { from, to, quote } = state;
    const info = quoteDetails(state);
    // What is wrong with the amount itself is told under its field; the other issues under the form.
    const amountIssue = state.invalidAmount ? t.invalidAmount : swapIssue(state) === 'insufficientBalance' ? issueText(t, state) : undefined;
    const issue = amountIssue ? undefined : issueText(t, state);
    const native = state.tokens.find((x) => x.isNative);
    return html`
      <section class="panel" aria-label=${t.swapFrom}>
        <div class="panel-head"><span>${t.swapFrom}</span></div>
        <div class="amount-row">
          <input
            class="amount"
            inputmode="decimal"
            autocomplete="off"
            placeholder="0"
            aria-label=${t.swapAmount}
            aria-invalid=${amountIssue ? 'true' : 'false'}
            aria-describedby="amount-error"
            .value=${state.amountText}
            @input=${(e: Event) => this.swap!.setAmount((e.target as HTMLInputElement).value)}
          />
          ${this.tokenButton('from', from)}
        </div>
        <p id="amount-error" class="error" aria-live="polite">${amountIssue ?? ''}</p>
        ${from
          ? html`<div class="panel-foot">
              <span>${this.balanceLine(from)}</span>
              ${from.balance > 0n ? html`<mb-button variant="ghost" size="sm" @click=${this.max}>${t.maxAmount}</mb-button>` : nothing}
            </div>`
          : nothing}
      </section>
      <mb-button class="flip" variant="secondary" size="sm" icon-only label=${t.flipTokens} ?disabled=${!to} @click=${() => this.swap!.flip()}>
        <mb-icon name="refresh"></mb-icon>
      </mb-button>
      <section class="panel" aria-label=${t.swapTo}>
        <div class="panel-head"><span>${t.swapTo}</span></div>
        <div class="amount-row">
          <output class="amount" aria-label=${t.swapTo} aria-live="polite" aria-busy=${state.quoteLoading ? 'true' : 'false'}>
            ${state.quoteLoading ? html`<mb-skeleton></mb-skeleton>` : quote && to ? this.localize.tokenAmount(quote.toAmount, to.decimals) : '0'}
          </output>
          ${this.tokenButton('to', to)}
        </div>
        ${to ? html`<div class="panel-foot"><span>${this.balanceLine(to)}</span></div>` : nothing}
      </section>
      ${info && from && to && quote
        ? html`<dl>
            ${detail(t.swapRate, this.rate(state))}
            ${detail(t.priceImpact, info.priceImpactBps === undefined ? '-' : `${this.localize.amount(info.priceImpactBps, 2)}%`)}
            ${detail(
              t.networkFee,
              info.networkFee === undefined
                ? state.gasError ?? t.networkFeeUnavailable
                : feeRuns(this.localize.tokenAmount(info.networkFee, 18), native?.symbol ?? '', info.networkFeeCents === undefined ? undefined : this.localize.usd(info.networkFeeCents)),
            )}
            ${detail(t.minimumReceived, run(`${this.localize.tokenAmount(info.minimumReceived, to.decimals)} ${to.symbol}`))}
          </dl>`
        : nothing}
      <dl>
        <dt><label for="slippage">${t.slippageTolerance}</label></dt>
        <dd>
          <input
            id="slippage"
            class="field"
            inputmode="decimal"
            autocomplete="off"
            .value=${slippageText(state.slippageBps)}
            aria-describedby="slippage-error"
            @change=${this.onSlippage}
          />
        </dd>
      </dl>
      <p id="slippage-error" class="error" aria-live="polite">${this.slippageInvalid ? t.slippageInvalid : ''}</p>
      ${state.quoteError
        ? html`<p class="error" role="alert">${t.quoteFailed}: ${state.quoteError}</p>
            <mb-button variant="secondary" full-width @click=${() => this.swap!.refreshQuote()}>${t.retry}</mb-button>`
        : nothing}
      ${issue ? html`<p class="error" role="alert">${issue}</p>` : nothing} ${this.action(state, issue ?? amountIssue)}
    `;
  }

  private slippageInvalid = false;

  /**
   * 'Balance: 10,000 BNB' with the amount and its symbol in one isolate (`run`): in Arabic, Hebrew and Persian they
   * read '10,000 BNB' as in Account, not 'BNB 10,000'. The catalogue's sentence places them; the isolate wraps both.
   */
  private balanceLine(token: { balance: bigint; decimals: number; symbol: string }) {
    const [before, rest = ''] = this.localize.texts.tokenBalance('\u0001', '\u0002').split('\u0001');
    const [between, after = ''] = rest.split('\u0002');
    return html`${before}${run(`${this.localize.tokenAmount(token.balance, token.decimals)}${between}${token.symbol}`)}${after}`;
  }

  private tokenButton(side: 'from' | 'to', token: SwapTokenInfo | undefined) {
    const t = this.localize.texts;
    // The side is read out before the token (visually hidden), so the name starts with what the button shows.
    return html`<button class="token" type="button" @click=${() => this.controllers.router.push('SwapSelectToken', { swapSide: side })}>
      <span class="vh">${side === 'from' ? t.swapFrom : t.swapTo}: </span>
      ${token ? html`<mb-token-image src=${this.controllers.directory.tokenImage(token) ?? nothing} name=${token.symbol}></mb-token-image>${token.symbol}` : t.selectToken}
      <mb-icon name="chevron"></mb-icon>
    </button>`;
  }

  private rate(state: SwapState): TemplateResult | string {
    const { from, to, quote } = state;
    if (!from || !to || !quote || quote.fromAmount === 0n) return '-';
    // Output per one whole input token, in the output's smallest unit.
    const perOne = (quote.toAmount * 10n ** BigInt(from.decimals)) / quote.fromAmount;
    return rateRuns(from.symbol, this.localize.tokenAmount(perOne, to.decimals), to.symbol);
  }

  private action(state: SwapState, issue: string | undefined) {
    const t = this.localize.texts;
    if (swapIssue(state) === 'quoteExpired') {
      return html`<mb-button full-width @click=${() => this.swap!.refreshQuote()}><mb-icon slot="icon" name="refresh"></mb-icon>${t.refreshQuote}</mb-button>`;
    }
    const ready = !!state.from && !!state.to && !!state.quote && state.quote.toAmount > 0n && !issue && !state.quoteLoading && !state.quoteError;
    const label = state.invalidAmount ? t.invalidAmount : !state.to ? t.selectToken : !state.amount ? t.enterAmount : state.quoteLoading ? t.fetchingQuote : t.reviewSwap;
    return html`<mb-button full-width ?disabled=${!ready} ?loading=${state.quoteLoading} @click=${() => this.controllers.router.push('SwapPreview')}>${label}</mb-button>`;
  }

  private max = () => {
    const from = this.swap?.getState().from;
    if (from) this.swap!.setAmount(this.localize.amountInput(from.balance, from.decimals));
  };

  private onSlippage = (event: Event) => {
    const input = event.target as HTMLInputElement;
    const ok = this.swap!.setSlippage(input.value);
    this.slippageInvalid = !ok;
    input.setAttribute('aria-invalid', ok ? 'false' : 'true');
    this.requestUpdate();
  };
}

defineElement('mb-swap-view', MbSwapView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-swap-view': MbSwapView;
  }
}
