import { assert } from 'chai';
import { createTestControllers, testAddress } from '../testing/test-controllers.js';
import { deepText, dialogName, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../testing/test-helpers.js';
import type { MbQrCode } from '../../ui/qr-code/qr-code.js';

describe('WalletReceive view', () => {
  afterEach(() => document.body.replaceChildren());

  it('shows the address as a QR code and text, the networks it can receive on, and confirms a copy', async () => {
    const copied: string[] = [];
    // The page's clipboard (a browser API, not ours) records what the view copies.
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
    const harness = createTestControllers();
    await harness.controllers.connection.connect('io.metamask');
    const { modal } = await mountTestModal(harness.controllers);
    harness.controllers.modal.open({ view: 'WalletReceive' });
    const view = await waitForView(modal, 'mb-wallet-receive-view');
    assert.equal(dialogName(modal), 'Receive');
    assert.equal(view.shadowRoot!.querySelector<MbQrCode>('mb-qr-code')!.value, testAddress);
    assert.include(deepText(view), testAddress);
    assert.deepEqual([...view.shadowRoot!.querySelectorAll('.networks li')].map((li) => deepText(li)), ['BNB Smart Chain', 'BSC Local']);
    await expectNoAxeViolations(modal);
    const copy = [...view.shadowRoot!.querySelectorAll('mb-button')].find((b) => deepText(b).includes('Copy address'))!;
    copy.shadowRoot!.querySelector('button')!.click();
    await waitFor(() => deepText(copy).includes('Address copied'), 3000, 'copied feedback');
    assert.deepEqual(copied, [testAddress]);
    assert.equal(modal.shadowRoot!.querySelector('mb-toast')?.textContent, 'Address copied');
    modal.themeMode = 'dark';
    await modal.updateComplete;
    await expectNoAxeViolations(modal);
  });
});
