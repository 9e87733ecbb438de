import { assert } from 'chai';
import type { MbTokenImage } from '../../ui/token-image/token-image.js';
import { createTestControllers, pixel, testAddress } from '../testing/test-controllers.js';
import { deepActive, deepText, dialogName, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../testing/test-helpers.js';
import { ar } from '../../texts/locales/ar.js';
import { de } from '../../texts/locales/de.js';
import { ja } from '../../texts/locales/ja.js';
import type { ModalLocale } from '../../texts/locale.js';

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
    assert.equal(view.shadowRoot!.querySelector<HTMLElement & { src?: string }>('mb-avatar.avatar')!.src, pixel, 'the avatar');
    await expectNoAxeViolations(modal);
  });

  it('a network whose balances cannot be reached says so with a retry (not 0 and no tokens); Try again shows the balance', async () => {
    let down = true;
    const harness = createTestControllers({
      routes: (url) => (down && url.pathname.includes('/balance') ? new Response(JSON.stringify({ error: 'cannot be reached' }), { status: 503 }) : undefined),
    });
    await harness.controllers.connection.connect('io.metamask');
    const { modal } = await mountTestModal(harness.controllers);
    harness.controllers.modal.open();
    const view = await waitForView(modal, 'mb-account-view');
    const alert = await waitFor(() => view.shadowRoot!.querySelector<HTMLElement>('[role="alert"]'), 3000, 'the error');
    assert.include(deepText(alert), 'The network could not be reached. Check your connection and try again.');
    assert.notInclude(deepText(view), '0 BNB');
    assert.notInclude(deepText(view), 'No tokens on this network yet');
    assert.isNull(view.shadowRoot!.querySelector('mb-skeleton.balance-skeleton'), 'no endless skeleton');
    await expectNoAxeViolations(modal);
    down = false;
    const retry = [...alert.querySelectorAll('mb-button')].find((b) => deepText(b).includes('Try again'))!;
    retry.shadowRoot!.querySelector('button')!.click();
    await waitFor(() => deepText(view).includes('1.234 BNB'), 3000, 'balance after the retry');
    assert.isNull(view.shadowRoot!.querySelector('[role="alert"]'));
  });

  it('nothing under the balance moves when the balances and the token list come (a click meant for Disconnect lands on it)', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const harness = createTestControllers({ routes: async (url) => (url.pathname.includes('/balance') ? held.then(() => undefined) : undefined) });
    await harness.controllers.connection.connect('io.metamask');
    const { modal } = await mountTestModal(harness.controllers);
    harness.controllers.modal.open();
    const view = await waitForView(modal, 'mb-account-view');
    const disconnect = () => [...view.shadowRoot!.querySelectorAll('mb-button')].find((b) => deepText(b).includes('Disconnect'));
    await waitFor(() => disconnect() && view.shadowRoot!.querySelector('.tokens mb-skeleton'), 3000, 'the placeholders');
    // Measured in the view: where the dialog itself sits is the shell's (anchored at the top on a desktop).
    const top = () => Math.round(disconnect()!.getBoundingClientRect().top - view.getBoundingClientRect().top);
    const before = top();
    release();
    await waitFor(() => view.shadowRoot!.querySelector('ul.tokens li button') && deepText(view).includes('1.234 BNB'), 3000, 'the balances');
    await new Promise((resolve) => requestAnimationFrame(resolve));
    assert.equal(top(), before, 'Disconnect stays where it was');
  });

  it('a balance request that never answers becomes the message with Try again after the timeout (not a placeholder for good)', async () => {
    let silent = true;
    const harness = createTestControllers({
      // A server that takes the connection and never answers: only the request's own timeout ends it.
      routes: (url, init) =>
        silent && url.pathname.includes('/balance')
          ? new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))
          : undefined,
    });
    await harness.controllers.connection.connect('io.metamask');
    const { modal } = await mountTestModal(harness.controllers);
    harness.controllers.modal.open();
    const view = await waitForView(modal, 'mb-account-view');
    assert.isNotNull(view.shadowRoot!.querySelector('.balance mb-skeleton'), 'the placeholder while it waits');
    const alert = await waitFor(() => view.shadowRoot!.querySelector<HTMLElement>('[role="alert"]'), 15_000, 'the message');
    assert.include(deepText(alert), 'The network could not be reached. Check your connection and try again.');
    assert.isNull(view.shadowRoot!.querySelector('.balance mb-skeleton'), 'no placeholder left');
    silent = false;
    const retry = () => [...view.shadowRoot!.querySelectorAll<HTMLElement & { loading?: boolean }>('[role="alert"] mb-button')].find((b) => deepText(b).includes('Try again'));
    await waitFor(() => retry() && !retry()!.loading, 15_000, 'Try again usable');
    retry()!.shadowRoot!.querySelector('button')!.click();
    await waitFor(() => deepText(view).includes('1.234 BNB'), 3000, 'the balance after Try again');
  });

  it("an identity without an avatar shows a gradient made from the address, not the wallet's icon", async () => {
    const { view } = await connectedModal({ name: null, avatar: null });
    const avatar = await waitFor(() => view.shadowRoot!.querySelector<HTMLElement & { src?: string; address: string }>('mb-avatar.avatar'), 3000, 'avatar');
    await waitFor(() => getComputedStyle(avatar).backgroundImage.includes('gradient'), 3000, 'the gradient');
    assert.equal(avatar.address, testAddress);
    assert.isUndefined(avatar.src, 'no image');
    assert.notExists(view.shadowRoot!.querySelector('mb-wallet-image'), 'not the wallet icon');
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
    assert.deepEqual(
      items.map((i) => i.querySelector<MbTokenImage>('mb-token-image[slot="image"]')?.src?.match(/getAssetImage\/([^?]+)/)?.[1]),
      ['eip155%3A56', 'eip155%3A31337'],
      "each network with the directory's image of its CAIP-2 id",
    );
    assert.isTrue(items[0].active);
    await expectNoAxeViolations(modal);
    items[1].shadowRoot!.querySelector('button')!.click();
    await waitForView(modal, 'mb-account-view');
    assert.include(wallet.requests, 'wallet_switchEthereumChain');
    await waitFor(() => controllers.networks.getState().activeNetwork.id === 31337, 3000, 'switched');
  });
});

