import { html } from 'lit';
import { defineElement } from '../../ui/define.js';
import { MbView } from '../view.js';
import '../../ui/text/text.js';

/**
 * ApproveTransaction: the embedded wallet's own approval UI (its frame, on the wallet's origin) shows below this
 * line, inside the modal; closing the modal aborts the request.
 *
 * @tag mb-approve-transaction-view
 */
export class MbApproveTransactionView extends MbView {
  override render() {
    return html`<mb-text variant="small" tone="muted">${this.localize.texts.approveBelow}</mb-text>`;
  }
}

defineElement('mb-approve-transaction-view', MbApproveTransactionView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-approve-transaction-view': MbApproveTransactionView;
  }
}
