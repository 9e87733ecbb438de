import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { deepText, dialogName, expectNoAxeViolations, fieldAnnouncement, waitFor, waitForView, tabRound, assertVisualOrder } from '../testing/test-helpers.js';
import type { MbListItem } from '../../ui/list-item/list-item.js';
import { amountInput, buttonNamed, openSwap, pickReceivedToken, reviewWhenEnabled } from '../testing/swap-harness.js';
import { ar } from '../../texts/locales/ar.js';
import type { SwapController } from '../../controllers/swap/swap.js';
import { assertErrorLineFits, LONG_ERROR } from '../testing/error-line.js';

describe('Swap view', () => {
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
    assert.match(text, /0\.00015 BNB \( ?\$0\.09 ?\)/);
    await expectNoAxeViolations(modal);
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

  it("a failed quote says so in at most two lines inside the dialog (a long translation), without the service's detail", async () => {
    const { view, modal } = await openSwap({ quotesFail: true, texts: { quoteFailed: LONG_ERROR } });
    await waitFor(() => deepText(view).includes('Balance'), 3000, 'loaded');
    const swap = await pickReceivedToken(view, modal);
    amountInput(swap).focus();
    await sendKeys({ type: '0.1' });
    const alert = await waitFor(() => swap.shadowRoot!.querySelector<HTMLElement>('p.error[role="alert"]'), 3000, 'the error');
    assert.match(alert.textContent!, new RegExp(`^${LONG_ERROR}: `));
    assert.notInclude(deepText(swap), 'upstream aggregator');
    assertErrorLineFits(modal, alert);
    await expectNoAxeViolations(modal);
  });

  it('an amount that is none or over the balance, and a tolerance out of range, mark their field invalid, described by the message shown and announced', async () => {
    const { view, modal } = await openSwap();
    await waitFor(() => deepText(view).includes('Balance'), 3000, 'loaded');
    const swap = await pickReceivedToken(view, modal);
    const input = amountInput(swap);
    assert.equal(input.inputMode, 'decimal');
    assert.deepEqual(fieldAnnouncement(input), { invalid: false, description: '', announced: false });
    input.focus();
    await sendKeys({ type: '5' });
    await waitFor(() => fieldAnnouncement(input).invalid, 3000, 'over the balance');
    assert.deepEqual(fieldAnnouncement(input), { invalid: true, description: 'Insufficient BNB balance', announced: true });
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: '1,2,3' });
    await waitFor(() => fieldAnnouncement(input).description === 'Enter a valid amount', 3000, 'not an amount');
    assert.isTrue(fieldAnnouncement(input).announced);
    const slippage = swap.shadowRoot!.querySelector<HTMLInputElement>('#slippage')!;
    slippage.value = '80';
    slippage.dispatchEvent(new Event('change'));
    await waitFor(() => fieldAnnouncement(slippage).invalid, 3000, 'the tolerance marked invalid');
    assert.deepEqual(fieldAnnouncement(slippage), { invalid: true, description: 'Enter a tolerance between 0.01 and 50', announced: true });
  });

  it("shows 'Network not supported for Swaps' where the API does not serve the chain", async () => {
    const { view } = await openSwap({ supported: false });
    await waitFor(() => view.shadowRoot!.querySelector('[role="alert"]')?.textContent === 'Network not supported for Swaps', 3000, 'error');
  });
  it('Tab follows what is seen, from the header down the form: amount, token paid, Max, flip, token received, slippage, Review swap, round to Back', async () => {
    const { view, modal, controllers } = await openSwap();
    await waitFor(() => deepText(view).includes('Balance: 1.5 BNB'), 3000, 'balances');
    controllers.router.reset('Account');
    await waitForView(modal, 'mb-account-view');
    controllers.router.push('Swap');
    const swap = await pickReceivedToken(await waitForView(modal, 'mb-swap-view'), modal);
    amountInput(swap).focus();
    await sendKeys({ type: '0.1' });
    await reviewWhenEnabled(swap);
    const stops = await tabRound(modal);
    assert.deepEqual(
      stops.map((stop) => stop.name),
      ['Close', 'Amount', 'You pay: BNB', 'Max', 'Switch tokens', 'You receive: USDT', 'Slippage tolerance (%)', 'Review swap', 'Back'],
    );
    assertVisualOrder(stops);
  });
});

describe('Swap view in Arabic (right to left)', () => {
  afterEach(() => document.body.replaceChildren());

  it('the rate and fee lines keep their runs in order: each amount with its symbol isolated, reading left to right inside', async () => {
    const { view } = await openSwap({ locale: ar });
    const swap = await waitFor(() => (view as HTMLElement & { swap?: SwapController }).swap, 3000, 'the swap feature');
    await waitFor(() => swap.getState().tokens.length === 3, 3000, 'tokens');
    swap.selectToken('to', swap.getState().tokens.find((token) => token.symbol === 'USDT')!.address);
    const input = amountInput(view);
    input.focus();
    await sendKeys({ type: '0.1' });
    const rate = await waitFor(() => [...view.shadowRoot!.querySelectorAll('dt')].find((dt) => dt.textContent === ar.texts.swapRate)?.nextElementSibling, 3000, 'the rate line');
    await waitFor(() => rate.querySelectorAll('bdi').length === 2, 3000, 'the quote');
    const number = (value: number) => new Intl.NumberFormat('ar', { maximumFractionDigits: 3 }).format(value);
    // DOM order: what is paid, then what it buys; each run isolated.
    const runs = [...rate.querySelectorAll('bdi')];
    assert.deepEqual(runs.map((bdi) => bdi.textContent), ['1 BNB', `${number(590)} USDT`]);
    assert.equal(rate.textContent!.replace(/\s+/g, ' ').trim(), `1 BNB = ${number(590)} USDT`);
    for (const bdi of runs) assert.equal(getComputedStyle(bdi).unicodeBidi, 'isolate');
    assert.equal(getComputedStyle(rate).direction, 'rtl');
    // Right to left: "1 BNB" stands right of the USDT amount, and inside it "1" stands left of "BNB".
    const [paid, bought] = runs.map((bdi) => bdi.getBoundingClientRect());
    assert.isAbove(paid.left, bought.right - 1, 'the first run on the right');
    const text = [...runs[0].childNodes].find((node) => node.nodeType === Node.TEXT_NODE)!;
    const one = document.createRange();
    one.setStart(text, 0);
    one.setEnd(text, 1);
    const symbol = document.createRange();
    symbol.setStart(text, 2);
    symbol.setEnd(text, 5);
    assert.isBelow(one.getBoundingClientRect().left, symbol.getBoundingClientRect().left, '"1 BNB" reads left to right');
    const fee = [...view.shadowRoot!.querySelectorAll('dt')].find((dt) => dt.textContent === ar.texts.networkFee)!.nextElementSibling!;
    assert.deepEqual(
      [...fee.querySelectorAll('bdi')].map((bdi) => bdi.textContent),
      [`${new Intl.NumberFormat('ar', { maximumSignificantDigits: 2 }).format(0.00015)} BNB`, new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD' }).format(0.09)],
      'the fee in BNB, then its USD value, each isolated',
    );
  });

});
