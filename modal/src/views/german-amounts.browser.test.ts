import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { de } from '../texts/locales/de.js';
import { createTestControllers, testAddress, type ExtraRoutes } from './testing/test-controllers.js';
import { deepText, mountTestModal, waitFor, waitForView } from './testing/test-helpers.js';
import type { MbInput } from '../ui/input/input.js';

// Amounts typed as a German reader writes them: `1,5` is one and a half, in Send and in Swap.
const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const USDT_SEND = '0x55d398326f99059fF775485246999027B3197955';
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
const USDT = '0x3333333333333333333333333333333333333333';
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const enabled = (button: Element | null | undefined) => !!button && !(button as HTMLElement & { disabled: boolean }).disabled;

/** Swap endpoints of BNB Smart Chain quoting 590 USDT per BNB; the quotes asked for are recorded. */
function swapRoutes(quoted: bigint[]): ExtraRoutes {
  return (url) => {
    if (url.pathname.endsWith('/v1/convert/tokens'))
      return json({
        tokens: [
          { name: 'BNB', symbol: 'BNB', address: `eip155:56:${NATIVE}`, decimals: 18, logoUri: '' },
          { name: 'Tether USD', symbol: 'USDT', address: `eip155:56:${USDT}`, decimals: 18, logoUri: '' },
        ],
      });
    if (url.pathname.endsWith('/v1/fungible/price')) return json({ fungibles: [{ address: `eip155:56:${NATIVE}`, name: 'BNB', symbol: 'BNB', iconUrl: '', price: 600 }] });
    if (url.pathname.endsWith('/v1/convert/quotes')) {
      const amount = BigInt(url.searchParams.get('amount')!);
      quoted.push(amount);
      return json({ quotes: [{ id: null, fromAmount: amount.toString(), fromAccount: url.searchParams.get('from'), toAmount: (amount * 590n).toString(), toAccount: url.searchParams.get('to') }] });
    }
    if (url.pathname.endsWith('/v1/convert/allowance')) return json({ allowance: '0' });
    return undefined;
  };
}

describe('amounts in German (locale de)', () => {
  afterEach(() => document.body.replaceChildren());

  it('Send: 1,5 USDT enables Prüfen with 1,50 $ (no NaN), the preview shows 1,5 USDT and the wallet gets 1.5 USDT', async () => {
    const harness = createTestControllers({ modalOptions: { locale: de } });
    await harness.controllers.connection.connect('io.metamask');
    const { modal } = await mountTestModal(harness.controllers);
    harness.controllers.modal.open({ view: 'WalletSend' });
    const view = await waitForView(modal, 'mb-wallet-send-view');
    await waitFor(() => view.shadowRoot!.querySelectorAll('option').length >= 2, 3000, 'tokens in the picker');
    // Balances with the German decimal comma.
    assert.include([...view.shadowRoot!.querySelectorAll('option')].map((o) => o.textContent), 'BNB (1,234)');
    const select = view.shadowRoot!.querySelector('select')!;
    select.value = '1';
    select.dispatchEvent(new Event('change'));
    view.shadowRoot!.querySelector<MbInput>('mb-input.amount-input')!.focus();
    await sendKeys({ type: '1,5' });
    view.shadowRoot!.querySelector<MbInput>('mb-input.receiver-input')!.focus();
    await sendKeys({ type: RECEIVER });
    const submit = () => view.shadowRoot!.querySelector('mb-button.submit');
    await waitFor(() => enabled(submit()) && deepText(submit()!) === 'Prüfen', 3000, 'Prüfen enabled');
    const text = deepText(view);
    assert.notInclude(text, 'NaN');
    assert.match(text, /1,50\s\$/);
    submit()!.shadowRoot!.querySelector('button')!.click();
    const preview = await waitForView(modal, 'mb-wallet-send-preview-view');
    assert.include(deepText(preview), '1,5 USDT');
    assert.notInclude(deepText(preview), 'NaN');
    preview.shadowRoot!.querySelector('mb-button.confirm')!.shadowRoot!.querySelector('button')!.click();
    await waitForView(modal, 'mb-account-view');
    assert.deepEqual(harness.wallet.sent, [
      { from: testAddress, to: USDT_SEND, data: `0xa9059cbb${'0'.repeat(24)}${RECEIVER.slice(2).toLowerCase()}${(15n * 10n ** 17n).toString(16).padStart(64, '0')}` },
    ]);
  });

  it('Swap: 0,1 BNB asks the quote for 0.1 BNB and enables Tausch prüfen with 59 USDT', async () => {
    const quoted: bigint[] = [];
    const harness = createTestControllers({ modalOptions: { locale: de }, routes: swapRoutes(quoted), walletMethods: { eth_getTransactionReceipt: () => ({ status: '0x1' }) } });
    await harness.controllers.connection.connect('io.metamask');
    const { modal } = await mountTestModal(harness.controllers);
    harness.controllers.modal.open({ view: 'Swap' });
    const view = await waitForView(modal, 'mb-swap-view');
    await waitFor(() => deepText(view).includes('BNB'), 3000, 'loaded');
    // Pick USDT as the token received.
    const receive = [...view.shadowRoot!.querySelectorAll<HTMLElement>('button')].find((b) => /Token wählen|Select a token/.test(b.getAttribute('aria-label') ?? deepText(b)));
    receive!.click();
    const select = await waitForView(modal, 'mb-swap-select-token-view');
    await waitFor(() => select.shadowRoot!.querySelectorAll('mb-list-item').length === 2, 3000, 'tokens');
    [...select.shadowRoot!.querySelectorAll<HTMLElement & { label: string }>('mb-list-item')].find((i) => i.label.startsWith('USDT'))!.shadowRoot!.querySelector('button')!.click();
    const swap = await waitForView(modal, 'mb-swap-view');
    const input = swap.shadowRoot!.querySelector<HTMLInputElement>('input.amount')!;
    input.focus();
    await sendKeys({ type: '0,1' });
    const review = () => [...swap.shadowRoot!.querySelectorAll('mb-button')].find((b) => deepText(b) === 'Tausch prüfen');
    await waitFor(() => enabled(review()), 3000, 'Tausch prüfen enabled');
    assert.deepEqual(quoted.at(-1), 10n ** 17n);
    assert.equal(input.getAttribute('aria-invalid'), 'false');
    assert.include(deepText(swap), '59');
    assert.notInclude(deepText(swap), 'NaN');
  });
});
