import { assert } from 'chai';
import { deepText, dialogName, expectNoAxeViolations, waitFor, waitForView } from '../testing/test-helpers.js';
import type { MbQrCode } from '../../ui/qr-code/qr-code.js';
import { FRAME_SCENARIO_KEY, openModal } from '../testing/embedded-harness.js';
import { assertErrorLineFits } from '../testing/error-line.js';

describe('ConnectingFarcaster view', () => {
  afterEach(() => {
    localStorage.removeItem(FRAME_SCENARIO_KEY);
    document.body.replaceChildren();
  });

  it("shows Farcaster's approval page as a QR code and a link, says how to use them, and Back stops waiting", async () => {
    const { controllers, modal } = await openModal();
    controllers.router.push('ConnectingFarcaster');
    const view = await waitForView(modal, 'mb-connecting-farcaster-view');
    assert.equal(dialogName(modal), 'Farcaster');
    const qr = await waitFor(() => view.shadowRoot!.querySelector<MbQrCode>('mb-qr-code'), 5000, 'QR code');
    assert.equal(qr.getAttribute('value'), 'http://127.0.0.1:9/farcaster/approve/test-state');
    assert.equal(qr.label, 'Farcaster QR code');
    assert.include(deepText(view), 'Scan this code with Farcaster, or open the link on this device.');
    const link = view.shadowRoot!.querySelector('a')!;
    assert.equal(link.textContent, 'Open Farcaster link');
    assert.equal(link.getAttribute('href'), 'http://127.0.0.1:9/farcaster/approve/test-state');
    assert.equal(link.getAttribute('rel'), 'noopener');
    await expectNoAxeViolations(modal);
    const embedded = await controllers.embedded.load();
    controllers.router.back();
    await waitForView(modal, 'mb-connect-view');
    await waitFor(() => embedded.getState().busy === false, 3000, 'no longer waiting');
  });

  it("an expired sign-in says so in at most two lines inside the dialog, and Try again asks for a new code (the error gone)", async () => {
    localStorage.setItem(FRAME_SCENARIO_KEY, 'farcaster-expires');
    const { controllers, modal } = await openModal();
    controllers.router.push('ConnectingFarcaster');
    const view = await waitForView(modal, 'mb-connecting-farcaster-view');
    const alert = await waitFor(() => view.shadowRoot!.querySelector('[role="alert"]'), 5000, 'the expiry');
    assert.equal(alert.textContent!.trim(), 'The Farcaster sign-in request expired before it was approved in the Farcaster app');
    assertErrorLineFits(modal, alert);
    const retry = view.shadowRoot!.querySelector('mb-button')!;
    assert.equal(deepText(retry).trim(), 'Try again');
    await expectNoAxeViolations(modal);
    localStorage.removeItem(FRAME_SCENARIO_KEY);
    retry.shadowRoot!.querySelector('button')!.click();
    await view.updateComplete;
    assert.isNull(view.shadowRoot!.querySelector('[role="alert"]'), 'the stale error is cleared at once');
    assert.isNull(view.shadowRoot!.querySelector('mb-button'), 'no retry while it waits again');
    await waitFor(() => view.shadowRoot!.querySelector('mb-qr-code'), 5000, 'a new QR code');
    const embedded = await controllers.embedded.load();
    assert.isTrue(embedded.getState().busy, 'waiting for the approval again');
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.isNull(view.shadowRoot!.querySelector('[role="alert"]'), 'the new request does not expire');
    controllers.router.back();
    await waitForView(modal, 'mb-connect-view');
  });
});
