import { assert } from 'chai';
import { createTestControllers } from '../testing/test-controllers.js';
import { deepText, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../testing/test-helpers.js';
import type { MbListItem } from '../../ui/list-item/list-item.js';
import { messages } from '../../texts/messages.js';

const items = (view: HTMLElement) => [...view.shadowRoot!.querySelectorAll<MbListItem>('mb-list-item')];
const click = (item: HTMLElement) => item.shadowRoot!.querySelector('button')!.click();
const itemNamed = (view: HTMLElement, label: string) => items(view).find((item) => item.label === label);

describe('Connect view', () => {
  afterEach(() => document.body.replaceChildren());

  it('lists the installed wallet, WalletConnect, the recommended wallets (no duplicate of an installed one) and All Wallets', async () => {
    const { controllers } = createTestControllers({ wallets: 450 });
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open();
    const view = await waitForView(modal, 'mb-connect-view');
    await waitFor(() => itemNamed(view, 'Trust Wallet'), 3000, 'recommended wallets');
    await waitFor(() => itemNamed(view, 'All Wallets')?.tag === '450+', 3000, 'count');
    assert.deepEqual(
      items(view).map((item) => [item.label, item.tag ?? '']),
      [
        ['MetaMask', 'Installed'],
        ['WalletConnect', 'QR code'],
        ['Trust Wallet', ''],
        ['Binance Wallet', ''],
        ['Rainbow', ''],
        ['All Wallets', '450+'],
      ],
    );
    await expectNoAxeViolations(modal);
  });

  it('an installed wallet: connecting shows ConnectingExternal, approval connects and closes the modal', async () => {
    const harness = createTestControllers({ walletAnswer: 'hang' });
    const { controllers } = harness;
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open();
    const view = await waitForView(modal, 'mb-connect-view');
    click(itemNamed(view, 'MetaMask')!);
    const connecting = await waitForView(modal, 'mb-connecting-external-view');
    assert.include(deepText(connecting), 'Continue in MetaMask');
    assert.exists(connecting.shadowRoot!.querySelector('mb-spinner'));
    await expectNoAxeViolations(modal);
    document.body.replaceChildren();

    const approving = createTestControllers({ walletAnswer: 'approve' });
    const second = await mountTestModal(approving.controllers);
    approving.controllers.modal.open();
    const connect = await waitForView(second.modal, 'mb-connect-view');
    click(itemNamed(connect, 'MetaMask')!);
    await waitFor(() => approving.controllers.getAccount().isConnected, 3000, 'connected');
    assert.equal(approving.controllers.getAccount().address, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    await waitFor(() => !approving.controllers.modal.getState().open, 3000, 'closed');
  });

  it('a rejection (4001) returns quietly to Connect with no error text', async () => {
    const { controllers } = createTestControllers({ walletAnswer: 'reject' });
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open();
    const view = await waitForView(modal, 'mb-connect-view');
    click(itemNamed(view, 'MetaMask')!);
    await waitFor(() => controllers.connection.getState().connectRequest.status === 'rejected', 3000, 'rejected');
    const back = await waitForView(modal, 'mb-connect-view');
    assert.notInclude(deepText(back), messages.connectionFailed);
    assert.isTrue(controllers.modal.getState().open);
  });

  it('a failure shows the error and a retry that connects', async () => {
    const harness = createTestControllers({ walletAnswer: 'fail' });
    const { controllers } = harness;
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open();
    const view = await waitForView(modal, 'mb-connect-view');
    click(itemNamed(view, 'MetaMask')!);
    const connecting = await waitForView(modal, 'mb-connecting-external-view');
    await waitFor(() => deepText(connecting).includes(messages.connectionFailed), 3000, 'failed text');
    assert.include(deepText(connecting), 'Provider is locked');
    await expectNoAxeViolations(modal);
    harness.setWalletAnswer('approve');
    const retry = connecting.shadowRoot!.querySelector('mb-button')!;
    retry.shadowRoot!.querySelector('button')!.click();
    await waitFor(() => controllers.getAccount().isConnected, 3000, 'connected after retry');
  });

  it('a directory wallet opens the WalletConnect view for it and becomes a recent wallet', async () => {
    const { controllers } = createTestControllers();
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open();
    const view = await waitForView(modal, 'mb-connect-view');
    await waitFor(() => itemNamed(view, 'Rainbow'), 3000, 'Rainbow');
    click(itemNamed(view, 'Rainbow')!);
    await waitForView(modal, 'mb-connecting-wc-view');
    assert.equal(controllers.router.getState().data.wallet?.name, 'Rainbow');
    controllers.router.back();
    const again = await waitForView(modal, 'mb-connect-view');
    assert.equal(itemNamed(again, 'Rainbow')?.tag, 'Recent');
  });
});
