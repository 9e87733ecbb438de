import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { createTestControllers, testAddress } from '../testing/test-controllers.js';
import { clickCompletionAction, completionOf, deepText, dialogName, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../testing/test-helpers.js';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const bscNet = { name: 'bnb-smart-chain', display_name: 'BNB Smart Chain', chain_id: '56', contract_address: '' };

/** Buy with fiat up to BuyInProgress; the order history answers `order.status` once set. */
async function openProgress() {
  const order: { status?: 'confirmed' | 'failed' } = {};
  const harness = createTestControllers({
    routes: (url) => {
      if (url.pathname.endsWith('/v1/onramp/options'))
        return json({
          paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }] }],
          purchaseCurrencies: [{ id: 'bnb', name: 'BNB', symbol: 'BNB', networks: [bscNet] }],
        });
      if (url.pathname.endsWith('/v1/onramp/quote'))
        return json({
          paymentTotal: { amount: '50.00', currency: 'USD' },
          paymentSubtotal: { amount: '49.15', currency: 'USD' },
          purchaseAmount: { amount: '0.08191667', currency: 'BNB' },
          coinbaseFee: { amount: '0.75', currency: 'USD' },
          networkFee: { amount: '0.10', currency: 'USD' },
          quoteId: 'q',
        });
      if (url.pathname.endsWith('/v1/fungible/price')) return json({ fungibles: [{ address: 'x', name: 'BNB', symbol: 'BNB', iconUrl: '', price: 600 }] });
      if (url.pathname.endsWith('/v1/generators/onrampurl')) return json({ url: 'https://pay.example/buy/7' });
      if (url.pathname.endsWith('/history'))
        return json({
          data: order.status
            ? [{ id: 'b7', metadata: { operationType: 'buy', hash: `0x${'ab'.repeat(32)}`, chain: 'eip155:56', minedAt: new Date().toISOString(), sentFrom: '0x', sentTo: testAddress, status: order.status, nonce: 0 }, transfers: [] }]
            : [],
          next: null,
        });
      return undefined;
    },
  });
  await harness.controllers.connection.connect('io.metamask');
  const { modal } = await mountTestModal(harness.controllers);
  harness.controllers.modal.open({ view: 'OnRampProviders' });
  const providers = await waitForView(modal, 'mb-onramp-providers-view');
  const amount = await waitFor(() => providers.shadowRoot!.querySelector<HTMLInputElement>('input.amount'), 3000, 'options');
  amount.focus();
  await sendKeys({ type: '50' });
  const buy = await waitFor(() => {
    const b = buttonNamed(providers, /Buy with Coinbase/) as (HTMLElement & { disabled: boolean }) | undefined;
    return b && !b.disabled ? b : undefined;
  }, 3000, 'buy enabled');
  buy.click();
  const view = await waitForView(modal, 'mb-buy-in-progress-view');
  return { ...harness, modal, view, order };
}

const buttonNamed = (root: HTMLElement, name: RegExp) => [...root.shadowRoot!.querySelectorAll<HTMLElement>('mb-button')].find((b) => name.test(deepText(b).trim()));

describe('BuyInProgress view', () => {
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

  it('waits for the order with a way to reopen the provider; a failed order says so and Try again goes back to the quote', async () => {
    const { modal, view, order, controllers } = await openProgress();
    assert.equal(dialogName(modal), 'Buying');
    const status = view.shadowRoot!.querySelector('[role="status"]')!;
    assert.equal(status.getAttribute('aria-busy'), 'true');
    assert.equal(deepText(status).trim(), 'Finish the purchase in the Coinbase window. This view updates when it arrives.');
    assert.deepEqual(
      [...view.shadowRoot!.querySelectorAll('mb-button')].map((b) => deepText(b).trim()),
      ['Open Coinbase again', 'Back to account'],
    );
    await expectNoAxeViolations(modal);
    buttonNamed(view, /^Open Coinbase again$/)!.click();
    assert.deepEqual(opened, ['https://pay.example/buy/7', 'https://pay.example/buy/7']);

    order.status = 'failed';
    const alert = await waitFor(() => view.shadowRoot!.querySelector('[role="alert"]'), 6000, 'failure');
    assert.include(deepText(alert), 'The purchase did not complete');
    assert.include(deepText(alert), 'The provider reported a failure, or nothing arrived in time.');
    await expectNoAxeViolations(modal);
    buttonNamed(view, /^Try again$/)!.click();
    await waitForView(modal, 'mb-onramp-providers-view');
    assert.equal(controllers.router.getState().view, 'OnRampProviders');
  });

  it('a completed order hands over to BuyComplete: its own title, no Back, what arrived, the explorer link, Done', async () => {
    const { modal, order, controllers } = await openProgress();
    order.status = 'confirmed';
    const complete = await waitFor(() => (modal.shadowRoot!.querySelector('mb-buy-complete-view') as HTMLElement | null) ?? undefined, 6000, 'completion');
    await waitForView(modal, 'mb-buy-complete-view');
    assert.deepEqual(completionOf(modal, complete), {
      title: 'Purchase Complete',
      hasBack: false,
      result: '0.081 BNB arrived in your wallet.',
      detail: undefined,
      link: { href: `https://bscscan.com/tx/0x${'ab'.repeat(32)}`, text: 'View on BscScan', target: '_blank', rel: 'noopener noreferrer' },
      actions: [
        { label: 'Done', variant: 'primary' },
        { label: 'Buy again', variant: 'secondary' },
      ],
    });
    await expectNoAxeViolations(modal);
    clickCompletionAction(complete, 'Done');
    await waitForView(modal, 'mb-account-view');
    assert.deepEqual(controllers.router.getState().history, ['Account']);
  });

  it('Buy again on BuyComplete starts a new purchase, with Account behind it', async () => {
    const { modal, order, controllers } = await openProgress();
    order.status = 'confirmed';
    const complete = await waitFor(() => (modal.shadowRoot!.querySelector('mb-buy-complete-view') as HTMLElement | null) ?? undefined, 6000, 'completion');
    await waitForView(modal, 'mb-buy-complete-view');
    clickCompletionAction(complete, 'Buy again');
    await waitForView(modal, 'mb-onramp-providers-view');
    assert.deepEqual(controllers.router.getState().history, ['Account', 'OnRampProviders']);
    assert.equal(dialogName(modal), 'Buy Crypto');
  });
});
