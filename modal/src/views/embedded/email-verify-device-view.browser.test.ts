import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { deepText, dialogName, expectNoAxeViolations, waitForView } from '../testing/test-helpers.js';
import { openModal, input, typeInto } from '../testing/embedded-harness.js';

describe('EmailVerifyDevice view', () => {
  afterEach(() => document.body.replaceChildren());

  it('EmailVerifyDevice tells where to approve the device and waits', async () => {
    const { modal, connect } = await openModal({ themeMode: 'dark' });
    await typeInto(input(connect, 'E-mail'), 'new-device@example.org');
    await sendKeys({ press: 'Enter' });
    const device = await waitForView(modal, 'mb-email-verify-device-view');
    assert.equal(dialogName(modal), 'Register Device');
    assert.include(deepText(device), 'Open the link we sent to new-device@example.org');
    assert.include(deepText(device), 'Waiting for approval...');
    await expectNoAxeViolations(modal);
  });

});
