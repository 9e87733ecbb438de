import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { deepText, dialogName, expectNoAxeViolations, waitFor, waitForView } from '../testing/test-helpers.js';
import { openModal, input, button, typeInto, logInByEmail } from '../testing/embedded-harness.js';

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
    assert.equal(dialogName(modal), 'Edit Email');
    await expectNoAxeViolations(modal);
    await typeInto(input(view, 'New e-mail'), 'new@example.org');
    button(view, 'Continue').click();
    await waitFor(() => view.shadowRoot!.querySelectorAll('mb-input').length === 2, 3000, 'two code fields');
    assert.include(deepText(view), 'Code sent to new@example.org');
    await expectNoAxeViolations(modal);
  });
});
