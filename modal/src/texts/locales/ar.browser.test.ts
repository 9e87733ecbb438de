import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { createTestControllers } from '../../views/testing/test-controllers.js';
import { deepActive, dialogName, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../../views/testing/test-helpers.js';
import type { MbGridItem } from '../../ui/grid-item/grid-item.js';
import type { MbListItem } from '../../ui/list-item/list-item.js';
import { ar } from './ar.js';
import { openSwap } from '../../views/testing/swap-harness.js';
import { de } from './de.js';

const items = (view: HTMLElement) => [...view.shadowRoot!.querySelectorAll<MbListItem>('mb-list-item')];
const click = (item: HTMLElement) => item.shadowRoot!.querySelector('button')!.click();
const iconTransform = (icon: Element) => getComputedStyle(icon.shadowRoot!.querySelector('svg')!).transform;

describe('Arabic modal (locale: ar, right to left)', () => {
  afterEach(() => document.body.replaceChildren());

  it('sets lang="ar" and dir="rtl" on the dialog only, names it in Arabic, mirrors the header; axe clean', async () => {
    document.documentElement.lang = 'en';
    document.documentElement.dir = '';
    const { controllers } = createTestControllers({ modalOptions: { locale: ar } });
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open();
    const view = await waitForView(modal, 'mb-connect-view');
    const dialog = modal.shadowRoot!.querySelector('dialog')!;
    assert.equal(dialog.getAttribute('lang'), 'ar');
    assert.equal(dialog.getAttribute('dir'), 'rtl');
    assert.equal(document.documentElement.dir, '', 'the page keeps its own direction');
    assert.equal(dialogName(modal), 'ربط المحفظة');
    const close = modal.shadowRoot!.querySelector('mb-button[label="إغلاق"]')!;
    const title = modal.shadowRoot!.querySelector('#title')!;
    assert.isBelow(close.getBoundingClientRect().right, title.getBoundingClientRect().left + 1, 'the close button sits on the left in RTL');
    await waitFor(() => items(view).length > 3, 3000, 'wallets listed');
    const metaMask = items(view).find((item) => item.label === 'MetaMask')!;
    assert.equal(metaMask.tag, 'مثبّتة');
    const row = metaMask.shadowRoot!.querySelector('button')!;
    const image = metaMask.shadowRoot!.querySelector('mb-wallet-image') ?? row.firstElementChild!;
    assert.isAbove(image.getBoundingClientRect().left, row.getBoundingClientRect().left + row.getBoundingClientRect().width / 2, 'the wallet icon starts the row on the right');
    await expectNoAxeViolations(modal);
  });

  it('the back button and the chevrons point the other way; German stays left to right', async () => {
    const { controllers } = createTestControllers({ modalOptions: { locale: ar } });
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open();
    const view = await waitForView(modal, 'mb-connect-view');
    await waitFor(() => items(view).some((item) => item.label === 'كل المحافظ'), 3000, 'all wallets item');
    const allWallets = items(view).find((item) => item.label === 'كل المحافظ')!;
    const chevron = allWallets.shadowRoot!.querySelector('mb-icon[name="chevron"]');
    if (chevron) assert.equal(iconTransform(chevron), 'matrix(-1, 0, 0, 1, 0, 0)');
    click(allWallets);
    await waitForView(modal, 'mb-all-wallets-view');
    const back = modal.shadowRoot!.querySelector('mb-button[label="رجوع"]')!;
    assert.exists(back, 'the back button is labelled in Arabic');
    assert.equal(iconTransform(back.querySelector('mb-icon')!), 'matrix(-1, 0, 0, 1, 0, 0)');
    const title = modal.shadowRoot!.querySelector('#title')!;
    assert.isAbove(back.getBoundingClientRect().left, title.getBoundingClientRect().right - 1, 'the back button sits on the right in RTL');
    await expectNoAxeViolations(modal);
    document.body.replaceChildren();

    const german = createTestControllers({ modalOptions: { locale: de } });
    const mounted = await mountTestModal(german.controllers);
    german.controllers.modal.open();
    await waitForView(mounted.modal, 'mb-connect-view');
    assert.equal(mounted.modal.shadowRoot!.querySelector('dialog')!.getAttribute('dir'), 'ltr');
  });

  it("Swap's balance reads amount then symbol ('25 USDT'), as Account does, not 'USDT 25'", async () => {
    const { view } = await openSwap({ locale: ar });
    const line = await waitFor(() => view.shadowRoot!.querySelector('.panel-foot bdi'), 3000, 'the balance line');
    const text = [...line.childNodes].find((node): node is Text => node.nodeType === Node.TEXT_NODE && !!node.textContent!.trim())!;
    const at = (word: string) => {
      const range = document.createRange();
      const start = text.data.indexOf(word);
      range.setStart(text, start);
      range.setEnd(text, start + word.length);
      return range.getBoundingClientRect();
    };
    const [amount, symbol] = text.data.trim().split(/\s+/).slice(-2);
    assert.isBelow(at(amount).left, at(symbol).left, `'${text.data}' reads left to right inside the line`);
    assert.include(line.parentElement!.textContent!, 'الرصيد:');
  });

  it('in AllWallets the grid starts on the right and the left arrow moves forward', async () => {
    const { controllers } = createTestControllers({ modalOptions: { locale: ar }, wallets: 60 });
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open({ view: 'AllWallets' });
    const view = await waitForView(modal, 'mb-all-wallets-view');
    const tiles = () => [...view.shadowRoot!.querySelectorAll<MbGridItem>('mb-grid-item')];
    await waitFor(() => tiles().length > 4, 3000, 'tiles');
    const [first, second] = tiles();
    assert.isAbove(first.getBoundingClientRect().left, second.getBoundingClientRect().left, 'the first wallet is on the right');
    const focused = () => Number(((deepActive()?.getRootNode() as ShadowRoot).host as MbGridItem).dataset.index);
    first.focus();
    await sendKeys({ press: 'ArrowLeft' });
    assert.equal(focused(), 1);
    await sendKeys({ press: 'ArrowRight' });
    assert.equal(focused(), 0);
    await expectNoAxeViolations(modal);
  });
});
