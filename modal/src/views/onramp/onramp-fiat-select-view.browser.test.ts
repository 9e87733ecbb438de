import { assert } from 'chai';
import { createTestControllers } from '../testing/test-controllers.js';
import { deepText, dialogName, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../testing/test-helpers.js';
import type { MbInput } from '../../ui/input/input.js';
import type { MbListItem } from '../../ui/list-item/list-item.js';
import { texts } from '../../texts/ui.js';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const bscNet = { name: 'bnb-smart-chain', display_name: 'BNB Smart Chain', chain_id: '56', contract_address: '' };

describe('OnRampFiatSelect view', () => {
  afterEach(() => document.body.replaceChildren());

  it('lists the payment currencies, filters them by search, and picking one sets it and goes back', async () => {
    const { controllers } = createTestControllers({
      routes: (url) => {
        if (url.pathname.endsWith('/v1/onramp/options'))
          return json({
            paymentCurrencies: ['USD', 'EUR', 'GBP'].map((id) => ({ id, payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }] })),
            purchaseCurrencies: [{ id: 'bnb', name: 'BNB', symbol: 'BNB', networks: [bscNet] }],
          });
        return undefined;
      },
    });
    await controllers.connection.connect('io.metamask');
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open({ view: 'OnRampProviders' });
    await waitForView(modal, 'mb-onramp-providers-view');
    controllers.router.push('OnRampFiatSelect');
    const view = await waitForView(modal, 'mb-onramp-fiat-select-view');
    assert.equal(dialogName(modal), 'Select Currency');
    const labels = () => [...view.shadowRoot!.querySelectorAll<MbListItem>('mb-list-item')].map((item) => item.label);
    await waitFor(() => labels().length === 3, 3000, 'currencies');
    assert.deepEqual(labels(), ['USD', 'EUR', 'GBP']);
    await expectNoAxeViolations(modal);

    const search = view.shadowRoot!.querySelector<MbInput>('mb-input')!;
    search.dispatchEvent(Object.assign(new Event('mb-input'), { value: 'xyz' }));
    await waitFor(() => labels().length === 0, 3000, 'no match');
    assert.include(deepText(view), texts.noTokenFound);
    search.dispatchEvent(Object.assign(new Event('mb-input'), { value: 'eu' }));
    await waitFor(() => labels().length === 1, 3000, 'one match');

    view.shadowRoot!.querySelector<MbListItem>('mb-list-item')!.shadowRoot!.querySelector('button')!.click();
    await waitFor(() => controllers.router.getState().view === 'OnRampProviders', 3000, 'back');
    const onramp = await controllers.onramp.load();
    assert.equal(onramp.getState().paymentCurrency?.id, 'EUR');
  });
});
