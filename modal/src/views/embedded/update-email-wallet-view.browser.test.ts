import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { deepText, dialogName, expectNoAxeViolations, fieldAnnouncement, fieldError, nativeInput, waitFor, waitForView } from '../testing/test-helpers.js';
import { openModal, input, button, typeInto, logInByEmail } from '../testing/embedded-harness.js';
import { assertErrorLineFits, LONG_ERROR } from '../testing/error-line.js';

describe('UpdateEmailWallet view', () => {
  afterEach(() => document.body.replaceChildren());

  it('UpdateEmailWallet asks for the new e-mail, then a code for each address', async () => {
    const { controllers, modal, connect } = await openModal();
    await logInByEmail(controllers, modal, connect);
    controllers.modal.open();
    const account = await waitForView(modal, 'mb-account-view');
    const item = [...account.shadowRoot!.querySelectorAll('mb-list-item')].find((i) => i.label === 'ada@example.org')!;
    assert.equal(item.tag, 'Update e-mail');
    item.focus();
    await sendKeys({ press: 'Enter' });
    const view = await waitForView(modal, 'mb-update-email-wallet-view');
    assert.equal(dialogName(modal), 'Edit E-mail');
    await expectNoAxeViolations(modal);
    await typeInto(input(view, 'New e-mail'), 'new@example.org');
    button(view, 'Continue').click();
    await waitFor(() => view.shadowRoot!.querySelectorAll('mb-input').length === 2, 3000, 'two code fields');
    assert.include(deepText(view), 'Code sent to new@example.org');
    await expectNoAxeViolations(modal);
  });

  it('a malformed new e-mail is refused in at most two lines inside the dialog (a long translation), cleared by the next submit', async () => {
    const { controllers, modal, connect } = await openModal({ texts: { invalidEmail: LONG_ERROR } });
    await logInByEmail(controllers, modal, connect);
    controllers.modal.open({ view: 'UpdateEmailWallet' });
    const view = await waitForView(modal, 'mb-update-email-wallet-view');
    await typeInto(input(view, 'New e-mail'), 'new@');
    button(view, 'Continue').click();
    const alert = await waitFor(() => fieldError(view), 3000, 'the error');
    assert.equal(alert.textContent!.trim(), LONG_ERROR);
    assert.deepEqual(fieldAnnouncement(nativeInput(input(view, 'New e-mail'))), { invalid: true, description: LONG_ERROR, announced: true });
    assertErrorLineFits(modal, alert);
    await typeInto(input(view, 'New e-mail'), 'example.org');
    button(view, 'Continue').click();
    await waitFor(() => view.shadowRoot!.querySelectorAll('mb-input').length === 2, 3000, 'two code fields');
    assert.isNull(view.shadowRoot!.querySelector('[role="alert"]'));
  });
});
