import { assert } from 'chai';
import type { MbListItem } from '../../ui/list-item/list-item.js';
import { createTestControllers } from '../testing/test-controllers.js';
import { deepText, dialogName, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../testing/test-helpers.js';
import { texts } from '../../texts/ui.js';

describe('Networks view', () => {
  afterEach(() => document.body.replaceChildren());

  it('lists the configured networks with the active one marked; picking another switches the wallet and goes back', async () => {
    const { controllers, wallet } = createTestControllers();
    await controllers.connection.connect('io.metamask');
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open({ view: 'Account' });
    controllers.router.push('Networks');
    const view = await waitForView(modal, 'mb-networks-view');
    assert.equal(dialogName(modal), 'Choose Network');
    const items = [...view.shadowRoot!.querySelectorAll<MbListItem>('mb-list-item')];
    assert.deepEqual(
      items.map((item) => item.label),
      ['BNB Smart Chain', 'BSC Local'],
    );
    assert.include(deepText(items[0]), texts.active);
    assert.notInclude(deepText(items[1]), texts.active);
    await expectNoAxeViolations(modal);
    items[1].shadowRoot!.querySelector('button')!.click();
    await waitFor(() => controllers.networks.getState().activeNetwork.id === 31337, 3000, 'switched to BSC Local');
    assert.include(wallet.requests, 'wallet_switchEthereumChain');
    await waitFor(() => controllers.router.getState().view === 'Account', 3000, 'back to Account');
  });
});
