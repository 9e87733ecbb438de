import { html } from 'lit';
import { defineElement } from '../../ui/define.js';
import { StoreController } from '../store-controller.js';
import { MbView } from '../view.js';
import '../../ui/text/text.js';

/**
 * ApproveTransaction: the embedded wallet's own approval UI (its frame, on the wallet's origin) shows below this
 * line, inside the modal; closing the modal aborts the request. The same for the frame's consent to switch the
 * account type, with its own line.
 *
 * @tag mb-approve-transaction-view
 */
export class MbApproveTransactionView extends MbView {
  private readonly route = new StoreController(this, () => this.controllers?.router);

  override render() {
    const { texts } = this.localize;
    const line = this.route.value?.data.approvalKind === 'account' ? texts.switchAccountBelow : texts.approveBelow;
    return html`<mb-text variant="small" tone="muted">${line}</mb-text>`;
  }
}

defineElement('mb-approve-transaction-view', MbApproveTransactionView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-approve-transaction-view': MbApproveTransactionView;
  }
}
