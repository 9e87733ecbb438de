import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { deepText, dialogName, expectNoAxeViolations, waitFor, waitForView } from '../testing/test-helpers.js';
import { openModal, input, button, typeInto } from '../testing/embedded-harness.js';

describe('EmailVerifyOtp view', () => {
  afterEach(() => document.body.replaceChildren());

  it('EmailVerifyOtp: code by keyboard, resend blocked for 30 s, wrong code shown, right code connects', async () => {
    const { controllers, modal, connect } = await openModal();
    await typeInto(input(connect, 'E-mail'), 'ada@example.org');
    await sendKeys({ press: 'Enter' });
    const otp = await waitForView(modal, 'mb-email-verify-otp-view');
    assert.equal(dialogName(modal), 'Confirm Email');
    assert.include(deepText(otp), 'Enter the 6-digit code we sent to ada@example.org');
    assert.match(button(otp, /^Resend code in/).textContent!.trim(), /^Resend code in (29|30) s$/);
    assert.isNotNull(modal.querySelector('iframe[slot="embedded-wallet"]'));
    await expectNoAxeViolations(modal);
    button(otp, /^Resend code in/).click();
    await waitFor(() => /^Please try again after \d+ seconds$/.test(otp.shadowRoot!.querySelector('[role="alert"]')?.textContent?.trim() ?? ''), 3000, 'cooldown');
    await typeInto(input(otp, 'Code'), '000000');
    await waitFor(() => otp.shadowRoot!.querySelector('[role="alert"]')?.textContent?.trim() === 'Invalid code', 3000, 'wrong code');
    await expectNoAxeViolations(modal);
    const field = input(otp, 'Code');
    field.value = '';
    await typeInto(field, '123456');
    await waitFor(() => controllers.getAccount().isConnected, 5000, 'connected');
  });

});
