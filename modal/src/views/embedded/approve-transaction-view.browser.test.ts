import { assert } from 'chai';
import { deepText, dialogName, expectNoAxeViolations, waitFor, waitForView } from '../testing/test-helpers.js';
import { openModal, logInByEmail } from '../testing/embedded-harness.js';

describe('ApproveTransaction view', () => {
  afterEach(() => document.body.replaceChildren());

  it('ApproveTransaction shows the frame inside the modal; Approve in the frame answers the request', async () => {
    const { controllers, modal, connect } = await openModal();
    await logInByEmail(controllers, modal, connect);
    const signing = controllers.connection.getProvider()!.request({ method: 'personal_sign', params: ['0x6869', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] });
    await waitFor(() => controllers.modal.getState().open, 3000, `modal open (view ${controllers.router.getState().view})`);
    const view = await waitForView(modal, 'mb-approve-transaction-view');
    assert.equal(dialogName(modal), 'Approve Transaction');
    const iframe = modal.querySelector('iframe')!;
    assert.isAbove(iframe.getBoundingClientRect().height, 100);
    assert.include(deepText(view), 'Nothing is signed or sent until you approve it.');
    await expectNoAxeViolations(modal);
    const frameDoc = iframe.contentDocument!;
    await waitFor(() => frameDoc.querySelectorAll('button').length === 2, 3000, 'approval buttons');
    (frameDoc.querySelectorAll('button')[1] as HTMLButtonElement).click();
    assert.match(String(await signing), /^0x(11){65}$/);
    await waitFor(() => !controllers.modal.getState().open, 3000, 'closed');
    assert.equal(iframe.getBoundingClientRect().height, 0);
  });

});
