import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { clickCompletionAction, completionOf, deepText, dialogName, expectNoAxeViolations, waitFor, waitForView } from '../testing/test-helpers.js';
import { assertErrorLineFits } from '../testing/error-line.js';
import { amountInput, buttonNamed, openSwap, pickUsdtForBnb, reviewWhenEnabled, POOL, USDT, pickReceivedToken } from '../testing/swap-harness.js';

/** Swaps 20 USDT for BNB from the Swap view: picks the pair, types the amount, opens the review. */
async function reviewUsdtForBnb(view: HTMLElement, modal: Parameters<typeof waitForView>[0]): Promise<HTMLElement & { updateComplete: Promise<unknown> }> {
  const swap = await pickUsdtForBnb(view, modal);
  amountInput(swap).focus();
  await sendKeys({ type: '20' });
  (await reviewWhenEnabled(swap)).click();
  return waitForView(modal, 'mb-swap-preview-view');
}

describe('SwapPreview view', () => {
  afterEach(() => document.body.replaceChildren());

  it('SwapPreview: approves the short allowance, swaps, then SwapComplete: its own title, no Back, the result, the explorer link, Done', async () => {
    const { view, modal, sent, controllers } = await openSwap({ usdt: '25' });
    await waitFor(() => deepText(view).includes('Balance'), 3000, 'loaded');
    const swap = await pickUsdtForBnb(view, modal);
    amountInput(swap).focus();
    await sendKeys({ type: '30' });
    await waitFor(() => deepText(swap).includes('Insufficient USDT balance'), 3000, 'insufficient balance');
    amountInput(swap).select();
    await sendKeys({ type: '20' });
    (await reviewWhenEnabled(swap)).click();
    const preview = await waitForView(modal, 'mb-swap-preview-view');
    assert.equal(dialogName(modal), 'Review Swap');
    assert.include(deepText(preview), 'your wallet asks twice');
    await expectNoAxeViolations(modal);
    buttonNamed(preview, /Approve USDT and swap/)!.click();
    const complete = await waitForView(modal, 'mb-swap-complete-view');
    assert.deepEqual(sent.map((t) => t.to), [USDT, POOL]);
    assert.deepEqual(completionOf(modal, complete), {
      title: 'Swap Complete',
      hasBack: false,
      result: 'You paid 20 USDT and received 0.033 BNB.',
      detail: undefined,
      link: { href: `https://bscscan.com/tx/0x${'cd'.repeat(32)}`, text: 'View on BscScan', target: '_blank', rel: 'noopener noreferrer' },
      actions: [
        { label: 'Done', variant: 'primary' },
        { label: 'Swap again', variant: 'secondary' },
      ],
    });
    await expectNoAxeViolations(modal);
    clickCompletionAction(complete, 'Done');
    await waitForView(modal, 'mb-account-view');
    assert.deepEqual(controllers.router.getState().history, ['Account']);
  });

  it('a failed approval says so in one sentence of at most two lines, inside the dialog (a 1,500-character library error, a long wallet sentence)', async () => {
    const dump = Object.assign(
      new Error(
        `HTTP request failed.\n\nURL: http://127.0.0.1:8545/\nRequest body: {"method":"eth_sendTransaction","params":[{"from":"0x${'1'.repeat(40)}","data":"0x095ea7b3${'0'.repeat(1200)}"}]}\n\nDetails: fetch failed\nVersion: viem@2.57.20`,
      ),
      { code: -32603 },
    );
    const wordy = { code: -32000, message: 'The wallet could not complete this approval because its signing service is temporarily busy with other requests' };
    for (const [approveError, expected] of [
      [dump, 'Something went wrong'],
      [wordy, wordy.message],
    ] as const) {
      const { view, modal } = await openSwap({ usdt: '25', approveError });
      await waitFor(() => deepText(view).includes('Balance'), 3000, 'loaded');
      const preview = await reviewUsdtForBnb(view, modal);
      buttonNamed(preview, /Approve USDT and swap/)!.click();
      const alert = await waitFor(() => preview.shadowRoot!.querySelector<HTMLElement>('p.error[role="alert"]'), 5000, 'the error');
      assert.equal(alert.textContent, expected);
      assertErrorLineFits(modal, alert, { wraps: expected === wordy.message });
      await expectNoAxeViolations(modal);
      document.body.replaceChildren();
    }
  });

  it('after a failed approval, submitting again clears the error at once, and the swap completes', async () => {
    const wallet: { usdt: string; approveError?: unknown } = { usdt: '25', approveError: { code: -32000, message: 'The signing service is busy' } };
    const { view, modal } = await openSwap(wallet);
    await waitFor(() => deepText(view).includes('Balance'), 3000, 'loaded');
    const preview = await reviewUsdtForBnb(view, modal);
    buttonNamed(preview, /Approve USDT and swap/)!.click();
    await waitFor(() => preview.shadowRoot!.querySelector('p.error[role="alert"]')?.textContent === 'The signing service is busy', 5000, 'the error');
    wallet.approveError = undefined;
    buttonNamed(preview, /Approve USDT and swap/)!.click();
    await preview.updateComplete;
    assert.isNull(preview.shadowRoot!.querySelector('p.error[role="alert"]'), 'no stale error while it is submitted again');
    await waitForView(modal, 'mb-swap-complete-view');
  });

  it('SwapPreview with a wallet that batches atomically: one confirmation, the step shown while pending, then completion', async () => {
    const { view, modal, sent, state, batches } = await openSwap({ usdt: '25', batching: true });
    await waitFor(() => deepText(view).includes('Balance'), 3000, 'loaded');
    const preview = await reviewUsdtForBnb(view, modal);
    assert.include(deepText(preview), 'Your wallet approves USDT and swaps in one step: it asks once.');
    assert.notInclude(deepText(preview), 'asks twice');
    buttonNamed(preview, /Approve USDT and swap/)!.click();
    const status = await waitFor(() => preview.shadowRoot!.querySelector('[role="status"]'), 3000, 'pending step');
    assert.equal(status.textContent, 'Approving USDT and swapping in one step: one confirmation in your wallet...');
    await expectNoAxeViolations(modal);
    assert.lengthOf(batches, 1);
    assert.deepEqual(batches[0].calls.map((c) => c.to), [USDT, POOL]);
    assert.isTrue(batches[0].atomicRequired);
    state.batchStatus = 200;
    const complete = await waitForView(modal, 'mb-swap-complete-view');
    assert.lengthOf(sent, 0);
    // The batch's swap transaction is the one linked.
    assert.equal(completionOf(modal, complete).link?.href, `https://bscscan.com/tx/0x${'ef'.repeat(32)}`);
  });

  it('SwapPreview of 0.1 BNB for USDT: what is paid and received, the rows, and Swap as the one action (no approval for the native token); Swap again', async () => {
    const { view, modal, sent, controllers } = await openSwap();
    await waitFor(() => deepText(view).includes('Balance'), 3000, 'loaded');
    const swap = await pickReceivedToken(view, modal);
    amountInput(swap).focus();
    await sendKeys({ type: '0.1' });
    (await reviewWhenEnabled(swap)).click();
    const preview = await waitForView(modal, 'mb-swap-preview-view');
    assert.equal(dialogName(modal), 'Review Swap');
    assert.deepEqual(
      [...preview.shadowRoot!.querySelectorAll('.big')].map((b) => b.textContent),
      ['0.1 BNB', '59 USDT'],
    );
    const rows = Object.fromEntries([...preview.shadowRoot!.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]));
    assert.deepInclude(rows, { 'Minimum received': '58.41 USDT', 'Slippage tolerance (%)': '1', 'Network fee': '0.00015 BNB ($0.09)' });
    assert.notInclude(deepText(preview), 'asks twice');
    const actions = [...preview.shadowRoot!.querySelectorAll('mb-button')];
    assert.deepEqual(actions.map((b) => deepText(b).trim()), ['Swap']);
    await expectNoAxeViolations(modal);
    actions[0].shadowRoot!.querySelector('button')!.click();
    const complete = await waitForView(modal, 'mb-swap-complete-view');
    assert.deepEqual(sent.map((t) => t.to), [POOL]);
    assert.equal(completionOf(modal, complete).result, 'You paid 0.1 BNB and received 59 USDT.');
    // Swap again: the form from its start (the tokens kept, the amount cleared), with the way back to Account.
    clickCompletionAction(complete, 'Swap again');
    const again = await waitForView(modal, 'mb-swap-view');
    assert.equal(amountInput(again).value, '');
    assert.deepEqual(controllers.router.getState().history, ['Account', 'Swap']);
  });
});
