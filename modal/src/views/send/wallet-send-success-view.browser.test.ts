import { assert } from 'chai';
import { createTestControllers } from '../testing/test-controllers.js';
import { clickCompletionAction, completionOf, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../testing/test-helpers.js';
import type { MbButton } from '../../ui/button/button.js';

const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const HASH = `0x${'ab'.repeat(32)}`;

/** Fills the send form through the Send feature's actions (the form's own inputs have their own tests) and reviews it. */
async function reviewSend() {
  const harness = createTestControllers();
  await harness.controllers.connection.connect('io.metamask');
  const { modal } = await mountTestModal(harness.controllers);
  harness.controllers.modal.open({ view: 'Account' });
  await waitForView(modal, 'mb-account-view');
  const hub = await harness.controllers.hub.load();
  await hub.portfolio.fetch();
  const usdt = hub.portfolio.getState().balances.find((b) => b.symbol === 'USDT')!;
  hub.sendFlow.selectToken(usdt);
  hub.sendFlow.setAmount('1.5');
  hub.sendFlow.setReceiver(RECEIVER);
  await hub.sendFlow.fetchGasPrice();
  harness.controllers.router.push('WalletSend');
  harness.controllers.router.push('WalletSendPreview');
  const preview = await waitForView(modal, 'mb-wallet-send-preview-view');
  return { ...harness, modal, preview, hub };
}

describe('WalletSendSuccess view (the end of Send)', () => {
  afterEach(() => document.body.replaceChildren());

  it('after Send: its own title, no Back, what went to whom, the network confirming it, the explorer link, Done', async () => {
    const { modal, preview, controllers, wallet } = await reviewSend();
    const send = await waitFor(() => preview.shadowRoot!.querySelector<MbButton>('mb-button.confirm'), 3000, 'Send');
    send.shadowRoot!.querySelector('button')!.click();
    const success = await waitForView(modal, 'mb-wallet-send-success-view');
    assert.include(wallet.requests, 'eth_sendTransaction');
    // The fake chain answers the receipt at once: the line moves from waiting to confirmed.
    await waitFor(() => completionOf(modal, success).detail === 'Confirmed on the network.', 5000, 'confirmed');
    assert.deepEqual(completionOf(modal, success), {
      title: 'Transaction Sent',
      hasBack: false,
      result: 'You sent 1.5 USDT to 0x3C44...93BC.',
      detail: 'Confirmed on the network.',
      link: { href: `https://bscscan.com/tx/${HASH}`, text: 'View on BscScan', target: '_blank', rel: 'noopener noreferrer' },
      actions: [
        { label: 'Done', variant: 'primary' },
        { label: 'Send again', variant: 'secondary' },
      ],
    });
    assert.equal(success.shadowRoot!.querySelector('.completion-result span')!.getAttribute('title'), RECEIVER);
    await expectNoAxeViolations(modal);
    modal.themeMode = 'dark';
    await modal.updateComplete;
    await expectNoAxeViolations(modal);
    clickCompletionAction(success, 'Done');
    await waitForView(modal, 'mb-account-view');
    assert.deepEqual(controllers.router.getState().history, ['Account']);
  });

  it('a completion screen opened with nothing completed (open({ view })) leads to Account, not to an empty screen', async () => {
    for (const view of ['WalletSendSuccess', 'SwapComplete', 'BuyComplete', 'RegisterAccountNameSuccess'] as const) {
      const harness = createTestControllers();
      await harness.controllers.connection.connect('io.metamask');
      const { modal } = await mountTestModal(harness.controllers);
      harness.controllers.modal.open({ view });
      await waitForView(modal, 'mb-account-view');
      assert.deepEqual(harness.controllers.router.getState().history, ['Account'], view);
      document.body.replaceChildren();
    }
  });

  it('Send again opens an empty Send form with Account behind it', async () => {
    const { modal, preview, controllers } = await reviewSend();
    const send = await waitFor(() => preview.shadowRoot!.querySelector<MbButton>('mb-button.confirm'), 3000, 'Send');
    send.shadowRoot!.querySelector('button')!.click();
    const success = await waitForView(modal, 'mb-wallet-send-success-view');
    clickCompletionAction(success, 'Send again');
    await waitForView(modal, 'mb-wallet-send-view');
    assert.deepEqual(controllers.router.getState().history, ['Account', 'WalletSend']);
    assert.isUndefined(controllers.send.getState().sendTokenAmount);
  });
});
