import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { de } from '../../texts/locales/de.js';
import type { ModalLocale, ModalTextsOverride } from '../../texts/locale.js';
import { assertErrorLineFits, LONG_ERROR } from '../testing/error-line.js';
import { createTestControllers, testAddress } from '../testing/test-controllers.js';
import { clickCompletionAction, deepText, dialogName, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../testing/test-helpers.js';
import type { MbListItem } from '../../ui/list-item/list-item.js';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const bscNet = { name: 'bnb-smart-chain', display_name: 'BNB Smart Chain', chain_id: '56', contract_address: '' };

async function openBuy(options: { failing?: boolean; providerUrl?: string; dark?: boolean; locale?: ModalLocale; texts?: ModalTextsOverride; urlAnswered?: () => Promise<void> } = {}) {
  const service = { bought: false, urlBodies: [] as unknown[] };
  const harness = createTestControllers({
    modalOptions: { ...(options.dark ? { themeMode: 'dark' as const } : {}), ...(options.locale ? { locale: options.locale } : {}), ...(options.texts ? { texts: options.texts } : {}) },
    routes: async (url, init) => {
      if (url.pathname.endsWith('/v1/onramp/options')) {
        if (options.failing) return json({ error: 'down' }, 500);
        return json({
          paymentCurrencies: ['USD', 'EUR', 'GBP'].map((id) => ({ id, payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }, { id: 'ach_bank_account', min: '10.00', max: '25000.00' }] })),
          purchaseCurrencies: [
            { id: 'bnb', name: 'BNB', symbol: 'BNB', networks: [bscNet] },
            { id: 'usdt', name: 'Tether USD', symbol: 'USDT', networks: [{ ...bscNet, contract_address: '0x3333333333333333333333333333333333333333' }] },
          ],
        });
      }
      if (url.pathname.endsWith('/v1/onramp/quote')) {
        if (options.failing) return json({ error: 'down' }, 500);
        return json({
          paymentTotal: { amount: '50.00', currency: 'USD' },
          paymentSubtotal: { amount: '49.15', currency: 'USD' },
          purchaseAmount: { amount: '0.08191667', currency: 'BNB' },
          coinbaseFee: { amount: '0.75', currency: 'USD' },
          networkFee: { amount: '0.10', currency: 'USD' },
          quoteId: 'q',
        });
      }
      if (url.pathname.endsWith('/v1/fungible/price')) return json({ fungibles: [{ address: 'x', name: 'BNB', symbol: 'BNB', iconUrl: '', price: 600 }] });
      if (url.pathname.endsWith('/v1/generators/onrampurl')) {
        service.urlBodies.push(JSON.parse(String(init?.body)));
        await options.urlAnswered?.();
        return json({ url: options.providerUrl ?? 'https://pay.example/buy/1' });
      }
      if (url.pathname.endsWith('/history'))
        return json({
          data: service.bought
            ? [{ id: 'b1', metadata: { operationType: 'buy', hash: `0x${'ef'.repeat(32)}`, chain: 'eip155:56', minedAt: new Date().toISOString(), sentFrom: '0x', sentTo: testAddress, status: 'confirmed', nonce: 0 }, transfers: [] }]
            : [],
          next: null,
        });
      return undefined;
    },
  });
  await harness.controllers.connection.connect('io.metamask');
  const { modal } = await mountTestModal(harness.controllers);
  harness.controllers.modal.open({ view: 'OnRampProviders' });
  const view = await waitForView(modal, 'mb-onramp-providers-view');
  await waitFor(() => view.shadowRoot!.querySelector('input.amount'), 3000, 'options');
  return { ...harness, modal, view, service };
}

/** The amount's limit message as the reader sees it (empty when the amount is within the limits). */
const limitMessage = (view: HTMLElement) => view.shadowRoot!.querySelector('#amount-error')!.textContent!.trim();

const buttonNamed = (root: HTMLElement, name: RegExp) =>
  [...root.shadowRoot!.querySelectorAll<HTMLElement>('button, mb-button')].find((b) => name.test(deepText(b).replace(/\s+:/g, ':')));

