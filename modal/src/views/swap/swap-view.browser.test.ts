import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { createTestControllers, testAddress, type ExtraRoutes } from '../testing/test-controllers.js';
import { deepActive, deepText, dialogName, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../testing/test-helpers.js';
import type { MbListItem } from '../../ui/list-item/list-item.js';

const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
const USDT = '0x3333333333333333333333333333333333333333';
const POOL = '0x2222222222222222222222222222222222222222';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The swap endpoints for BNB Smart Chain, quoting 590 USDT per BNB; the allowance is what the wallet approved. */
function swapRoutes(state: { allowance: bigint; usdt: string }): ExtraRoutes {
  return (url, init) => {
    const q = url.searchParams;
    if (url.pathname.endsWith('/v1/convert/tokens'))
      return json({
        tokens: [
          { name: 'BNB', symbol: 'BNB', address: `eip155:56:${NATIVE}`, decimals: 18, logoUri: 'javascript:alert(1)' },
          { name: 'Tether USD', symbol: 'USDT', address: `eip155:56:${USDT}`, decimals: 18, logoUri: '' },
          { name: 'Minibot Token', symbol: 'MBT', address: 'eip155:56:0x4444444444444444444444444444444444444444', decimals: 18, logoUri: '' },
        ],
      });
    if (url.pathname.endsWith('/v1/fungible/price'))
      return json({ fungibles: [{ address: `eip155:56:${NATIVE}`, name: 'BNB', symbol: 'BNB', iconUrl: '', price: 600 }, { address: `eip155:56:${USDT}`, name: 'USDT', symbol: 'USDT', iconUrl: '', price: 1 }] });
    if (url.pathname.endsWith('/v1/convert/gas-price')) return json({ standard: '1000000000', fast: '1', instant: '1' });
    if (url.pathname.endsWith('/balance'))
      return json({
        balances: [
          { name: 'BNB', symbol: 'BNB', chainId: 'eip155:56', price: 600, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '' },
          { name: 'Tether USD', symbol: 'USDT', chainId: 'eip155:56', address: `eip155:56:${USDT}`, price: 1, quantity: { decimals: '18', numeric: state.usdt }, iconUrl: '' },
        ],
      });
    if (url.pathname.endsWith('/v1/convert/quotes')) {
      const amount = BigInt(q.get('amount')!);
      const toAmount = q.get('from')!.endsWith(NATIVE) ? amount * 590n : amount / 600n;
      return json({ quotes: [{ id: null, fromAmount: amount.toString(), fromAccount: q.get('from'), toAmount: toAmount.toString(), toAccount: q.get('to') }] });
    }
    if (url.pathname.endsWith('/v1/convert/allowance')) return json({ allowance: state.allowance.toString() });
    if (url.pathname.endsWith('/v1/convert/build-approve'))
      return json({ tx: { from: `eip155:56:${testAddress}`, to: `eip155:56:${USDT}`, data: '0x095ea7b3', value: '0', eip155: { gas: 60000, gasPrice: '1' } } });
    if (url.pathname.endsWith('/v1/convert/build-transaction')) {
      const body = JSON.parse(String(init?.body)) as { amount: string; from: string };
      return json({ tx: { from: `eip155:56:${testAddress}`, to: `eip155:56:${POOL}`, data: '0xabcdef', amount: body.from.endsWith(NATIVE) ? body.amount : '0', eip155: { gas: '200000', gasPrice: '1' } } });
    }
    return undefined;
  };
}

async function openSwap(options: { supported?: boolean; usdt?: string; dark?: boolean; batching?: boolean } = {}) {
  const state = { allowance: 0n, usdt: options.usdt ?? '25', batchStatus: 100 };
  const sent: { to: string; value: string }[] = [];
  const batches: { calls: { to: string }[]; atomicRequired: boolean }[] = [];
  // A smart-account wallet (EIP-5792): atomic batching on BNB Smart Chain; the batch stays pending until `batchStatus` is set.
  const batchMethods = {
    wallet_getCapabilities: () => ({ '0x38': { atomic: { status: 'ready' } } }),
    wallet_sendCalls(params: unknown) {
      batches.push((params as [(typeof batches)[number]])[0]);
      return { id: '0xba7c4' };
    },
    wallet_getCallsStatus: () => ({ version: '2.0.0', id: '0xba7c4', chainId: '0x38', atomic: true, status: state.batchStatus, receipts: state.batchStatus === 200 ? [{ transactionHash: `0x${'ef'.repeat(32)}`, status: '0x1' }] : [] }),
  };
  const routes = swapRoutes(state);
  const harness = createTestControllers({
    modalOptions: options.dark ? { themeMode: 'dark' } : {},
    routes: (url, init) => (options.supported === false && url.pathname.endsWith('/v1/supported-chains') ? json({ http: [], ws: [] }) : routes(url, init)),
    walletMethods: {
      eth_sendTransaction(params) {
        const tx = (params as [{ to: string; value: string }])[0];
        sent.push(tx);
        if (tx.to === USDT) state.allowance = 10n ** 30n;
        return `0x${'cd'.repeat(32)}`;
      },
      eth_getTransactionReceipt: () => ({ status: '0x1' }),
      ...(options.batching ? batchMethods : {}),
    },
  });
  await harness.controllers.connection.connect('io.metamask');
  const { modal } = await mountTestModal(harness.controllers);
  harness.controllers.modal.open({ view: 'Swap' });
  const view = await waitForView(modal, 'mb-swap-view');
  return { ...harness, modal, view, sent, state, batches };
}

const amountInput = (view: HTMLElement) => view.shadowRoot!.querySelector<HTMLInputElement>('input.amount')!;
const buttonNamed = (root: HTMLElement, name: RegExp) =>
  [...root.shadowRoot!.querySelectorAll<HTMLElement>('button, mb-button')].find((b) => name.test(b.getAttribute('aria-label') ?? deepText(b).replace(/\s+:/g, ':')));

/** In Swap: USDT as the token paid and BNB as the token received, through SwapSelectToken; answers the Swap view. */
async function pickUsdtForBnb(view: HTMLElement, modal: Parameters<typeof waitForView>[0]): Promise<HTMLElement> {
  const choose = async (symbol: string) => {
    const select = await waitForView(modal, 'mb-swap-select-token-view');
    await waitFor(() => select.shadowRoot!.querySelectorAll('mb-list-item').length === 3, 3000, 'tokens');
    [...select.shadowRoot!.querySelectorAll<MbListItem>('mb-list-item')].find((i) => i.label.startsWith(symbol))!.shadowRoot!.querySelector('button')!.click();
    return waitForView(modal, 'mb-swap-view');
  };
  buttonNamed(view, /You pay:.*BNB/)!.click();
  const swap = await choose('USDT');
  buttonNamed(swap, /You receive: Select a token/)!.click();
  return choose('BNB');
}

/** The Review swap button once the quote has made it usable. */
const reviewWhenEnabled = (swap: HTMLElement) =>
  waitFor(() => {
    const b = buttonNamed(swap, /Review swap/) as (HTMLElement & { disabled: boolean; loading: boolean }) | undefined;
    return b && !b.disabled && !b.loading ? b : undefined;
  }, 3000, 'review enabled');

describe('Swap views', () => {
  afterEach(() => document.body.replaceChildren());

  it('Swap: typing an amount shows the quote, rate, price impact, fee and minimum received; no axe violations', async () => {
    const { view, modal } = await openSwap();
    assert.equal(dialogName(modal), 'Swap');
    await waitFor(() => deepText(view).includes('Balance: 1.5 BNB'), 3000, 'balances');
    // The token list's image URL did not pass the gate: no javascript: URL reaches the DOM.
    assert.notInclude(view.shadowRoot!.innerHTML, 'javascript:');
    await expectNoAxeViolations(modal);

    buttonNamed(view, /You receive: Select a token/)!.click();
    const select = await waitForView(modal, 'mb-swap-select-token-view');
    assert.equal(dialogName(modal), 'Select Token');
    const labels = () => [...select.shadowRoot!.querySelectorAll<MbListItem>('mb-list-item')].map((i) => i.label);
    await waitFor(() => labels().length === 3, 3000, 'tokens');
    // Own tokens (with balances) first.
    assert.deepEqual(labels(), ['BNB · BNB', 'USDT · Tether USD', 'MBT · Minibot Token']);
    assert.include(deepText(select), 'Your tokens');
    await expectNoAxeViolations(modal);
    [...select.shadowRoot!.querySelectorAll<MbListItem>('mb-list-item')][1].shadowRoot!.querySelector('button')!.click();

    const swap = await waitForView(modal, 'mb-swap-view');
    const input = amountInput(swap);
    input.focus();
    await sendKeys({ type: '0.1' });
    await waitFor(() => deepText(swap).includes('Minimum received'), 3000, 'quote');
    const text = deepText(swap);
    assert.include(text, '59'); // 0.1 x 590
    assert.include(text, '1 BNB = 590 USDT');
    assert.include(text, '58.41 USDT'); // 59 less 1%
    assert.include(text, '1.66%');
    assert.include(text, '0.00015 BNB ($0.09)');
    await expectNoAxeViolations(modal);
  });

  it('SwapSelectToken: search by symbol, picked with the keyboard', async () => {
    const { view, modal, controllers } = await openSwap();
    await waitFor(() => deepText(view).includes('Balance'), 3000, 'loaded');
    const tokenButton = buttonNamed(view, /You receive: Select a token/)!;
    tokenButton.focus();
    await sendKeys({ press: 'Enter' });
    const select = await waitForView(modal, 'mb-swap-select-token-view');
    const search = select.shadowRoot!.querySelector('mb-input')!;
    search.focus();
    await sendKeys({ type: 'mbt' });
    await waitFor(() => select.shadowRoot!.querySelectorAll('mb-list-item').length === 1, 3000, 'search result');
    await sendKeys({ press: 'Tab' });
    assert.equal((deepActive()?.getRootNode() as ShadowRoot).host.localName, 'mb-list-item');
    await sendKeys({ press: 'Enter' });
    await waitForView(modal, 'mb-swap-view');
    assert.equal(controllers.router.getState().view, 'Swap');
  });

  it('SwapPreview: approves the short allowance, swaps, and shows completion with a way back', async () => {
    const { view, modal, sent } = await openSwap({ usdt: '25' });
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
    await waitFor(() => deepText(preview).includes('Swap complete'), 5000, 'completion');
    assert.deepEqual(sent.map((t) => t.to), [USDT, POOL]);
    await expectNoAxeViolations(modal);
    buttonNamed(preview, /Back to account/)!.click();
    await waitForView(modal, 'mb-account-view');
  });

  it('SwapPreview with a wallet that batches atomically: one confirmation, the step shown while pending, then completion', async () => {
    const { view, modal, sent, state, batches } = await openSwap({ usdt: '25', batching: true });
    await waitFor(() => deepText(view).includes('Balance'), 3000, 'loaded');
    const swap = await pickUsdtForBnb(view, modal);
    amountInput(swap).focus();
    await sendKeys({ type: '20' });
    (await reviewWhenEnabled(swap)).click();
    const preview = await waitForView(modal, 'mb-swap-preview-view');
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
    await waitFor(() => deepText(preview).includes('Swap complete'), 5000, 'completion');
    assert.lengthOf(sent, 0);
  });

  it('the dark theme passes axe with a quote and an issue shown', async () => {
    const { view, modal } = await openSwap({ dark: true });
    await waitFor(() => deepText(view).includes('Balance'), 3000, 'loaded');
    buttonNamed(view, /You receive: Select a token/)!.click();
    const select = await waitForView(modal, 'mb-swap-select-token-view');
    await waitFor(() => select.shadowRoot!.querySelectorAll('mb-list-item').length === 3, 3000, 'tokens');
    await expectNoAxeViolations(modal);
    [...select.shadowRoot!.querySelectorAll<MbListItem>('mb-list-item')][1].shadowRoot!.querySelector('button')!.click();
    const swap = await waitForView(modal, 'mb-swap-view');
    amountInput(swap).focus();
    await sendKeys({ type: '5' });
    await waitFor(() => deepText(swap).includes('Insufficient BNB balance') && deepText(swap).includes('Minimum received'), 3000, 'issue');
    await expectNoAxeViolations(modal);
  });

  it("shows 'Network not supported for Swaps' where the API does not serve the chain", async () => {
    const { view } = await openSwap({ supported: false });
    await waitFor(() => view.shadowRoot!.querySelector('[role="alert"]')?.textContent === 'Network not supported for Swaps', 3000, 'error');
  });
});
