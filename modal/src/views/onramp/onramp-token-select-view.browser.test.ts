import { assert } from 'chai';
import { createTestControllers } from '../testing/test-controllers.js';
import { dialogName, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../testing/test-helpers.js';
import type { MbListItem } from '../../ui/list-item/list-item.js';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const bscNet = { name: 'bnb-smart-chain', display_name: 'BNB Smart Chain', chain_id: '56', contract_address: '' };

describe('OnRampTokenSelect view', () => {
  afterEach(() => document.body.replaceChildren());

  it('lists the tokens sold with their network, marks the chosen one, and picking another sets it and goes back', async () => {
    const { controllers } = createTestControllers({
      routes: (url) => {
        if (url.pathname.endsWith('/v1/onramp/options'))
          return json({
            paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }] }],
            purchaseCurrencies: [
              { id: 'bnb', name: 'BNB', symbol: 'BNB', networks: [bscNet] },
              { id: 'usdt', name: 'Tether USD', symbol: 'USDT', networks: [{ ...bscNet, contract_address: '0x3333333333333333333333333333333333333333' }] },
            ],
          });
        return undefined;
      },
    });
    await controllers.connection.connect('io.metamask');
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open({ view: 'OnRampProviders' });
    await waitForView(modal, 'mb-onramp-providers-view');
    controllers.router.push('OnRampTokenSelect');
    const view = await waitForView(modal, 'mb-onramp-token-select-view');
    assert.equal(dialogName(modal), 'Select Token');
    const items = () => [...view.shadowRoot!.querySelectorAll<MbListItem>('mb-list-item')];
    await waitFor(() => items().length === 2, 3000, 'tokens');
    assert.deepEqual(
      items().map((item) => [item.label, item.getAttribute('tag'), item.hasAttribute('active')]),
      [
        ['BNB · BNB', 'BNB Smart Chain', true],
        ['USDT · Tether USD', 'BNB Smart Chain', false],
      ],
    );
    assert.equal(view.shadowRoot!.querySelector('ul')!.getAttribute('aria-label'), 'Token to buy');
    await expectNoAxeViolations(modal);

    items()[1].shadowRoot!.querySelector('button')!.click();
    await waitFor(() => controllers.router.getState().view === 'OnRampProviders', 3000, 'back');
    const onramp = await controllers.onramp.load();
    assert.equal(onramp.getState().purchaseCurrency?.id, 'usdt');
  });
});
