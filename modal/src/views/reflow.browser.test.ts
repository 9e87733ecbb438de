import { assert } from 'chai';
import { setViewport } from '@web/test-runner-commands';
import { createTestControllers } from './testing/test-controllers.js';
import { deepQueryAll, deepText, mountTestModal, waitFor, waitForView } from './testing/test-helpers.js';
import { openSwap } from './testing/swap-harness.js';
import { de } from '../texts/locales/de.js';
import type { ViewName } from '../core/types.js';
import type { MbModal } from '../elements/modal/modal.js';

// Reflow (WCAG 1.4.10) at 320 CSS px, the width of a 1280 px screen at 400 % zoom, and text spacing (WCAG 1.4.12) in
// German, the shipped language with the longest words: no sideways scrolling, no control or text cut off.

/** WCAG 1.4.12's spacing, put into every shadow root of the modal as a reader's style sheet would be. */
const spacing = new CSSStyleSheet();
spacing.replaceSync(`
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`);

function spaceText(modal: MbModal) {
  const roots = [modal.shadowRoot!, ...deepQueryAll(modal, '*').flatMap((element) => (element.shadowRoot ? [element.shadowRoot] : []))];
  for (const root of roots) if (!root.adoptedStyleSheets.includes(spacing)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, spacing];
}

/** What leaves the dialog sideways, and the buttons and fields whose own text no longer fits them. */
function cutOff(modal: MbModal): string[] {
  const dialog = modal.shadowRoot!.querySelector('dialog')!;
  const edge = dialog.getBoundingClientRect();
  const name = (element: Element) => `${element.localName}.${element.className} "${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30)}"`;
  const shown = deepQueryAll<HTMLElement>(dialog, '*').filter((element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  });
  const outside = shown.filter((element) => {
    const box = element.getBoundingClientRect();
    return box.right > edge.right + 1 || box.left < edge.left - 1;
  });
  // A label wider than its button spills out of it (a text cut with an ellipsis on purpose keeps its own box).
  const overflowing = shown.filter((element) => element.matches('button, input') && element.scrollWidth > element.clientWidth + 1);
  return [...outside.map((element) => `outside: ${name(element)}`), ...overflowing.map((element) => `overflows: ${name(element)}`)];
}

async function check(modal: MbModal, label: string) {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await frame();
  assert.deepEqual(cutOff(modal), [], `${label}: nothing cut off at 320 px`);
  assert.isAtMost(document.documentElement.scrollWidth, 320, `${label}: the page does not scroll sideways`);
  spaceText(modal);
  await frame();
  assert.deepEqual(cutOff(modal), [], `${label}: nothing cut off with WCAG 1.4.12 text spacing`);
  assert.isAtMost(document.documentElement.scrollWidth, 320, `${label}: no sideways scrolling with text spacing`);
}

describe('reflow at 320 CSS px (400 % zoom) and text spacing, in German', () => {
  beforeEach(async () => setViewport({ width: 320, height: 640 }));
  afterEach(async () => {
    document.body.replaceChildren();
    await setViewport({ width: 800, height: 600 });
  });

  it('Connect: the e-mail field, its buttons and the wallets', async () => {
    const { controllers } = createTestControllers({ modalOptions: { locale: de, apiUrls: { embeddedWallet: `${location.origin}/mock-wallet` } } });
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open();
    const view = await waitForView(modal, 'mb-connect-view');
    await waitFor(() => view.shadowRoot!.querySelectorAll('mb-list-item').length > 3, 3000, 'wallets listed');
    await check(modal, 'Connect');
  });

  const connected: [ViewName, string, (view: HTMLElement) => boolean][] = [
    ['Account', 'mb-account-view', (view) => view.shadowRoot!.querySelectorAll('ul.tokens li button').length > 0],
    ['WalletSend', 'mb-wallet-send-view', (view) => (view.shadowRoot!.querySelector('mb-token-picker')?.options.length ?? 0) > 0],
    ['Networks', 'mb-networks-view', (view) => deepQueryAll(view, 'button').length > 0],
    ['Transactions', 'mb-transactions-view', (view) => deepText(view).length > 0],
  ];
  for (const [name, tag, ready] of connected) {
    it(`${name}`, async () => {
      const harness = createTestControllers({ modalOptions: { locale: de } });
      await harness.controllers.connection.connect('io.metamask');
      const { modal } = await mountTestModal(harness.controllers);
      harness.controllers.modal.open({ view: name });
      const view = await waitForView(modal, tag);
      await waitFor(() => ready(view), 3000, `${name} loaded`);
      await check(modal, name);
    });
  }

  it('Swap with a quote', async () => {
    const { view, modal } = await openSwap({ locale: de });
    await waitFor(() => deepText(view).length > 0 && !view.shadowRoot!.querySelector('[aria-busy="true"]'), 3000, 'loaded');
    // The second side's token button (its name is German here), then USDT from the list: a quote shows.
    view.shadowRoot!.querySelectorAll<HTMLButtonElement>('button.token')[1].click();
    const select = await waitForView(modal, 'mb-swap-select-token-view');
    await waitFor(() => select.shadowRoot!.querySelectorAll('mb-list-item').length === 3, 3000, 'tokens');
    select.shadowRoot!.querySelectorAll('mb-list-item')[1].shadowRoot!.querySelector('button')!.click();
    const swap = await waitForView(modal, 'mb-swap-view');
    await waitFor(() => swap.shadowRoot!.querySelectorAll('button.token').length === 2 && !deepText(swap).includes(de.texts.selectToken), 3000, 'both tokens');
    await check(modal, 'Swap');
  });
});
