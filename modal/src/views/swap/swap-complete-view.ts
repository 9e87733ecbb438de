import { nothing } from 'lit';
import { defineElement } from '../../ui/define.js';
import { FeatureController } from '../store-controller.js';
import type { SwapController } from '../../controllers/swap/swap.js';
import { MbView, viewStyles } from '../view.js';
import { completion, completionStyles, leaveWithoutResult } from '../completion.js';
import '../../ui/button/button.js';
import '../../ui/icon/icon.js';
import { explorerTxUrl } from '../explorer.js';

/**
 * SwapComplete: the end of a swap in the completion pattern: what was paid and received, the swap's transaction on
 * the explorer, Done (Account) and Swap again (the swap form, the tokens kept).
 *
 * @tag mb-swap-complete-view
 */
export class MbSwapCompleteView extends MbView {
  static override styles = [...viewStyles, completionStyles];

  private readonly state = new FeatureController(this, (c) => c.swap, { store: (swap) => swap });

  get swap(): SwapController | undefined {
    return this.state.current;
  }

  override render() {
    const state = this.state.value;
    if (!state?.from || !state.to || !state.quote || state.step !== 'done') return nothing;
    const t = this.localize.texts;
    const paid = `${this.localize.tokenAmount(state.quote.fromAmount, state.from.decimals)} ${state.from.symbol}`;
    const received = `${this.localize.tokenAmount(state.quote.toAmount, state.to.decimals)} ${state.to.symbol}`;
    const network = this.controllers.networks.getState().activeNetwork;
    return completion({
      result: t.swapCompleteDetail(paid, received),
      explorerUrl: explorerTxUrl(network, state.swapHash),
      explorerLabel: t.viewOn(network.blockExplorers?.default.name ?? ''),
      doneLabel: t.done,
      againLabel: t.swapAgain,
      onDone: this.done,
      onAgain: this.again,
    });
  }

  override updated(): void {
    const state = this.state.value;
    if (state) leaveWithoutResult(this.controllers.router, 'SwapComplete', state.step === 'done' && !!state.quote);
  }

  private done = () => {
    this.swap?.resetForm();
    this.controllers.router.reset('Account');
  };

  private again = () => {
    this.swap?.resetForm();
    this.controllers.router.reset('Account');
    this.controllers.router.push('Swap');
  };
}

defineElement('mb-swap-complete-view', MbSwapCompleteView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-swap-complete-view': MbSwapCompleteView;
  }
}
