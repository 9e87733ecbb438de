import { assert } from 'chai';
import { createTestControllers } from '../testing/test-controllers.js';
import { deepText, dialogName, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../testing/test-helpers.js';
import { texts } from '../../texts/ui.js';
import { messages } from '../../texts/messages.js';
import { assertErrorLineFits, assertFailureDetail, LONG_ERROR } from '../testing/error-line.js';

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

  it("a failure's lines wrap inside the dialog in at most two lines each; a library's dump is not shown (the logger has it)", async () => {
    const dump = `HTTP request failed.\n\nURL: http://127.0.0.1:8545/\nRequest body: {"method":"eth_requestAccounts","params":["0x${'1'.repeat(1200)}"]}\n\nVersion: viem@2.57.20`;
    for (const [message, shown] of [
      [LONG_ERROR, true],
      [dump, false],
    ] as const) {
      const harness = createTestControllers({ modalOptions: { texts: { messages: { connectionFailed: LONG_ERROR } } } });
      const { controllers, wallet } = harness;
      const request = wallet.request.bind(wallet);
      wallet.request = (args) => (args.method === 'eth_requestAccounts' ? Promise.reject(Object.assign(new Error(message), { code: -32603 })) : request(args));
      const { modal } = await mountTestModal(controllers);
      controllers.modal.open();
      controllers.router.push('ConnectingExternal', { connectorId: 'io.metamask' });
      await controllers.connection.connect('io.metamask');
      const view = await waitForView(modal, 'mb-connecting-external-view');
      const lines = await waitFor(() => {
        const found = [...view.shadowRoot!.querySelectorAll('[role="status"] mb-text')];
        return found[0]?.textContent?.trim() === LONG_ERROR ? found : undefined;
      }, 3000, 'the failure');
      // The title ('Connection failed', here a long translation of it), then the wallet's own sentence when it is one.
      assertErrorLineFits(modal, lines[0]);
      assertFailureDetail(modal, view, lines, shown);
      assert.equal(deepText(view.shadowRoot!.querySelector('mb-button')!).trim(), texts.retry);
      await expectNoAxeViolations(modal);
      document.body.replaceChildren();
    }
  });
});
