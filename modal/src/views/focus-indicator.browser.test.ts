import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import type { MbModal } from '../elements/modal/modal.js';
import { createTestControllers } from './testing/test-controllers.js';
import { deepActive, mountTestModal, waitFor, waitForView } from './testing/test-helpers.js';
import { openSwap } from './testing/swap-harness.js';

type Rgba = [number, number, number, number];

function parseColor(value: string): Rgba {
  const parts = value.match(/[\d.]+/g)?.map(Number) ?? [];
  if (!value.startsWith('rgb') || parts.length < 3) throw new Error(`unexpected colour ${value}`);
  return [parts[0], parts[1], parts[2], parts[3] ?? 1];
}

const luminance = ([r, g, b]: Rgba) => {
  const channel = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
};
const contrast = (a: Rgba, b: Rgba) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};

/** The element's parent in the composed tree (through slots and shadow roots). */
const composedParent = (element: Element): Element | null => element.assignedSlot ?? element.parentElement ?? ((element.getRootNode() as ShadowRoot).host || null);

/** The colour painted behind a ring drawn from `start` outwards: the backgrounds from there up, composited. */
function backgroundFrom(start: Element | null): Rgba {
  const layers: Rgba[] = [];
  for (let element = start; element; element = composedParent(element)) {
    const colour = parseColor(getComputedStyle(element).backgroundColor);
    if (colour[3] > 0) layers.push(colour);
    if (colour[3] >= 1) break;
  }
  return layers.reduceRight<Rgba>(
    (below, [r, g, b, a]) => [r * a + below[0] * (1 - a), g * a + below[1] * (1 - a), b * a + below[2] * (1 - a), 1],
    [255, 255, 255, 1],
  );
}

/** The element that draws the focused control's ring: the control, or the nearest ancestor of its shadow root that does (a field's frame). */
function ringOf(control: Element): Element {
  for (let element: Element | null = control; element; element = element.parentElement) {
    const style = getComputedStyle(element);
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) return element;
  }
  return control;
}

const outlineOf = (element: Element) => {
  const style = getComputedStyle(element);
  return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), colour: style.outlineColor, offset: parseFloat(style.outlineOffset) };
};

const describeElement = (element: Element) => `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}" in ${(element.getRootNode() as ShadowRoot).host?.tagName.toLowerCase()}`;

/**
 * Tabs through every stop of the dialog once round: each focused control shows a ring of at least 2 px that was not
 * there (or not so) before it had focus, at least 3:1 against what is painted behind it. Answers how many stops it met.
 */
async function checkEveryStop(modal: MbModal): Promise<number> {
  modal.shadowRoot!.querySelector<HTMLElement>('#title')!.focus();
  const seen: Element[] = [];
  let previous: { ring: Element; focused: ReturnType<typeof outlineOf> } | undefined;
  for (let presses = 0; presses < 40; presses++) {
    await sendKeys({ press: 'Tab' });
    const active = deepActive()!;
    if (previous) {
      // The ring is the change focus makes: it goes when the control loses focus.
      const unfocused = outlineOf(previous.ring);
      assert.notDeepEqual(unfocused, previous.focused, `focus changes how ${describeElement(previous.ring)} looks`);
    }
    if (seen.includes(active)) break;
    seen.push(active);
    const ring = ringOf(active);
    const focused = outlineOf(ring);
    const what = describeElement(active);
    assert.equal(focused.style, 'solid', `a focus ring on ${what}`);
    assert.isAtLeast(focused.width, 2, `ring width on ${what}`);
    // Outside the control the ring lies on what is behind it; inside (a negative offset), on the control itself.
    const behind = backgroundFrom(focused.offset + focused.width <= 0 ? ring : composedParent(ring));
    const ratio = contrast(parseColor(focused.colour), behind);
    assert.isAtLeast(ratio, 3, `ring contrast on ${what}: ${focused.colour} on rgb(${behind.slice(0, 3).join(', ')}) is ${ratio.toFixed(2)}:1`);
    previous = { ring, focused };
  }
  return seen.length;
}

async function bothThemes(modal: MbModal, minimumStops: number) {
  for (const mode of ['light', 'dark'] as const) {
    modal.themeMode = mode;
    await modal.updateComplete;
    assert.isAtLeast(await checkEveryStop(modal), minimumStops, `Tab stops in ${mode}`);
  }
}

describe('focus indicator', () => {
  afterEach(() => document.body.replaceChildren());

  it('every Tab stop of Networks (its active network too) and Account shows the one focus ring, at least 3:1, light and dark', async () => {
    const { controllers } = createTestControllers();
    await controllers.connection.connect('io.metamask');
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open({ view: 'Networks' });
    const networks = await waitForView(modal, 'mb-networks-view');
    await waitFor(() => networks.shadowRoot!.querySelector('mb-list-item[active]'), 3000, 'the active network');
    await bothThemes(modal, 3);

    controllers.router.reset('Account');
    const account = await waitForView(modal, 'mb-account-view');
    await waitFor(() => account.shadowRoot!.querySelectorAll('mb-button').length > 2, 3000, 'account actions');
    await bothThemes(modal, 4);
  });

  it('every Tab stop of Connect shows the focus ring, at least 3:1, light and dark', async () => {
    const { controllers } = createTestControllers();
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open();
    const connect = await waitForView(modal, 'mb-connect-view');
    await waitFor(() => connect.shadowRoot!.querySelectorAll('mb-list-item').length >= 3, 3000, 'wallets');
    await bothThemes(modal, 4);
  });

  it('every Tab stop of Send and Swap shows the focus ring, at least 3:1, light and dark', async () => {
    const { controllers, modal, view } = await openSwap();
    await waitFor(() => view.shadowRoot!.querySelector('input.amount'), 3000, 'the swap form');
    await bothThemes(modal, 4);
    controllers.router.reset('WalletSend');
    const send = await waitForView(modal, 'mb-wallet-send-view');
    await waitFor(() => (send.shadowRoot!.querySelector('mb-token-picker')?.options.length ?? 0) >= 2, 3000, 'tokens');
    await bothThemes(modal, 4);
  });
});
