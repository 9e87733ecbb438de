import { nothing } from 'lit';
import { defineElement } from '../../ui/define.js';
import { FeatureController } from '../store-controller.js';
import type { OnrampController } from '../../controllers/onramp/onramp.js';
import { MbView, viewStyles } from '../view.js';
import { completion, completionStyles, leaveWithoutResult } from '../completion.js';
import '../../ui/button/button.js';
import '../../ui/icon/icon.js';
import { explorerTxUrl } from '../explorer.js';

/**
 * BuyComplete: the end of a purchase in the completion pattern: what arrived, its transaction on the explorer when
 * the order reported one, Done (Account) and Buy again (the purchase form).
 *
 * @tag mb-buy-complete-view
 */
export class MbBuyCompleteView extends MbView {
  static override styles = [...viewStyles, completionStyles];
  private readonly state = new FeatureController(this, (c) => c.onramp, { store: (onramp) => onramp });

  get onramp(): OnrampController | undefined {
    return this.state.current;
  }

  override render() {
    const state = this.state.value;
    if (!state || state.progress !== 'completed') return nothing;
    const t = this.localize.texts;
    const purchase = state.purchase;
    const network = this.controllers.networks.getState().activeNetwork;
    const amount = purchase?.expectedAmount ? `${this.localize.tokenAmount(purchase.expectedAmount)} ${purchase.currency.symbol}` : undefined;
    return completion({
      result: amount ? t.boughtDetail(amount) : t.buyCompletedDetail,
      explorerUrl: explorerTxUrl(network, state.progressTxHash),
      explorerLabel: t.viewOn(network.blockExplorers?.default.name ?? ''),
      doneLabel: t.done,
      againLabel: t.buyAgain,
      onDone: this.done,
      onAgain: this.again,
    });
  }

  override updated(): void {
    const state = this.state.value;
    if (state) leaveWithoutResult(this.controllers.router, 'BuyComplete', state.progress === 'completed');
  }

  private done = () => {
    this.onramp?.resetPurchase();
    this.controllers.router.reset('Account');
  };

  private again = () => {
    this.onramp?.resetPurchase();
    this.controllers.router.reset('Account');
    this.controllers.router.push('OnRampProviders');
  };
}

defineElement('mb-buy-complete-view', MbBuyCompleteView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-buy-complete-view': MbBuyCompleteView;
  }
}
