import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { deepActive, deepText, dialogName, expectNoAxeViolations, waitFor, waitForView } from '../testing/test-helpers.js';
import type { MbListItem } from '../../ui/list-item/list-item.js';
import { buttonNamed, openSwap } from '../testing/swap-harness.js';

describe('SwapSelectToken view', () => {
  afterEach(() => document.body.replaceChildren());

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

  it('SwapSelectToken: own tokens with their balances, then all tokens; no match says so; a pick sets the side asked for and goes back', async () => {
    const { view, modal, controllers } = await openSwap();
    await waitFor(() => deepText(view).includes('Balance'), 3000, 'loaded');
    buttonNamed(view, /You pay:.*BNB/)!.click();
    const select = await waitForView(modal, 'mb-swap-select-token-view');
    assert.equal(dialogName(modal), 'Select Token');
    const items = () => [...select.shadowRoot!.querySelectorAll<MbListItem>('mb-list-item')];
    await waitFor(() => items().length === 3, 3000, 'tokens');
    assert.deepEqual([...select.shadowRoot!.querySelectorAll('h3')].map((h) => h.textContent), ['Your tokens', 'All tokens']);
    assert.deepEqual(
      items().map((item) => [item.label, item.getAttribute('tag'), item.hasAttribute('active')]),
      [
        ['BNB · BNB', '1.5', true],
        ['USDT · Tether USD', '25', false],
        ['MBT · Minibot Token', null, false],
      ],
    );
    await expectNoAxeViolations(modal);

    const search = select.shadowRoot!.querySelector('mb-input')!;
    search.focus();
    await sendKeys({ type: 'zzz' });
    await waitFor(() => items().length === 0, 3000, 'no match');
    assert.equal(select.shadowRoot!.querySelector('[role="status"]')?.textContent, 'No token found');
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ press: 'Backspace' });
    await waitFor(() => items().length === 3, 3000, 'all again');
    items()[1].shadowRoot!.querySelector('button')!.click();
    await waitForView(modal, 'mb-swap-view');
    const swap = await controllers.swap.load();
    assert.equal(swap.getState().from?.symbol, 'USDT');
  });
});
