import { assert } from 'chai';
import { createTestControllers, makeWallets } from '../testing/test-controllers.js';
import { deepText, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../testing/test-helpers.js';
import { walletDeepLink } from '../../core/deep-link.js';
import type { MbQrCode } from '../../ui/qr-code/qr-code.js';

describe('ConnectingWalletConnectBasic view', () => {
  let copied: string[] = [];
  beforeEach(() => {
    copied = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
  });
  afterEach(() => document.body.replaceChildren());

  it('deep links: universal links get /wc?uri=, custom schemes wc?uri=', () => {
    assert.equal(walletDeepLink('metamask://', 'wc:a@2?x=1'), 'metamask://wc?uri=wc%3Aa%402%3Fx%3D1');
    assert.equal(walletDeepLink('https://link.trustwallet.com/', 'wc:a@2'), 'https://link.trustwallet.com/wc?uri=wc%3Aa%402');
    assert.equal(walletDeepLink('rainbow:', 'wc:a@2'), 'rainbow://wc?uri=wc%3Aa%402');
  });

  it('shows a skeleton until the pairing URI comes, then its QR code; copy link copies the URI; approval connects', async () => {
    const harness = createTestControllers();
    const { controllers } = harness;
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open({ view: 'ConnectingWalletConnectBasic' });
    const view = await waitForView(modal, 'mb-connecting-wc-view');
    const qr = await waitFor(() => view.shadowRoot!.querySelector<MbQrCode>('mb-qr-code'), 3000, 'QR code');
    assert.equal(qr.value, harness.walletConnectUri);
    await expectNoAxeViolations(modal);
    const copy = [...view.shadowRoot!.querySelectorAll('mb-button')].find((b) => deepText(b).includes('Copy link'))!;
    copy.shadowRoot!.querySelector('button')!.click();
    await waitFor(() => copied.length === 1, 2000, 'copied');
    assert.deepEqual(copied, [harness.walletConnectUri]);
    await modal.updateComplete;
    assert.equal(modal.shadowRoot!.querySelector('mb-toast')?.textContent, 'Link copied');
    harness.approvePairing();
    await waitFor(() => controllers.getAccount().isConnected, 3000, 'connected over WalletConnect');
    assert.equal(controllers.getAccount().connectorId, 'walletConnect');
  });

  it('replaces the QR code when its pairing expires (4 min, within 10 s of the deadline)', async () => {
    const harness = createTestControllers();
    const { controllers } = harness;
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open({ view: 'ConnectingWalletConnectBasic' });
    const view = await waitForView(modal, 'mb-connecting-wc-view');
    await waitFor(() => view.shadowRoot!.querySelector('mb-qr-code'), 3000, 'QR code');
    assert.equal(harness.pairingCount(), 1);
    harness.advanceClock(4 * 60_000 - 10_000);
    await waitFor(() => harness.pairingCount() === 2, 3000, 'a new pairing');
    await waitFor(() => view.shadowRoot!.querySelector('mb-qr-code'), 3000, 'QR code again');
  });

  it('on a phone, a picked wallet gets a link that opens its app with the URI', async () => {
    const harness = createTestControllers({ isMobile: true });
    const { controllers } = harness;
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open({ view: 'Connect' });
    const trust = makeWallets(2)[1];
    controllers.router.push('ConnectingWalletConnectBasic', { wallet: trust });
    const view = await waitForView(modal, 'mb-connecting-wc-view');
    const link = await waitFor(() => view.shadowRoot!.querySelector<HTMLAnchorElement>('a.deep-link'), 3000, 'deep link');
    assert.equal(link.textContent, 'Open Trust Wallet');
    assert.equal(link.getAttribute('href'), `https://wallet1.example/app/wc?uri=${encodeURIComponent(harness.walletConnectUri)}`);
    assert.equal(modal.shadowRoot!.querySelector('h2')!.textContent, 'Trust Wallet');
    await expectNoAxeViolations(modal);
  });
});
