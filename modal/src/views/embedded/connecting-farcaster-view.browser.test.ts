import { assert } from 'chai';
import { deepText, dialogName, expectNoAxeViolations, waitFor, waitForView } from '../testing/test-helpers.js';
import type { MbQrCode } from '../../ui/qr-code/qr-code.js';
import { openModal } from '../testing/embedded-harness.js';

describe('ConnectingFarcaster view', () => {
  afterEach(() => document.body.replaceChildren());

  it("shows Farcaster's approval page as a QR code and a link, says how to use them, and Back stops waiting", async () => {
    const { controllers, modal } = await openModal();
    controllers.router.push('ConnectingFarcaster');
    const view = await waitForView(modal, 'mb-connecting-farcaster-view');
    assert.equal(dialogName(modal), 'Farcaster');
    const qr = await waitFor(() => view.shadowRoot!.querySelector<MbQrCode>('mb-qr-code'), 5000, 'QR code');
    assert.equal(qr.getAttribute('value'), 'http://127.0.0.1:9/farcaster/approve/test-state');
    assert.equal(qr.label, 'Farcaster QR code');
    assert.include(deepText(view), 'Scan this code with Farcaster, or open the link on this device.');
    const link = view.shadowRoot!.querySelector('a')!;
    assert.equal(link.textContent, 'Open Farcaster link');
    assert.equal(link.getAttribute('href'), 'http://127.0.0.1:9/farcaster/approve/test-state');
    assert.equal(link.getAttribute('rel'), 'noopener');
    await expectNoAxeViolations(modal);
    const embedded = await controllers.embedded.load();
    controllers.router.back();
    await waitForView(modal, 'mb-connect-view');
    await waitFor(() => embedded.getState().busy === false, 3000, 'no longer waiting');
  });
});