describe('Buy with fiat views', () => {
  let opened: string[] = [];
  const realOpen = window.open;
  beforeEach(() => {
    opened = [];
    window.open = ((url: string) => {
      opened.push(url);
      return {} as Window;
    }) as typeof window.open;
  });
  afterEach(() => {
    window.open = realOpen;
    document.body.replaceChildren();
  });

  it('OnRampProviders: the quote shows fee, network fee, subtotal, total and the purchase amount, each with its currency', async () => {
    const { view, modal } = await openBuy();
    assert.equal(dialogName(modal), 'Buy Crypto');
    view.shadowRoot!.querySelector<HTMLInputElement>('input.amount')!.focus();
    await sendKeys({ type: '50' });
    await waitFor(() => deepText(view).includes('$49.15'), 3000, 'quote');
    const values = Object.fromEntries([...view.shadowRoot!.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]));
    // Every amount in the locale's form: money as money, the token by the one display rule.
    assert.deepInclude(values, { 'You receive': '0.081 BNB', 'Provider fee': '$0.75', 'Network fee': '$0.10', Subtotal: '$49.15', Total: '$50.00' });
    await expectNoAxeViolations(modal);
  });

  it('the dark theme passes axe with a quote and a limit error', async () => {
    const { view, modal } = await openBuy({ dark: true });
    view.shadowRoot!.querySelector<HTMLInputElement>('input.amount')!.focus();
    await sendKeys({ type: '5' });
    await waitFor(() => deepText(view).includes('The minimum is $10.00'), 3000, 'min');
    assert.equal(limitMessage(view), 'The minimum is $10.00');
    await expectNoAxeViolations(modal);
    await sendKeys({ type: '0' });
    await waitFor(() => deepText(view).includes('$49.15'), 3000, 'quote');
    await expectNoAxeViolations(modal);
  });

  it('limits per payment method; the methods are toggle buttons operated with the keyboard', async () => {
    const { view } = await openBuy();
    view.shadowRoot!.querySelector<HTMLInputElement>('input.amount')!.focus();
    await sendKeys({ type: '9000' });
    await waitFor(() => deepText(view).includes('The maximum is'), 3000, 'max');
    // The service's limit ('7500.00' USD) as money in the reader's locale.
    assert.equal(limitMessage(view), 'The maximum is $7,500.00');
    const bank = buttonNamed(view, /Bank account/)!;
    assert.equal(bank.getAttribute('aria-pressed'), 'false');
    bank.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => bank.getAttribute('aria-pressed') === 'true', 3000, 'pressed');
    await waitFor(() => !deepText(view).includes('The maximum'), 3000, 'limit lifted');
  });

  it('in German, the minimum and the maximum read as German money', async () => {
    const { view } = await openBuy({ locale: de });
    const input = view.shadowRoot!.querySelector<HTMLInputElement>('input.amount')!;
    input.focus();
    await sendKeys({ type: '5' });
    await waitFor(() => limitMessage(view) !== '', 3000, 'min');
    assert.equal(limitMessage(view), 'Das Minimum ist 10,00\u00a0$');
    await sendKeys({ type: '0000' });
    await waitFor(() => limitMessage(view).startsWith('Das Maximum'), 3000, 'max');
    assert.equal(limitMessage(view), 'Das Maximum ist 7.500,00\u00a0$');
  });

  it('Buy opens the provider URL in a new window and BuyInProgress completes when the order arrives', async () => {
    const { view, modal, service } = await openBuy();
    view.shadowRoot!.querySelector<HTMLInputElement>('input.amount')!.focus();
    await sendKeys({ type: '50' });
    const buy = await waitFor(() => {
      const b = buttonNamed(view, /Buy with Coinbase/) as (HTMLElement & { disabled: boolean }) | undefined;
      return b && !b.disabled ? b : undefined;
    }, 3000, 'buy enabled');
    buy.click();
    const progress = await waitForView(modal, 'mb-buy-in-progress-view');
    assert.deepEqual(opened, ['https://pay.example/buy/1']);
    assert.deepEqual(service.urlBodies[0], {
      destinationWallets: [{ address: testAddress, blockchains: ['bnb-smart-chain'], assets: ['BNB'] }],
      defaultNetwork: 'bnb-smart-chain',
      partnerUserId: testAddress,
      defaultExperience: 'buy',
      presetCryptoAmount: 0.08191667,
      presetFiatAmount: 50,
    });
    assert.equal(dialogName(modal), 'Buying');
    assert.include(deepText(progress), 'Finish the purchase in the Coinbase window');
    await expectNoAxeViolations(modal);
    service.bought = true;
    const complete = await waitFor(() => (modal.shadowRoot!.querySelector('mb-buy-complete-view') as HTMLElement | null) ?? undefined, 6000, 'completion');
    await waitForView(modal, 'mb-buy-complete-view');
    assert.equal(dialogName(modal), 'Purchase Complete');
    await expectNoAxeViolations(modal);
    clickCompletionAction(complete, 'Done');
    await waitForView(modal, 'mb-account-view');
  });

  it('a provider URL that fails the URL gate is never opened', async () => {
    const { view, modal } = await openBuy({ providerUrl: 'javascript:alert(1)' });
    view.shadowRoot!.querySelector<HTMLInputElement>('input.amount')!.focus();
    await sendKeys({ type: '50' });
    const buy = await waitFor(() => {
      const b = buttonNamed(view, /Buy with Coinbase/) as (HTMLElement & { disabled: boolean }) | undefined;
      return b && !b.disabled ? b : undefined;
    }, 3000, 'buy enabled');
    buy.click();
    await waitFor(() => deepText(view).includes('Something went wrong'), 3000, 'error');
    assert.deepEqual(opened, []);
    assert.equal(modal.resolved()!.router.getState().view, 'OnRampProviders');
  });

  it('its error lines wrap inside the dialog in at most two lines (a long translation): the amount and the failed purchase', async () => {
    let answer = Promise.resolve();
    const { view, modal } = await openBuy({ providerUrl: 'javascript:alert(1)', texts: { messages: { somethingWentWrong: LONG_ERROR }, invalidAmount: LONG_ERROR }, urlAnswered: () => answer });
    const amount = view.shadowRoot!.querySelector<HTMLInputElement>('input.amount')!;
    amount.focus();
    await sendKeys({ type: '5x' });
    await waitFor(() => limitMessage(view) === LONG_ERROR, 3000, 'the amount error');
    assertErrorLineFits(modal, view.shadowRoot!.querySelector('#amount-error')!);
    amount.select();
    await sendKeys({ type: '50' });
    await waitFor(() => limitMessage(view) === '', 3000, 'the amount error cleared');
    const buy = await waitFor(() => {
      const b = buttonNamed(view, /Buy with Coinbase/) as (HTMLElement & { disabled: boolean }) | undefined;
      return b && !b.disabled ? b : undefined;
    }, 3000, 'buy enabled');
    buy.click();
    const failed = () => [...view.shadowRoot!.querySelectorAll('p.error[role="alert"]')].find((p) => p.id !== 'amount-error' && p.textContent === LONG_ERROR);
    const alert = await waitFor(failed, 3000, 'the error');
    assertErrorLineFits(modal, alert);
    await expectNoAxeViolations(modal);
    // Buy again: busy while the provider's page is asked for, the last error gone meanwhile.
    let answerNow!: () => void;
    answer = new Promise((resolve) => (answerNow = resolve));
    buy.click();
    await waitFor(() => buy.shadowRoot!.querySelector('button')!.getAttribute('aria-busy') === 'true', 3000, 'busy');
    assert.isUndefined(failed(), 'no stale error while it runs');
    answerNow();
    await waitFor(failed, 3000, 'the error again');
  });

  it('with the service failing: sample options, a mocked quote; OnRampFiatSelect and OnRampTokenSelect pick and go back', async () => {
    const { view, modal, controllers } = await openBuy({ failing: true });
    assert.include(deepText(view), 'Showing sample options');
    view.shadowRoot!.querySelector<HTMLInputElement>('input.amount')!.focus();
    await sendKeys({ type: '100' });
    await waitFor(() => deepText(view).includes('Estimate only'), 3000, 'mocked quote');
    assert.include(deepText(view), '$100.00');
    assert.include(deepText(view), '0.166 BNB');
    await expectNoAxeViolations(modal);

    buttonNamed(view, /Currency: USD/)!.click();
    const fiat = await waitForView(modal, 'mb-onramp-fiat-select-view');
    assert.equal(dialogName(modal), 'Select Currency');
    assert.deepEqual([...fiat.shadowRoot!.querySelectorAll<MbListItem>('mb-list-item')].map((i) => i.label), ['USD', 'EUR']);
    await expectNoAxeViolations(modal);
    [...fiat.shadowRoot!.querySelectorAll<MbListItem>('mb-list-item')][1].shadowRoot!.querySelector('button')!.click();
    const back = await waitForView(modal, 'mb-onramp-providers-view');
    await waitFor(() => deepText(back).includes('€100.00'), 3000, 'EUR quote');

    buttonNamed(back, /Token to buy: BNB/)!.click();
    const tokens = await waitForView(modal, 'mb-onramp-token-select-view');
    assert.equal(dialogName(modal), 'Select Token');
    assert.deepEqual([...tokens.shadowRoot!.querySelectorAll<MbListItem>('mb-list-item')].map((i) => i.label), ['BNB · BNB']);
    await expectNoAxeViolations(modal);
    [...tokens.shadowRoot!.querySelectorAll<MbListItem>('mb-list-item')][0].shadowRoot!.querySelector('button')!.click();
    await waitForView(modal, 'mb-onramp-providers-view');
    assert.equal(controllers.router.getState().view, 'OnRampProviders');
  });
});
