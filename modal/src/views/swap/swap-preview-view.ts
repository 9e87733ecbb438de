import { html, nothing } from 'lit';
import { defineElement } from '../../ui/define.js';
import { FeatureController } from '../store-controller.js';
import type { SwapController } from '../../controllers/swap/swap.js';
import { needsApproval, quoteDetails, swapIssue, type SwapState } from '../../controllers/swap/swap-state.js';
import { slippageText } from '../../controllers/swap/amounts.js';
import { MbView, viewStyles, feeRuns, run } from '../view.js';
import { swapPreviewStyles } from './swap-preview-view.styles.js';
import { detail, tradeStyles } from '../trade.js';
import { issueText } from './swap-issue.js';
import '../../ui/button/button.js';
import '../../ui/icon/icon.js';
import '../../ui/text/text.js';

/**
 * SwapPreview: what the swap pays and receives, the minimum under the slippage tolerance, the fee; approves first
 * when the allowance is short, then swaps, both through the connected wallet (as one confirmation when the wallet
 * batches atomically); then hands over to SwapComplete.
 *
 * @tag mb-swap-preview-view
 */
export class MbSwapPreviewView extends MbView {
  static override styles = [...viewStyles, tradeStyles, swapPreviewStyles];

  private readonly state = new FeatureController(this, (c) => c.swap, { store: (swap) => swap });

  get swap(): SwapController | undefined {
    return this.state.current;
  }

  override render() {
    const state = this.state.value;
    const t = this.localize.texts;
    if (!state?.from || !state.to || !state.quote) return html`<mb-text tone="muted" align="center">${t.enterAmount}</mb-text>`;
    const { from, to, quote } = state;
    const info = quoteDetails(state)!;
    const paid = `${this.localize.tokenAmount(quote.fromAmount, from.decimals)} ${from.symbol}`;
    const received = `${this.localize.tokenAmount(quote.toAmount, to.decimals)} ${to.symbol}`;
    const busy = state.step === 'approving' || state.step === 'swapping' || state.step === 'batching';
    const approval = needsApproval(state);
    const issue = issueText(t, state);
    const native = state.tokens.find((x) => x.isNative);
    return html`<div class="center">
        <mb-text tone="muted">${t.swapFrom}</mb-text>
        <span class="big">${run(paid)}</span>
        <mb-icon class="down" name="chevron"></mb-icon>
        <mb-text tone="muted">${t.swapTo}</mb-text>
        <span class="big">${run(received)}</span>
      </div>
      <dl>
        ${detail(t.minimumReceived, run(`${this.localize.tokenAmount(info.minimumReceived, to.decimals)} ${to.symbol}`))}
        ${detail(t.slippageTolerance, slippageText(state.slippageBps))}
        ${detail(t.priceImpact, info.priceImpactBps === undefined ? '-' : `${this.localize.amount(info.priceImpactBps, 2)}%`)}
        ${detail(
          t.networkFee,
          info.networkFee === undefined
            ? state.gasError ?? t.networkFeeUnavailable
            : feeRuns(this.localize.tokenAmount(info.networkFee, 18), native?.symbol ?? '', info.networkFeeCents === undefined ? undefined : this.localize.usd(info.networkFeeCents)),
        )}
      </dl>
      ${approval && !busy ? html`<p class="message">${state.atomicBatch ? t.approvalInBatch(from.symbol) : t.approvalNeeded(from.symbol)}</p>` : nothing}
      ${busy ? html`<p class="message" role="status">${this.stepText(state)}</p>` : nothing}
      ${state.submitError ? html`<p class="error" role="alert">${state.submitError}</p>` : nothing}
      ${issue ? html`<p class="error" role="alert">${issue}</p>` : nothing}
      ${this.action(state, approval, busy)}`;
  }

  private action(state: SwapState, approval: boolean, busy: boolean) {
    const t = this.localize.texts;
    if (swapIssue(state) === 'quoteExpired') {
      return html`<mb-button full-width @click=${() => this.swap!.refreshQuote()}><mb-icon slot="icon" name="refresh"></mb-icon>${t.refreshQuote}</mb-button>`;
    }
    const label = approval ? t.approveAndSwap(state.from!.symbol) : t.confirmSwap;
    return html`<mb-button full-width ?loading=${busy || state.quoteLoading} ?disabled=${!!swapIssue(state)} @click=${() => this.swap!.submit()}>${label}</mb-button>`;
  }

  /** The step in progress: one confirmation for a batch, else approval then swap. */
  private stepText(state: SwapState) {
    const t = this.localize.texts;
    const symbol = state.from!.symbol;
    return state.step === 'batching' ? t.batchInWallet(symbol) : state.step === 'approving' ? t.approvingInWallet(symbol) : t.swappingInWallet;
  }
}

defineElement('mb-swap-preview-view', MbSwapPreviewView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-swap-preview-view': MbSwapPreviewView;
  }
}
