import { assert } from 'chai';
import { createTestControllers } from '../testing/test-controllers.js';
import { deepText, dialogName, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../testing/test-helpers.js';
import { texts } from '../../texts/ui.js';
import { messages } from '../../texts/messages.js';

describe('ConnectingExternal view', () => {
  afterEach(() => document.body.replaceChildren());

  it('asks to accept in the wallet while pending; a failure shows its reason and Try again connects', async () => {
    const harness = createTestControllers({ walletAnswer: 'hang' });
    const { controllers } = harness;
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open();
    controllers.router.push('ConnectingExternal', { connectorId: 'io.metamask' });
    void controllers.connection.connect('io.metamask');
    const view = await waitForView(modal, 'mb-connecting-external-view');
    const name = controllers.connection.getState().connectors.find((c) => c.id === 'io.metamask')!.name;
    assert.equal(dialogName(modal), name);
    await waitFor(() => deepText(view).includes(texts.continueIn(name)), 3000, 'pending text');
    assert.include(deepText(view), texts.acceptInWallet);
    assert.isNotNull(view.shadowRoot!.querySelector('mb-spinner'));
    await expectNoAxeViolations(modal);

    controllers.connection.cancelConnect();
    harness.setWalletAnswer('fail');
    controllers.router.push('ConnectingExternal', { connectorId: 'io.metamask' });
    await controllers.connection.connect('io.metamask');
    await waitFor(() => deepText(view).includes(messages.connectionFailed), 3000, 'failure text');
    assert.include(deepText(view), 'Provider is locked');
    assert.isNull(view.shadowRoot!.querySelector('mb-spinner'));

    harness.setWalletAnswer('approve');
    const retry = [...view.shadowRoot!.querySelectorAll('mb-button')].find((b) => deepText(b).includes(texts.retry))!;
    retry.click();
    await waitFor(() => controllers.connection.getState().status === 'connected', 3000, 'connected on retry');
  });
});
