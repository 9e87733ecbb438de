import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { deepText, dialogName, expectNoAxeViolations, waitFor, waitForView } from '../testing/test-helpers.js';
import type { MbListItem } from '../../ui/list-item/list-item.js';
import { amountInput, buttonNamed, openSwap } from '../testing/swap-harness.js';

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
    assert.include(text, '0.00015 BNB ($0.09)');
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

  it("shows 'Network not supported for Swaps' where the API does not serve the chain", async () => {
    const { view } = await openSwap({ supported: false });
    await waitFor(() => view.shadowRoot!.querySelector('[role="alert"]')?.textContent === 'Network not supported for Swaps', 3000, 'error');
  });
});
