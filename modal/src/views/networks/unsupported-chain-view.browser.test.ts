import { assert } from 'chai';
import { createTestControllers } from '../testing/test-controllers.js';
import { deepText, dialogName, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../testing/test-helpers.js';
import { texts } from '../../texts/ui.js';

describe('UnsupportedChain view', () => {
  afterEach(() => document.body.replaceChildren());

  it('opens when the wallet moves to a chain the app does not configure; switching back closes it', async () => {
    const harness = createTestControllers();
    const { controllers, wallet } = harness;
    await controllers.connection.connect('io.metamask');
    const { modal } = await mountTestModal(controllers);
    wallet.emit('chainChanged', '0x1');
    await waitFor(() => controllers.modal.getState().open, 3000, 'opened by the rule');
    const view = await waitForView(modal, 'mb-unsupported-chain-view');
    assert.equal(dialogName(modal), 'Switch Network');
    assert.include(deepText(view), texts.unsupportedNetwork);
    await expectNoAxeViolations(modal);
    const bsc = [...view.shadowRoot!.querySelectorAll('mb-list-item')].find((i) => i.label === 'BNB Smart Chain')!;
    bsc.shadowRoot!.querySelector('button')!.click();
    await waitFor(() => !controllers.networks.getState().isUnsupported, 3000, 'supported again');
    await waitFor(() => !controllers.modal.getState().open, 3000, 'closed');
  });
});
