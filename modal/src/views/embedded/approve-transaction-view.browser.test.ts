import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { deepActive, deepText, dialogName, expectNoAxeViolations, waitFor, waitForView } from '../testing/test-helpers.js';
import { FRAME_SCENARIO_KEY, openModal, logInByEmail } from '../testing/embedded-harness.js';

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

  it('the frame is 320 px for a short request and grows for a tall one only as far as the dialog fits the viewport', async () => {
    const { controllers, modal, connect } = await openModal();
    await logInByEmail(controllers, modal, connect);
    const iframe = modal.querySelector('iframe')!;
    const sign = () => controllers.connection.getProvider()!.request({ method: 'personal_sign', params: ['0x6869', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] });
    const approveInFrame = async () => {
      const frameDoc = iframe.contentDocument!;
      await waitFor(() => frameDoc.querySelectorAll('button').length === 2, 3000, 'approval buttons');
      (frameDoc.querySelectorAll('button')[1] as HTMLButtonElement).click();
    };
    const short = sign();
    await waitForView(modal, 'mb-approve-transaction-view');
    await waitFor(() => iframe.style.getPropertyValue('--_mb-wallet-frame-height') === '200px', 3000, 'the short height reported');
    assert.equal(iframe.getBoundingClientRect().height, 320);
    await approveInFrame();
    await short;
    await waitFor(() => !controllers.modal.getState().open, 3000, 'closed');

    localStorage.setItem(FRAME_SCENARIO_KEY, 'tall-approval');
    try {
      const tall = sign();
      await waitForView(modal, 'mb-approve-transaction-view');
      await waitFor(() => iframe.getBoundingClientRect().height > 320, 3000, 'the frame grown');
      const dialog = modal.shadowRoot!.querySelector('dialog')!.getBoundingClientRect();
      assert.isAtMost(dialog.bottom, window.innerHeight);
      assert.isAtMost(iframe.getBoundingClientRect().bottom, dialog.bottom);
      assert.isBelow(iframe.getBoundingClientRect().height, 2_000);
      await approveInFrame();
      await tall;
    } finally {
      localStorage.removeItem(FRAME_SCENARIO_KEY);
    }
  });

  it("the frame's consent to switch the account type shows in ApproveTransaction with its own title and line; Switch there switches", async () => {
    const { controllers, modal, connect } = await openModal();
    await logInByEmail(controllers, modal, connect);
    const embedded = await controllers.embedded.load();
    const switching = embedded.setPreferredAccountType('smartAccount');
    const view = await waitForView(modal, 'mb-approve-transaction-view');
    assert.equal(dialogName(modal), 'Switch Account');
    assert.equal(deepText(view).trim(), 'Confirm the switch below. Your account changes only when you do.');
    await expectNoAxeViolations(modal);
    assert.equal(controllers.getAccount().address, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    const frameDoc = modal.querySelector('iframe')!.contentDocument!;
    await waitFor(() => frameDoc.querySelectorAll('button').length === 2, 3000, 'consent buttons');
    (frameDoc.querySelectorAll('button')[1] as HTMLButtonElement).click();
    await switching;
    assert.equal(controllers.getAccount().address, '0x5555555555555555555555555555555555555555');
    await waitFor(() => !controllers.modal.getState().open, 3000, 'closed');
  });

  it('the frame is a stop of the dialog\'s tab order: Tab reaches Reject and Approve in it and comes back to the modal, Shift+Tab too; Enter approves', async () => {
    const { controllers, modal, connect } = await openModal();
    await logInByEmail(controllers, modal, connect);
    const signing = controllers.connection.getProvider()!.request({ method: 'personal_sign', params: ['0x6869', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] });
    await waitForView(modal, 'mb-approve-transaction-view');
    const iframe = modal.querySelector('iframe')!;
    const frameDoc = iframe.contentDocument!;
    await waitFor(() => frameDoc.querySelectorAll('button').length === 2, 3000, 'approval buttons');
    // Where the keyboard is: a control of the modal by its name, or the frame's focused button.
    const at = () => {
      if (document.activeElement === iframe) return `frame: ${frameDoc.activeElement?.textContent ?? ''}`;
      const active = deepActive();
      return active?.getAttribute('aria-label') ?? (active instanceof HTMLElement ? active.id || active.tagName : '');
    };
    await waitFor(() => at() === 'title', 3000, 'focus on the heading');
    const stops: string[] = [];
    for (let i = 0; i < 4; i++) {
      await sendKeys({ press: 'Tab' });
      stops.push(at());
    }
    assert.deepEqual(stops, ['Close', 'frame: Reject', 'frame: Approve', 'Close'], 'Tab goes through the frame and back to the modal');
    const back: string[] = [];
    for (let i = 0; i < 4; i++) {
      await sendKeys({ down: 'Shift' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ up: 'Shift' });
      back.push(at());
    }
    assert.deepEqual(back, ['frame: Approve', 'frame: Reject', 'Close', 'frame: Approve'], 'Shift+Tab the other way, into the frame from its end');
    await sendKeys({ press: 'Enter' });
    assert.match(String(await signing), /^0x(11){65}$/);
  });
});
