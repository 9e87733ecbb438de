import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { deepText, dialogName, expectNoAxeViolations, fieldAnnouncement, fieldError, nativeInput, waitFor, waitForView, deepActive } from '../testing/test-helpers.js';
import { openModal, input, button, typeInto } from '../testing/embedded-harness.js';
import { assertErrorLineFits } from '../testing/error-line.js';
import { EMBEDDED_TIMEOUTS } from '../../api/embedded-protocol.js';

const alertOf = (view: HTMLElement) => fieldError(view);

async function openCodeView() {
  const { controllers, modal, connect } = await openModal();
  await typeInto(input(connect, 'E-mail'), 'ada@example.org');
  await sendKeys({ press: 'Enter' });
  const otp = await waitForView(modal, 'mb-email-verify-otp-view');
  return { controllers, modal, otp };
}

describe('EmailVerifyOtp view', () => {
  afterEach(() => document.body.replaceChildren());

  it('opens with focus on the code field: the code is typed without a click or a Tab, and a complete one connects', async () => {
    const { controllers, otp } = await openCodeView();
    const field = input(otp, 'Code');
    await waitFor(() => deepActive() === field.shadowRoot!.querySelector('input'), 3000, `focus on the code field (it is on ${deepActive()?.outerHTML.slice(0, 60)})`);
    await sendKeys({ type: '123456' });
    await waitFor(() => controllers.getAccount().isConnected, 5000, 'connected');
  });

  it('EmailVerifyOtp: code by keyboard, resend blocked for 30 s, wrong code shown, right code connects', async () => {
    const { controllers, modal, connect } = await openModal();
    await typeInto(input(connect, 'E-mail'), 'ada@example.org');
    await sendKeys({ press: 'Enter' });
    const otp = await waitForView(modal, 'mb-email-verify-otp-view');
    assert.equal(dialogName(modal), 'Confirm E-mail');
    assert.include(deepText(otp), 'Enter the 6-digit code we sent to ada@example.org');
    assert.match(button(otp, /^Resend code in/).textContent!.trim(), /^Resend code in (29|30) s$/);
    assert.isNotNull(modal.querySelector('iframe[slot="embedded-wallet"]'));
    await expectNoAxeViolations(modal);
    button(otp, /^Resend code in/).click();
    await waitFor(() => /^Please try again after \d+ seconds$/.test(alertOf(otp)?.textContent?.trim() ?? ''), 3000, 'cooldown');
    await typeInto(input(otp, 'Code'), '000000');
    await waitFor(() => alertOf(otp)?.textContent?.trim() === 'Invalid code', 3000, 'wrong code');
    assert.deepEqual(fieldAnnouncement(nativeInput(input(otp, 'Code'))), { invalid: true, description: 'Invalid code', announced: true }, 'the code field is described by it');
    await expectNoAxeViolations(modal);
    const field = input(otp, 'Code');
    field.value = '';
    await typeInto(field, '123456');
    await waitFor(() => controllers.getAccount().isConnected, 5000, 'connected');
  });

  it('phone keyboards: the code field opens the digit keypad, takes the mailed code from autofill and is never capitalised or corrected', async () => {
    const { otp } = await openCodeView();
    const field = nativeInput(input(otp, 'Code'));
    assert.deepEqual(
      ['inputmode', 'autocomplete', 'autocapitalize', 'autocorrect', 'spellcheck'].map((name) => field.getAttribute(name)),
      ['numeric', 'one-time-code', 'off', 'off', 'false'],
    );
  });

  it("an expired code: the wallet's sentence in at most two lines inside the dialog, gone at the next key typed", async () => {
    const { modal, otp } = await openCodeView();
    await typeInto(input(otp, 'Code'), '111111');
    const alert = await waitFor(() => alertOf(otp), 3000, 'the error');
    assert.equal(alert.textContent!.trim(), 'This code has expired or was already used; ask for a new code and type the newest one');
    assertErrorLineFits(modal, alert);
    await expectNoAxeViolations(modal);
    // The next code is the retry: the old error goes with its first key, before anything is submitted.
    await sendKeys({ press: 'Backspace' });
    await otp.updateComplete;
    assert.isNull(alertOf(otp), 'the stale error is cleared as a new code is typed');
  });

  it('a new code sent clears the last error, and shows progress while it is sent', async () => {
    const { modal, otp } = await openCodeView();
    await typeInto(input(otp, 'Code'), '000000');
    await waitFor(() => alertOf(otp)?.textContent?.trim() === 'Invalid code', 3000, 'wrong code');
    // The 30 s before a new code may be asked for pass (the page's clock, which the wallet's cooldown reads).
    const realNow = Date.now;
    Date.now = () => realNow() + EMBEDDED_TIMEOUTS.emailCooldown + 1000;
    try {
      const resend = await waitFor(() => button(otp, 'Resend code') as (HTMLElement & { disabled: boolean }) | undefined, 3000, 'Resend code');
      resend.click();
      await otp.updateComplete;
      assert.isNull(alertOf(otp), 'the stale error is cleared as the new code is asked for');
      assert.isTrue(resend.disabled, 'busy while the code is sent');
      assert.isTrue((button(otp, 'Continue') as HTMLElement & { loading: boolean }).loading);
      await waitFor(() => !resend.disabled, 3000, 'sent');
      assert.isNull(alertOf(otp));
      assert.equal(modal.resolved()!.router.getState().view, 'EmailVerifyOtp');
    } finally {
      Date.now = realNow;
    }
  });
});
