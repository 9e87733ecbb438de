import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { getWallets } from '@wallet-standard/app';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { defineSolanaNetwork } from '../../core/networks.js';
import { bsc, createTestControllers, local } from '../testing/test-controllers.js';
import { deepActive, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../testing/test-helpers.js';
import { COLUMNS, ROW_HEIGHT } from './all-wallets-view.styles.js';
import type { MbGridItem } from '../../ui/grid-item/grid-item.js';
import type { MbInput } from '../../ui/input/input.js';
import { WALLET_SEARCH_DEBOUNCE_MS } from '../../core/constants.js';

const tiles = (view: HTMLElement) => [...view.shadowRoot!.querySelectorAll<MbGridItem>('mb-grid-item')];
const focusedTile = () => {
  const active = deepActive();
  const host = (active?.getRootNode() as ShadowRoot | undefined)?.host as MbGridItem | undefined;
  return host?.localName === 'mb-grid-item' ? Number(host.dataset.index) : undefined;
};

async function openAllWallets(wallets = 450) {
  const harness = createTestControllers({ wallets });
  const { modal } = await mountTestModal(harness.controllers);
  harness.controllers.modal.open({ view: 'AllWallets' });
  const view = await waitForView(modal, 'mb-all-wallets-view');
  await waitFor(() => tiles(view).length > 0, 3000, 'tiles');
  return { ...harness, modal, view };
}

describe('AllWallets view', () => {
  afterEach(() => document.body.replaceChildren());

  it('is virtualised: the whole directory is scrollable but only the rows in view are in the DOM', async () => {
    const { view } = await openAllWallets(450);
    const spacer = view.shadowRoot!.querySelector<HTMLElement>('.spacer')!;
    await waitFor(() => spacer.style.height === `${Math.ceil(450 / COLUMNS) * ROW_HEIGHT}px`, 3000, 'full height');
    assert.isBelow(view.shadowRoot!.querySelectorAll('mb-grid-item, mb-skeleton').length, 60);
    assert.equal(tiles(view)[0].label, 'MetaMask');
    await expectNoAxeViolations(view);
  });

  it('scrolling to the end loads the next pages until the last wallet shows', async () => {
    const { view, controllers } = await openAllWallets(450);
    const scroller = view.shadowRoot!.querySelector<HTMLElement>('.scroller')!;
    await waitFor(() => {
      scroller.scrollTop = scroller.scrollHeight;
      return tiles(view).some((tile) => tile.label === 'Wallet 0449');
    }, 8000, 'the last wallet');
    assert.equal(controllers.directory.getState().wallets.length, 450);
    assert.isBelow(view.shadowRoot!.querySelectorAll('mb-grid-item').length, 60);
  });

  it('arrow keys, Home and End move the focus between tiles (roving tabindex)', async () => {
    const { view } = await openAllWallets(450);
    const first = tiles(view)[0];
    first.focus();
    assert.equal(focusedTile(), 0);
    await sendKeys({ press: 'ArrowRight' });
    assert.equal(focusedTile(), 1);
    await sendKeys({ press: 'ArrowDown' });
    assert.equal(focusedTile(), 1 + COLUMNS);
    await sendKeys({ press: 'ArrowLeft' });
    assert.equal(focusedTile(), COLUMNS);
    await sendKeys({ press: 'ArrowUp' });
    assert.equal(focusedTile(), 0);
    await sendKeys({ press: 'End' });
    const loaded = tiles(view).filter((tile) => tile.label).length;
    assert.isAtLeast(focusedTile()!, 39, 'End goes to the last loaded wallet');
    assert.isAbove(loaded, 0);
    await sendKeys({ press: 'Home' });
    assert.equal(focusedTile(), 0);
    const tabbable = tiles(view).filter((tile) => tile.itemTabIndex === 0);
    assert.equal(tabbable.length, 1, 'one tab stop in the grid');
  });

  it('search shows the matching wallets after the debounce, and clearing it brings the directory back', async () => {
    const { view } = await openAllWallets(450);
    const input = view.shadowRoot!.querySelector<MbInput>('mb-input')!;
    input.focus();
    const typed = performance.now();
    await sendKeys({ type: 'trust' });
    await waitFor(() => tiles(view).length === 1 && tiles(view)[0].label === 'Trust Wallet', 3000, 'search result');
    const answered = performance.now() - typed;
    assert.isAtLeast(answered, WALLET_SEARCH_DEBOUNCE_MS - 50, 'debounced');
    await sendKeys({ press: 'ArrowDown' });
    assert.equal(focusedTile(), 0, 'ArrowDown from the search box moves into the results');
    input.focus();
    await sendKeys({ press: 'End' });
    await expectNoAxeViolations(view);
    await sendKeys({ type: 'zzz' });
    await waitFor(() => view.shadowRoot!.textContent!.length >= 0 && tiles(view).length === 0, 3000, 'no results');
    await waitFor(() => view.shadowRoot!.querySelector('mb-text')?.textContent === 'No wallet found', 3000, 'empty text');
    for (let i = 0; i < 8; i++) await sendKeys({ press: 'Backspace' });
    await waitFor(() => tiles(view).length > 20, 3000, 'directory back');
  });

  it('picking a tile opens the WalletConnect view for that wallet', async () => {
    const { view, modal, controllers } = await openAllWallets(450);
    tiles(view)[3].shadowRoot!.querySelector('button')!.click();
    await waitForView(modal, 'mb-connecting-wc-view');
    assert.equal(controllers.router.getState().data.wallet?.name, 'Rainbow');
  });

  describe('with a Solana wallet announced through the Wallet Standard', () => {
    const chain = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1';
    const address = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
    let unregister: (() => void) | undefined;
    afterEach(() => unregister?.());

    /** A wallet with one Solana account that approves `standard:connect`. */
    function announceSolanaWallet(name: string) {
      const account: WalletAccount = { address, publicKey: new Uint8Array(32), chains: [chain], features: [] };
      let authorized = false;
      const wallet = {
        version: '1.0.0',
        name,
        icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
        chains: [chain],
        get accounts() {
          return authorized ? [account] : [];
        },
        features: {
          'standard:connect': { version: '1.0.0', connect: async () => ((authorized = true), { accounts: [account] }) },
          'standard:events': { version: '1.0.0', on: () => () => undefined },
        },
      } as unknown as Wallet;
      unregister = getWallets().register(wallet);
    }

    it('lists it first, marked Solana, beside the directory; searching keeps it when its name matches; picking it connects it', async () => {
      announceSolanaWallet('Phantasm');
      const solana = defineSolanaNetwork({ caipNetworkId: chain, name: 'Solana Local', rpcUrl: `${location.origin}/mock-solana` });
      const harness = createTestControllers({ wallets: 450, modalOptions: { networks: [bsc, local, solana] } });
      const { modal } = await mountTestModal(harness.controllers);
      harness.controllers.modal.open({ view: 'AllWallets' });
      const view = await waitForView(modal, 'mb-all-wallets-view');
      await waitFor(() => tiles(view)[0]?.label === 'Phantasm', 3000, 'the announced wallet');
      assert.equal(tiles(view)[0].tag, 'Solana');
      assert.equal(tiles(view)[0].shadowRoot!.querySelector('[part=tag]')?.textContent, 'Solana');
      assert.equal(tiles(view)[1].label, 'MetaMask', 'the directory follows');
      assert.isUndefined(tiles(view)[1].tag);
      await expectNoAxeViolations(view);

      const input = view.shadowRoot!.querySelector<MbInput>('mb-input')!;
      input.focus();
      await sendKeys({ type: 'phant' });
      await waitFor(() => tiles(view).length === 1 && tiles(view)[0].label === 'Phantasm', 3000, 'the match');
      await sendKeys({ type: 'x' });
      await waitFor(() => tiles(view).length === 0, 3000, 'no match');
      await sendKeys({ press: 'Backspace' });
      await waitFor(() => tiles(view)[0]?.label === 'Phantasm', 3000, 'the match again');

      tiles(view)[0].shadowRoot!.querySelector('button')!.click();
      await waitFor(() => harness.controllers.connection.getState().solanaAddress === address, 3000, 'the Solana session');
      assert.equal(harness.controllers.connection.getState().solanaConnectorId, 'wallet-standard:Phantasm');
    });
  });
});
