import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { deepText, expectNoAxeViolations, waitFor } from '../testing/test-helpers.js';
import { openModal, input, typeInto } from '../testing/embedded-harness.js';

describe('Connect with the embedded wallet', () => {
  afterEach(() => document.body.replaceChildren());

  it('Connect offers the e-mail field and socials; a malformed e-mail is refused before anything loads', async () => {
    const { modal, connect } = await openModal();
    assert.include(deepText(connect), 'Continue with a social account');
    await expectNoAxeViolations(modal);
    await typeInto(input(connect, 'E-mail'), 'ada@');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => connect.shadowRoot!.querySelector('[role="alert"]'), 3000, 'alert');
    assert.equal(connect.shadowRoot!.querySelector('[role="alert"]')!.textContent!.trim(), 'Enter a valid e-mail address');
    assert.isNull(modal.querySelector('iframe'));
  });

});
