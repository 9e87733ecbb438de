import { assert } from 'chai';
import { bsc, createTestControllers, local, testAddress } from '../testing/test-controllers.js';
import { deepText, dialogName, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../testing/test-helpers.js';
import { encodeQr, qrPath, type MbQrCode } from '../../ui/qr-code/qr-code.js';
import { defineSolanaNetwork } from '../../core/networks.js';

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

  it('the address in balanced groups of 4 (two rows of five, monospace), read and copied as one piece', async () => {
    const harness = createTestControllers();
    await harness.controllers.connection.connect('io.metamask');
    const { modal } = await mountTestModal(harness.controllers);
    harness.controllers.modal.open({ view: 'WalletReceive' });
    const view = await waitForView(modal, 'mb-wallet-receive-view');
    const groups = [...view.shadowRoot!.querySelectorAll<HTMLElement>('.groups span')];
    assert.deepEqual(
      groups.map((g) => g.textContent),
      ['0x7099', '7970', 'C518', '12dc', '3A01', '0C7d', '01b5', '0e0d', '17dc', '79C8'],
    );
    const rows = new Map<number, number>();
    for (const group of groups) rows.set(Math.round(group.getBoundingClientRect().top), (rows.get(Math.round(group.getBoundingClientRect().top)) ?? 0) + 1);
    assert.deepEqual([...rows.values()], [5, 5], 'two rows of five');
    const address = view.shadowRoot!.querySelector<HTMLElement>('.address')!;
    assert.match(getComputedStyle(address).fontFamily, /mono/i);
    // Assistive technology reads the whole address once; the groups are for the eye.
    assert.equal(view.shadowRoot!.querySelector('.groups')!.getAttribute('aria-hidden'), 'true');
    assert.equal(address.querySelector('.visually-hidden')!.textContent, testAddress);
    // Selecting the address and copying it gives the address without the gaps.
    document.getSelection()!.selectAllChildren(address);
    const data = new DataTransfer();
    const copy = new ClipboardEvent('copy', { clipboardData: data, bubbles: true, cancelable: true, composed: true });
    groups[3].dispatchEvent(copy);
    assert.isTrue(copy.defaultPrevented);
    assert.equal(data.getData('text/plain'), testAddress);
    assert.equal(getComputedStyle(address).userSelect, 'all');
    await expectNoAxeViolations(modal);
  });

  it('on Solana: the base58 address as text and as the QR code, and the Solana network to receive on', async () => {
    const address = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
    const solana = defineSolanaNetwork({ caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', name: 'Solana Local', rpcUrl: `${location.origin}/mock-solana` });
    const harness = createTestControllers({ modalOptions: { networks: [bsc, local, solana] } });
    // The Solana session's account, and Solana as the active namespace (as after connecting a Solana wallet).
    harness.controllers.account.setAccount('solana', address, 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1');
    await harness.controllers.networks.switchNetwork(solana.caipNetworkId);
    const { modal } = await mountTestModal(harness.controllers);
    harness.controllers.modal.open({ view: 'WalletReceive' });
    const view = await waitForView(modal, 'mb-wallet-receive-view');
    const qr = view.shadowRoot!.querySelector<MbQrCode>('mb-qr-code')!;
    assert.equal(qr.value, address);
    await qr.updateComplete;
    assert.equal(qr.shadowRoot!.querySelector('path')!.getAttribute('d'), qrPath(encodeQr(address), 2), 'the QR code encodes the base58 address');
    assert.equal(view.shadowRoot!.querySelector('.address .visually-hidden')!.textContent, address);
    assert.equal([...view.shadowRoot!.querySelectorAll('.groups span')].map((g) => g.textContent).join(''), address);
    assert.deepEqual([...view.shadowRoot!.querySelectorAll('.networks li')].map((li) => deepText(li)), ['Solana Local']);
    await expectNoAxeViolations(modal);
  });
});
