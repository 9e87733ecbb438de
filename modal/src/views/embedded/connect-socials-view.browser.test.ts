import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { deepActive, deepText, dialogName, expectNoAxeViolations, waitFor, waitForView } from '../testing/test-helpers.js';
import { openModal } from '../testing/embedded-harness.js';
import { socialMarks } from '../../ui/social-mark/marks.js';

describe('ConnectSocials and ConnectingFarcaster views', () => {
  afterEach(() => document.body.replaceChildren());

  it('ConnectSocials lists the seven socials as keyboard-reachable buttons; Farcaster shows its QR code', async () => {
    const { controllers, modal, connect } = await openModal();
    const socials = [...connect.shadowRoot!.querySelectorAll('mb-list-item')].find((i) => i.label === 'Continue with a social account')!;
    socials.focus();
    await sendKeys({ press: 'Enter' });
    const list = await waitForView(modal, 'mb-connect-socials-view');
    assert.equal(dialogName(modal), 'All Socials');
    assert.deepEqual(
      [...list.shadowRoot!.querySelectorAll('mb-list-item')].map((i) => i.label),
      ['Continue with Google', 'Continue with X', 'Continue with Discord', 'Continue with Farcaster', 'Continue with GitHub', 'Continue with Apple', 'Continue with Facebook'],
    );
    const marks = [...list.shadowRoot!.querySelectorAll('mb-social-mark')];
    assert.deepEqual(
      marks.map((mark) => mark.provider),
      ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
      'a mark in each row',
    );
    const paths = marks.map((mark) => mark.shadowRoot!.querySelector('path')?.getAttribute('d') ?? '');
    assert.equal(new Set(paths).size, 7, 'seven different marks');
    assert.equal(paths[0], socialMarks.google.path, "Google's mark");
    assert.equal(deepText(list), 'Continue with Google Continue with X Continue with Discord Continue with Farcaster Continue with GitHub Continue with Apple Continue with Facebook', 'no letters in place of a mark');
    await expectNoAxeViolations(modal);
    const farcaster = [...list.shadowRoot!.querySelectorAll('mb-list-item')].find((i) => i.label === 'Continue with Farcaster')!;
    farcaster.focus();
    assert.equal(deepActive()?.localName, 'button');
    await sendKeys({ press: 'Enter' });
    const view = await waitForView(modal, 'mb-connecting-farcaster-view');
    await waitFor(() => view.shadowRoot!.querySelector('mb-qr-code'), 5000, 'QR code');
    assert.equal(view.shadowRoot!.querySelector('a')!.getAttribute('href'), 'http://127.0.0.1:9/farcaster/approve/test-state');
    await expectNoAxeViolations(modal);
    controllers.router.back();
  });
});
