import { assert } from 'chai';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import { createTestControllers } from './testing/test-controllers.js';
import { computedColor, deepQueryAll, deepText, mountTestModal, waitFor, waitForView } from './testing/test-helpers.js';
import { openSwap, pickReceivedToken } from './testing/swap-harness.js';
import type { ViewName } from '../core/types.js';

// Phones (44 px targets), contrast of every text colour, and forced colours (a boundary and state on every control).

const CONTROLS = 'button, input, select, a[href], [role="option"]';

/** Every control shown in `root` (through shadow roots) whose box is under 44 px either way, named for the message. */
function smallTargets(root: Element): string[] {
  return deepQueryAll<HTMLElement>(root, CONTROLS)
    .filter((control) => control.checkVisibility() && !control.closest('.visually-hidden, .vh'))
    // A field inside its label is tapped anywhere in the label.
    .map((control) => ({ control, box: (control.closest('label') ?? control).getBoundingClientRect() }))
    .filter(({ box }) => box.width > 0 && (box.width < 44 - 0.01 || box.height < 44 - 0.01))
    .map(({ control, box }) => {
      const host = (control.getRootNode() as ShadowRoot).host?.localName ?? 'document';
      return `${host} ${control.localName}.${control.className} "${(control.textContent ?? control.getAttribute('aria-label') ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`;
    });
}

async function openAt375(view: ViewName, tag: string, ready: (view: HTMLElement) => boolean) {
  await setViewport({ width: 375, height: 740 });
  const harness = createTestControllers();
  await harness.controllers.connection.connect('io.metamask');
  const { modal } = await mountTestModal(harness.controllers);
  harness.controllers.modal.open({ view });
  const element = await waitForView(modal, tag);
  await waitFor(() => ready(element), 3000, `${view} loaded`);
  return { modal, view: element };
}

describe('tap targets at phone width (375 px)', () => {
  afterEach(async () => {
    document.body.replaceChildren();
    await setViewport({ width: 800, height: 600 });
  });

  const views: [ViewName, string, (view: HTMLElement) => boolean][] = [
    ['Account', 'mb-account-view', (view) => view.shadowRoot!.querySelectorAll('mb-list-item').length > 0],
    ['WalletSend', 'mb-wallet-send-view', (view) => (view.shadowRoot!.querySelector('mb-token-picker')?.options.length ?? 0) > 0],
    ['Networks', 'mb-networks-view', (view) => deepQueryAll(view, 'button').length > 0],
  ];
  for (const [name, tag, ready] of views) {
    it(`${name}: every button, field and row of the view and the sheet's header is at least 44 x 44 px`, async () => {
      const { modal } = await openAt375(name, tag, ready);
      const dialog = modal.shadowRoot!.querySelector('dialog')!;
      assert.equal(dialog.getBoundingClientRect().width, 375, 'a bottom sheet as wide as the phone');
      assert.deepEqual(smallTargets(dialog), []);
    });
  }

  it('Swap with a quote: the token buttons, Max, the flip and the tolerance field are at least 44 x 44 px', async () => {
    await setViewport({ width: 375, height: 740 });
    const { view, modal } = await openSwap();
    await waitFor(() => deepText(view).includes('Balance'), 3000, 'loaded');
    const swap = await pickReceivedToken(view, modal);
    assert.deepEqual(smallTargets(modal.shadowRoot!.querySelector('dialog')!), []);
    assert.isNotNull(swap.shadowRoot!.querySelector('#slippage'));
  });
});

