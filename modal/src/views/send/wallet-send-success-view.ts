import { css, html, nothing } from 'lit';
import { defineElement } from '../../ui/define.js';
import { shortenAddress } from '../../core/format.js';
import { FeatureController } from '../store-controller.js';
import { MbView, viewStyles } from '../view.js';
import { completion, completionStyles, leaveWithoutResult } from '../completion.js';
import '../../ui/button/button.js';
import '../../ui/icon/icon.js';
import { explorerTxUrl } from '../explorer.js';

/**
 * WalletSendSuccess: the end of a send in the completion pattern: what went to whom, the network's answer as it
 * arrives (waiting, confirmed, rejected), the transaction on the explorer, Done (Account) and Send again.
 *
 * @tag mb-wallet-send-success-view
 */
export class MbWalletSendSuccessView extends MbView {
  static override styles = [
    ...viewStyles,
    completionStyles,
    css`
      .receiver-address {
        display: block;
        margin-top: 4px;
        font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
        font-size: 0.8em;
        font-weight: 400;
        word-break: break-all;
        text-wrap: balance;
        unicode-bidi: isolate;
      }
    `,
  ];

  private readonly sent = new FeatureController(this, (c) => c.hub, { store: (hub) => hub.sendFlow.sent });

  override render() {
    const last = this.sent.value?.last;
    if (!last) return nothing;
    const t = this.localize.texts;
    const network = this.controllers.networks.getState().activeNetwork;
    const amount = `${this.localize.amount(last.value, last.token.decimals)} ${last.token.symbol}`;
    const receiver = last.toName ?? shortenAddress(last.to);
    const status = { pending: t.sentPending, confirmed: t.sentConfirmed, failed: t.sentFailed }[last.status];
    return completion({
      // A name is followed by the whole address it stood for.
      result: last.toName
        ? html`<span>${t.sentDetail(amount, receiver)}</span><span class="receiver-address" dir="ltr" translate="no">${last.to}</span>`
        : html`<span title=${last.to}>${t.sentDetail(amount, receiver)}</span>`,
      detail: status,
      explorerUrl: explorerTxUrl(network, last.hash),
      explorerLabel: t.viewOn(network.blockExplorers?.default.name ?? ''),
      doneLabel: t.done,
      againLabel: t.sendAgain,
      onDone: () => this.controllers.router.reset('Account'),
      onAgain: () => {
        this.controllers.router.reset('Account');
        this.controllers.router.push('WalletSend');
      },
    });
  }

  override updated(): void {
    if (this.sent.current) leaveWithoutResult(this.controllers.router, 'WalletSendSuccess', !!this.sent.value?.last);
  }
}

defineElement('mb-wallet-send-success-view', MbWalletSendSuccessView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-wallet-send-success-view': MbWalletSendSuccessView;
  }
}
