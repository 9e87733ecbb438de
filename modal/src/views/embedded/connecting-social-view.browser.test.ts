import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { deepText, dialogName, expectNoAxeViolations, waitFor, waitForView } from '../testing/test-helpers.js';
import { openModal } from '../testing/embedded-harness.js';
import { assertErrorLineFits, LONG_ERROR } from '../testing/error-line.js';

/** Chooses Google in ConnectSocials with the keyboard; ConnectingSocial once it waits for the window. */
async function startGoogleLogin(controllers: { router: { push(view: 'ConnectSocials'): void } }, modal: Parameters<typeof waitForView>[0]): Promise<HTMLElement> {
  controllers.router.push('ConnectSocials');
  const list = await waitForView(modal, 'mb-connect-socials-view');
  [...list.shadowRoot!.querySelectorAll('mb-list-item')].find((i) => i.label === 'Continue with Google')!.focus();
  await sendKeys({ press: 'Enter' });
  const view = await waitForView(modal, 'mb-connecting-social-view');
  await waitFor(() => deepText(view).includes('Continue in the Google window that opened.'), 3000, 'waiting');
  return view;
}

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

  it('a closed sign-in window says so at once and offers the login again, which opens a new window', async () => {
    const { controllers, modal } = await openModal();
    const view = await startGoogleLogin(controllers, modal);
    // The visitor closes the provider's window instead of signing in.
    window.open('', 'minibot-social')!.close();
    await waitFor(() => deepText(view).includes('The sign-in window was closed before the sign-in finished.'), 3000, 'cancelled');
    assert.notInclude(deepText(view), 'Continue in the Google window that opened.');
    const retry = view.shadowRoot!.querySelector('mb-button')!;
    assert.equal(deepText(retry).trim(), 'Try again');
    await expectNoAxeViolations(modal);
    retry.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => deepText(view).includes('Continue in the Google window that opened.'), 3000, 'waiting again');
    assert.isNull(view.shadowRoot!.querySelector('[role="alert"]'));
    assert.equal(controllers.router.getState().view, 'ConnectingSocial');
    window.open('', 'minibot-social')!.close();
  });

  it('the cancelled login says so in at most two lines inside the dialog (a long translation), above Try again', async () => {
    const { controllers, modal } = await openModal({ texts: { socialCancelled: LONG_ERROR } });
    const view = await startGoogleLogin(controllers, modal);
    window.open('', 'minibot-social')!.close();
    const alert = await waitFor(() => view.shadowRoot!.querySelector('[role="alert"]'), 3000, 'cancelled');
    assert.equal(alert.textContent!.trim(), LONG_ERROR);
    assertErrorLineFits(modal, alert);
    assert.equal(deepText(view.shadowRoot!.querySelector('mb-button')!).trim(), 'Try again');
  });
});