/** WCAG's contrast ratio of two computed `rgb(...)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = color.match(/[\d.]+/g)!.slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The computed colour of a theme token in `host`'s shadow root (a probe there inherits the host's tokens). */
function tokenColor(host: Element, token: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${token})`;
  host.shadowRoot!.append(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}

describe('text contrast in light and dark', () => {
  afterEach(() => document.body.replaceChildren());

  for (const theme of ['light', 'dark'] as const) {
    it(`${theme}: every text colour is at least 4.5:1 on every surface it stands on, a hover row's green amount included`, async () => {
      const harness = createTestControllers({ modalOptions: { themeMode: theme } });
      const { modal } = await mountTestModal(harness.controllers);
      const surfaces = ['--_mb-color-bg', '--_mb-color-surface', '--_mb-color-surface-hover'];
      const texts = ['--_mb-color-fg', '--_mb-color-fg-muted', '--_mb-color-success', '--_mb-color-error'];
      const low = texts.flatMap((text) =>
        surfaces
          .map((surface) => ({ pair: `${text} on ${surface}`, ratio: contrast(tokenColor(modal, text), tokenColor(modal, surface)) }))
          .filter(({ ratio }) => ratio < 4.5)
          .map(({ pair, ratio }) => `${pair}: ${ratio.toFixed(2)}`),
      );
      assert.deepEqual(low, []);
    });

    it(`${theme}: a disabled button's label that says why ('Insufficient funds') keeps 4.5:1`, async () => {
      const harness = createTestControllers({ modalOptions: { themeMode: theme } });
      await harness.controllers.connection.connect('io.metamask');
      const { modal } = await mountTestModal(harness.controllers);
      harness.controllers.modal.open({ view: 'WalletSend' });
      const view = await waitForView(modal, 'mb-wallet-send-view');
      const submit = await waitFor(() => view.shadowRoot!.querySelector('mb-button.submit')?.shadowRoot?.querySelector('button'), 3000, 'the button');
      await waitFor(() => submit.disabled, 3000, 'disabled');
      const style = getComputedStyle(submit);
      assert.equal(style.opacity, '1', 'not faded');
      assert.isAtLeast(contrast(style.color, style.backgroundColor), 4.5);
    });
  }
});

describe('forced colours (Windows high contrast)', () => {
  afterEach(async () => {
    await executeServerCommand('emulate-forced-colors', { active: false });
    document.body.replaceChildren();
  });

  /** A system colour as this page computes it. */
  /** Controls in `root` whose boundary is missing under forced colours: no border, or a transparent one. */
  function unbounded(root: Element): string[] {
    return deepQueryAll<HTMLElement>(root, CONTROLS)
      .filter((control) => control.checkVisibility())
      .map((control) => ({ control, box: control.closest('label') ?? control }))
      .filter(({ box }) => {
        const style = getComputedStyle(box);
        return parseFloat(style.borderTopWidth) < 1 || style.borderTopColor === 'rgba(0, 0, 0, 0)' || style.borderTopStyle === 'none';
      })
      .map(({ control }) => `${(control.getRootNode() as ShadowRoot).host?.localName} ${control.localName}.${control.className}`);
  }

  const views: [ViewName, string, (view: HTMLElement) => boolean][] = [
    ['Account', 'mb-account-view', (view) => view.shadowRoot!.querySelectorAll('mb-list-item').length > 0],
    ['WalletSend', 'mb-wallet-send-view', (view) => (view.shadowRoot!.querySelector('mb-token-picker')?.options.length ?? 0) > 0],
    ['Networks', 'mb-networks-view', (view) => deepQueryAll(view, 'button').length > 0],
  ];
  for (const [name, tag, ready] of views) {
    it(`${name}: every button, field and row keeps a visible boundary, a disabled one in GrayText`, async () => {
      const harness = createTestControllers();
      await harness.controllers.connection.connect('io.metamask');
      const { modal } = await mountTestModal(harness.controllers);
      harness.controllers.modal.open({ view: name });
      const view = await waitForView(modal, tag);
      await waitFor(() => ready(view), 3000, `${name} loaded`);
      await executeServerCommand('emulate-forced-colors', { active: true });
      assert.isTrue(matchMedia('(forced-colors: active)').matches, 'forced colours emulated');
      const dialog = modal.shadowRoot!.querySelector('dialog')!;
      assert.deepEqual(unbounded(dialog), []);
      const disabled = deepQueryAll<HTMLButtonElement>(dialog, 'button:disabled').filter((button) => button.checkVisibility());
      for (const button of disabled) assert.equal(getComputedStyle(button).borderTopColor, computedColor('GrayText'), 'a disabled control says so by its colour');
      if (name === 'WalletSend') assert.isAbove(disabled.length, 0, 'the Send button is disabled until the form is complete');
    });
  }
});
