import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { deepText, dialogName, expectNoAxeViolations, waitForView } from '../testing/test-helpers.js';
import { openModal } from '../testing/embedded-harness.js';

describe('ConnectingSocial view', () => {
  afterEach(() => document.body.replaceChildren());

  it('ConnectingSocial: a keyboard pick opens the provider window and waits for it', async () => {
    const { controllers, modal } = await openModal();
    controllers.router.push('ConnectSocials');
    const list = await waitForView(modal, 'mb-connect-socials-view');
    const google = [...list.shadowRoot!.querySelectorAll('mb-list-item')].find((i) => i.label === 'Continue with Google')!;
    google.focus();
    await sendKeys({ press: 'Enter' });
    const view = await waitForView(modal, 'mb-connecting-social-view');
    assert.equal(dialogName(modal), 'Sign In');
    assert.include(deepText(view), 'Continue in the Google window that opened.');
    await expectNoAxeViolations(modal);
  });

});
