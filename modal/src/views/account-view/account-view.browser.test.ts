import { assert } from 'chai';
import { createTestControllers, pixel, testAddress } from '../testing/test-controllers.js';
import { deepText, dialogName, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../testing/test-helpers.js';

async function connectedModal(identity?: { name: string | null; avatar: string | null }) {
  const harness = createTestControllers({ identity });
  await harness.controllers.connection.connect('io.metamask');
  const { modal } = await mountTestModal(harness.controllers);
  harness.controllers.modal.open();
  const view = await waitForView(modal, 'mb-account-view');
  return { ...harness, modal, view };
}

describe('Account view', () => {
  afterEach(() => document.body.replaceChildren());

  it('opening with an address shows the shortened address, name, native balance with 3 decimals and network', async () => {
    const { view, modal } = await connectedModal({ name: 'robot.reown.id', avatar: pixel });
    assert.equal(dialogName(modal), 'Account');
    await waitFor(() => deepText(view).includes('1.234 BNB'), 3000, 'balance');
    await waitFor(() => deepText(view).includes('robot.reown.id'), 3000, 'name');
    const text = deepText(view);
    assert.include(text, `${testAddress.slice(0, 6)}...${testAddress.slice(-4)}`);
    assert.include(text, 'BNB Smart Chain');
    assert.notInclude(text, '1.2345');
    assert.equal(view.shadowRoot!.querySelector<HTMLElement & { src?: string }>('mb-wallet-image.avatar')!.src, pixel, 'the avatar');
    await expectNoAxeViolations(modal);
  });

  it('Disconnect disconnects and shows Connect', async () => {
    const { view, modal, controllers } = await connectedModal();
    const disconnect = [...view.shadowRoot!.querySelectorAll('mb-button')].find((b) => deepText(b).includes('Disconnect'))!;
    disconnect.shadowRoot!.querySelector('button')!.click();
    await waitFor(() => !controllers.getAccount().isConnected, 3000, 'disconnected');
    await waitForView(modal, 'mb-connect-view');
  });

  it('the network item opens Networks; picking a network switches the wallet and comes back', async () => {
    const { view, modal, controllers, wallet } = await connectedModal();
    const item = view.shadowRoot!.querySelector('mb-list-item')!;
    item.shadowRoot!.querySelector('button')!.click();
    const networks = await waitForView(modal, 'mb-networks-view');
    const items = [...networks.shadowRoot!.querySelectorAll('mb-list-item')];
    assert.deepEqual(items.map((i) => i.label), ['BNB Smart Chain', 'BSC Local']);
    assert.isTrue(items[0].active);
    await expectNoAxeViolations(modal);
    items[1].shadowRoot!.querySelector('button')!.click();
    await waitForView(modal, 'mb-account-view');
    assert.include(wallet.requests, 'wallet_switchEthereumChain');
    await waitFor(() => controllers.networks.getState().activeNetwork.id === 31337, 3000, 'switched');
  });
});