describe('Account view as the hub', () => {
  afterEach(() => document.body.replaceChildren());

  const buttons = (view: HTMLElement) => [...view.shadowRoot!.querySelectorAll('.actions mb-button')].map((b) => deepText(b));

  it('shows the total in USD, the token list (decimals 0 dropped) and the buttons the features allow (Swap and Buy, whose views are registered)', async () => {
    const { view, modal } = await connectedModal();
    await waitFor(() => view.shadowRoot!.querySelectorAll('.tokens li').length === 2, 3000, 'tokens');
    const rows = [...view.shadowRoot!.querySelectorAll('.tokens li')].map((li) => deepText(li.querySelector('.token-name')!) + ' ' + deepText(li.querySelector('.token-amount')!));
    assert.deepEqual(rows, ['BNB BNB 1.234 BNB $700.10', 'Tether USD USDT 250 USDT $250.00']);
    assert.equal(deepText(view.shadowRoot!.querySelector('.total')!), '$950.10');
    assert.deepEqual(buttons(view), ['Send', 'Receive', 'Swap', 'Buy', 'Activity']);
    const images = [...view.shadowRoot!.querySelectorAll<MbTokenImage>('.tokens mb-token-image')];
    assert.deepEqual(images.map((image) => image.name), ['BNB', 'USDT'], 'an image per token');
    assert.match(images[0].src!, /\/public\/getTokenImage\/BNB\?/, "BNB has no icon of its own: the directory's image of its symbol");
    assert.equal(images[1].src, pixel, "USDT's own icon");
    const network = view.shadowRoot!.querySelector<MbTokenImage>('.stack mb-token-image')!;
    assert.match(network.src!, /\/public\/getAssetImage\/eip155%3A56\?/, "the network's image");
    await waitFor(() => images.every((image) => image.shadowRoot!.querySelector('img')), 3000, 'the images loaded');
    await expectNoAxeViolations(modal);
    modal.themeMode = 'dark';
    await modal.updateComplete;
    await expectNoAxeViolations(modal);
  });

  for (const [name, locale, labels] of [
    ['English', undefined, ['Send', 'Receive', 'Swap', 'Buy', 'Activity']],
    ['German', de, ['Senden', 'Empfangen', 'Tauschen', 'Kaufen', 'Aktivität']],
    ['Arabic', ar, undefined],
    ['Japanese', ja, ['送金', '受け取り', 'スワップ', '購入', 'アクティビティ']],
  ] as [string, ModalLocale | undefined, string[] | undefined][]) {
    for (const width of [390, 1280]) {
      it(`${name} at ${width} px: the five actions in one row (or a grid of 3 + 2 when a label would be cut), each with its icon, no label cut`, async () => {
        const previous = document.documentElement.style.width;
        document.documentElement.style.width = `${width}px`;
        try {
          const harness = createTestControllers({ modalOptions: locale ? { locale } : {} });
          await harness.controllers.connection.connect('io.metamask');
          const { modal } = await mountTestModal(harness.controllers);
          harness.controllers.modal.open();
          const view = await waitForView(modal, 'mb-account-view');
          await waitFor(() => buttons(view).length === 5, 3000, 'buttons');
          if (labels) assert.deepEqual(buttons(view), labels);
          const tiles = [...view.shadowRoot!.querySelectorAll<HTMLElement>('.actions mb-button')];
          const fits = () =>
            tiles.every((tile) => {
              const base = tile.shadowRoot!.querySelector('button')!;
              return base.scrollWidth <= base.clientWidth;
            });
          await waitFor(fits, 3000, 'every label fits its tile');
          const rows = new Map<number, number>();
          for (const tile of tiles) {
            const top = Math.round(tile.getBoundingClientRect().top);
            rows.set(top, (rows.get(top) ?? 0) + 1);
          }
          const perRow = [...rows.values()];
          assert.isTrue(perRow.length === 1 || (perRow.length === 2 && perRow[0] === 3 && perRow[1] === 2), `rows of ${perRow.join(' + ')}`);
          const widths = tiles.map((tile) => Math.round(tile.getBoundingClientRect().width));
          assert.isAtMost(Math.max(...widths) - Math.min(...widths), 1, 'equal tiles');
          for (const tile of tiles) assert.ok(tile.querySelector('svg[slot="icon"] path, svg[slot="icon"] rect, svg[slot="icon"] circle'), `"${deepText(tile)}" has its icon`);
          // A label is never broken inside a word (Japanese has no spaces: 'アクティビティ' must not end a line at 'テ').
          for (const tile of tiles) {
            const rects = [...tile.childNodes]
              .filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim())
              .flatMap((node) => {
                const range = document.createRange();
                range.selectNodeContents(node);
                return [...range.getClientRects()];
              });
            const lines = new Set(rects.filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            assert.equal(lines.size, 1, `"${deepText(tile)}" on one line`);
          }
          if (name === 'English') assert.equal(perRow.length, 1, 'English fits one row');
        } finally {
          document.documentElement.style.width = previous;
        }
      });
    }
  }

  it('at 320 px a long token name is cut with an ellipsis beside its amount, never under it; the whole name is its title', async () => {
    const longName = 'WrappedInterplanetaryGovernanceLiquidityStakingToken (Bridged)';
    const previous = document.documentElement.style.width;
    document.documentElement.style.width = '320px';
    try {
      const harness = createTestControllers({
        routes: (url) =>
          url.pathname.includes('/balance')
            ? new Response(
                JSON.stringify({
                  balances: [
                    {
                      name: longName,
                      symbol: 'WIGLSTBRIDGED',
                      chainId: 'eip155:56',
                      address: 'eip155:56:0x2222222222222222222222222222222222222222',
                      value: 1234567.89,
                      price: 1,
                      quantity: { decimals: '18', numeric: '1234567.891' },
                      iconUrl: pixel,
                    },
                  ],
                }),
                { headers: { 'content-type': 'application/json' } },
              )
            : undefined,
      });
      await harness.controllers.connection.connect('io.metamask');
      const { modal } = await mountTestModal(harness.controllers);
      harness.controllers.modal.open();
      const view = await waitForView(modal, 'mb-account-view');
      const row = await waitFor(() => view.shadowRoot!.querySelector<HTMLElement>('.tokens li button'), 3000, 'the token row');
      const name = row.querySelector<HTMLElement>('.token-name span')!;
      const amount = row.querySelector<HTMLElement>('.token-amount')!;
      assert.equal(name.title, longName, 'the whole name is available');
      assert.isAtMost(name.getBoundingClientRect().right, amount.getBoundingClientRect().left + 1, 'the name ends before the amount starts');
      assert.isAtMost(amount.getBoundingClientRect().right, row.getBoundingClientRect().right + 1, 'the amount stays inside its row');
      assert.isAtMost(row.scrollWidth, row.clientWidth, 'nothing of the row is pushed out');
      assert.include(deepText(amount), 'WIGLSTBRIDGED');
    } finally {
      document.documentElement.style.width = previous;
    }
  });

  it('features off hide their buttons', async () => {
    const harness = createTestControllers({ modalOptions: { features: { send: false, receive: false, swaps: false, onramp: false } } });
    await harness.controllers.connection.connect('io.metamask');
    const { modal } = await mountTestModal(harness.controllers);
    harness.controllers.modal.open();
    const view = await waitForView(modal, 'mb-account-view');
    assert.deepEqual(buttons(view), ['Activity']);
  });

  it('Swap opens the Swap view, Buy the OnRampProviders view', async () => {
    const { view, modal, controllers } = await connectedModal();
    await waitFor(() => buttons(view).length === 5, 3000, 'buttons');
    [...view.shadowRoot!.querySelectorAll<HTMLElement>('.actions mb-button')].find((b) => deepText(b) === 'Swap')!.click();
    await waitForView(modal, 'mb-swap-view');
    assert.equal(controllers.router.getState().view, 'Swap');
    controllers.router.reset('Account');
    const hub = await waitForView(modal, 'mb-account-view');
    await waitFor(() => buttons(hub).length === 5, 3000, 'buttons again');
    [...hub.shadowRoot!.querySelectorAll<HTMLElement>('.actions mb-button')].find((b) => deepText(b) === 'Buy')!.click();
    await waitForView(modal, 'mb-onramp-providers-view');
    assert.equal(controllers.router.getState().view, 'OnRampProviders');
  });

  it('keyboard: Tab reaches Send, Enter opens it; Escape closes the modal and focus returns to the trigger', async () => {
    const { sendKeys } = await import('@web/test-runner-commands');
    const harness = createTestControllers();
    await harness.controllers.connection.connect('io.metamask');
    const { modal, trigger } = await mountTestModal(harness.controllers);
    harness.controllers.modal.open();
    const view = await waitForView(modal, 'mb-account-view');
    await waitFor(() => buttons(view).length === 5, 3000, 'buttons');
    const send = view.shadowRoot!.querySelector<HTMLElement>('.actions mb-button')!;
    for (let i = 0; i < 8 && deepActive()?.getRootNode() !== send.shadowRoot; i++) await sendKeys({ press: 'Tab' });
    assert.equal(deepActive()?.getRootNode(), send.shadowRoot, 'Send has the focus');
    await sendKeys({ press: 'Enter' });
    await waitForView(modal, 'mb-wallet-send-view');
    assert.equal(dialogName(modal), 'Send');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !harness.controllers.modal.getState().open, 3000, 'closed');
    await waitFor(() => document.activeElement === trigger, 3000, 'focus back on the trigger');
  });
});
