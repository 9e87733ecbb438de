import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { deepText, expectNoAxeViolations, fieldAnnouncement, fieldError, nativeInput, waitFor, waitForView } from '../testing/test-helpers.js';
import { button, openModal, input, typeInto } from '../testing/embedded-harness.js';
import { assertErrorLineFits, LONG_ERROR } from '../testing/error-line.js';

describe('Connect with the embedded wallet', () => {
  afterEach(() => document.body.replaceChildren());

  it('Connect offers the e-mail field and socials; a malformed e-mail is refused before anything loads', async () => {
    const { modal, connect } = await openModal();
    assert.include(deepText(connect), 'Continue with a social account');
    await expectNoAxeViolations(modal);
    await typeInto(input(connect, 'E-mail'), 'ada@');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => fieldError(connect), 3000, 'the error');
    assert.deepEqual(fieldAnnouncement(nativeInput(input(connect, 'E-mail'))), { invalid: true, description: 'Enter a valid e-mail address', announced: true });
    assert.isNull(modal.querySelector('iframe'));
  });

  it('a valid e-mail drops the stale error and shows progress while it is submitted', async () => {
    const { modal, connect } = await openModal();
    const alert = () => fieldError(connect);
    await typeInto(input(connect, 'E-mail'), 'ada@');
    await sendKeys({ press: 'Enter' });
    await waitFor(alert, 3000, 'alert');
    await typeInto(input(connect, 'E-mail'), 'example.org');
    await waitFor(() => !alert(), 3000, 'the error goes as the address is corrected');
    const submit = button(connect, 'Continue') as HTMLElement & { loading: boolean };
    await sendKeys({ press: 'Enter' });
    await waitFor(() => submit.loading, 3000, 'busy');
    assert.isNull(alert(), 'no stale error while it is submitted');
    assert.equal(submit.shadowRoot!.querySelector('button')!.getAttribute('aria-busy'), 'true');
    await waitForView(modal, 'mb-email-verify-otp-view');
  });

  it("the e-mail field's error wraps inside the dialog in at most two lines (a long translation of it)", async () => {
    const { modal, connect } = await openModal({ texts: { invalidEmail: LONG_ERROR } });
    await typeInto(input(connect, 'E-mail'), 'ada@');
    await sendKeys({ press: 'Enter' });
    const alert = await waitFor(() => fieldError(connect), 3000, 'the error');
    assert.equal(alert.textContent!.trim(), LONG_ERROR);
    assertErrorLineFits(modal, alert);
  });
});
