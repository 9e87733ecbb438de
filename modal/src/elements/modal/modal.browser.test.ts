import { assert } from 'chai';
import { emulateMedia, sendKeys, sendMouse } from '@web/test-runner-commands';
import { bsc, createFakeFetch, createTestControllers, makeWallets } from '../../views/testing/test-controllers.js';
import { createModalCore } from '../../client-core.js';
import { controllersOf, setDefaultClient } from '../../client-registry.js';
import { createMemoryStorage } from '../../storage.js';
import type { MbModal } from './modal.js';
import {
  deepActive,
  dialogName,
  expectNoAxeViolations,
  mountTestModal,
  waitFor,
  waitForView,
} from '../../views/testing/test-helpers.js';
import { MbRequestCloseEvent } from './modal.js';
import { texts } from '../../texts/ui.js';

const dialogOf = (modal: HTMLElement) => modal.shadowRoot!.querySelector('dialog')!;
const inside = (modal: HTMLElement, element: Element | null) => {
  for (let node: Node | null = element; node; node = node.parentNode ?? (node as ShadowRoot).host ?? null) {
    if (node === modal) return true;
  }
  return false;
};

describe('<mb-modal>', () => {
  afterEach(async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
    document.body.replaceChildren();
  });

  it('shows skeletons while the first view loads, then the Connect view without waiting for the network', async () => {
    const { controllers } = createTestControllers({ directoryDelay: 1000 });
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open();
    await modal.updateComplete;
    assert.isTrue(dialogOf(modal).open);
    assert.exists(modal.shadowRoot!.querySelector('.loading mb-skeleton'), 'skeletons before the view chunk is in');
    const view = await waitForView(modal, 'mb-connect-view');
    // The directory answers after 1 s: the view is already there, with skeletons for the suggested wallets.
    assert.exists(view.shadowRoot!.querySelector('mb-skeleton'));
  });

  it('is a modal native dialog named by its heading; axe finds no violations', async () => {
    const { controllers } = createTestControllers();
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open();
    await waitForView(modal, 'mb-connect-view');
    const dialog = dialogOf(modal);
    assert.isTrue(dialog.open);
    assert.isTrue(dialog.matches(':modal'), 'opened with showModal (page behind is inert)');
    assert.equal(dialogName(modal), 'Connect Wallet');
    await expectNoAxeViolations(modal);
  });

  it('Escape closes it and focus returns to the element that had it', async () => {
    const { controllers } = createTestControllers();
    const { modal, trigger } = await mountTestModal(controllers);
    controllers.modal.open();
    await waitForView(modal, 'mb-connect-view');
    assert.isTrue(inside(modal, deepActive()), 'focus moved into the dialog');
    const sources: string[] = [];
    modal.addEventListener('mb-request-close', (event) => sources.push(event.source));
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !controllers.modal.getState().open, 2000, 'closed');
    await modal.updateComplete;
    assert.isFalse(dialogOf(modal).open);
    assert.deepEqual(sources, ['keyboard']);
    assert.equal(document.activeElement, trigger);
  });

  it('mb-request-close is cancelable: cancelling keeps it open and shakes it for 500 ms', async () => {
    const { controllers } = createTestControllers();
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open();
    await waitForView(modal, 'mb-connect-view');
    modal.addEventListener('mb-request-close', (event) => {
      assert.instanceOf(event, MbRequestCloseEvent);
      assert.isTrue(event.cancelable);
      event.preventDefault();
    });
    const close = modal.shadowRoot!.querySelector<HTMLElement>(`mb-button[label="${texts.close}"]`)!;
    close.shadowRoot!.querySelector('button')!.click();
    await modal.updateComplete;
    assert.isTrue(controllers.modal.getState().open);
    assert.isTrue(dialogOf(modal).open);
    assert.isTrue(dialogOf(modal).classList.contains('shake'));
    await sendKeys({ press: 'Escape' });
    await modal.updateComplete;
    assert.isTrue(dialogOf(modal).open, 'Escape is cancelled too');
    await waitFor(() => !dialogOf(modal).classList.contains('shake'), 1500, 'shake ends');
  });

  it('a click on the backdrop asks to close (source backdrop); a click inside does not', async () => {
    const { controllers } = createTestControllers();
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open();
    await waitForView(modal, 'mb-connect-view');
    const sources: string[] = [];
    modal.addEventListener('mb-request-close', (event) => sources.push(event.source));
    const box = dialogOf(modal).getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(box.left + box.width / 2), Math.round(box.top + 20)] });
    assert.isTrue(controllers.modal.getState().open, 'a click on the header keeps it open');
    await sendMouse({ type: 'click', position: [3, 3] });
    await waitFor(() => !controllers.modal.getState().open, 2000, 'closed by the backdrop');
    assert.deepEqual(sources, ['backdrop']);
  });

  it('the close button closes it', async () => {
    const { controllers } = createTestControllers();
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open();
    await waitForView(modal, 'mb-connect-view');
    const close = modal.shadowRoot!.querySelector<HTMLElement>(`mb-button[label="${texts.close}"]`)!;
    close.shadowRoot!.querySelector('button')!.click();
    await modal.updateComplete;
    assert.isFalse(controllers.modal.getState().open);
    assert.isFalse(dialogOf(modal).open);
  });

  it('keeps focus inside: Tab and Shift+Tab cycle through the dialog only', async () => {
    const { controllers } = createTestControllers();
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open();
    const view = await waitForView(modal, 'mb-connect-view');
    await waitFor(() => view.shadowRoot!.querySelectorAll('mb-list-item').length >= 5, 3000, 'wallets');
    const seen = new Set<Element>();
    for (let i = 0; i < 14; i++) {
      await sendKeys({ press: 'Tab' });
      const active = deepActive();
      assert.isTrue(inside(modal, active), `Tab ${i + 1} stays inside (${active?.outerHTML.slice(0, 60)})`);
      // Keyboard focus is visible: a 3px outline on the focused control.
      assert.equal(getComputedStyle(active!).outlineStyle, 'solid', `visible focus on ${active?.outerHTML.slice(0, 60)}`);
      assert.equal(getComputedStyle(active!).outlineWidth, '3px');
      seen.add(active!);
    }
    assert.isAtLeast(seen.size, 5, 'Tab moved through the items');
    for (let i = 0; i < 14; i++) {
      await sendKeys({ down: 'Shift' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ up: 'Shift' });
      assert.isTrue(inside(modal, deepActive()), `Shift+Tab ${i + 1} stays inside`);
    }
  });

  it('a back button returns to the previous view', async () => {
    const { controllers } = createTestControllers();
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open();
    await waitForView(modal, 'mb-connect-view');
    controllers.router.push('Networks');
    await waitForView(modal, 'mb-networks-view');
    assert.equal(dialogName(modal), 'Choose Network');
    const back = modal.shadowRoot!.querySelector<HTMLElement>(`mb-button[label="${texts.back}"]`)!;
    back.shadowRoot!.querySelector('button')!.click();
    await waitForView(modal, 'mb-connect-view');
  });

  it('shows the toast of the toast controller', async () => {
    const { controllers } = createTestControllers();
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open();
    await waitForView(modal, 'mb-connect-view');
    controllers.toasts.show('error', 'Signature declined');
    await modal.updateComplete;
    const toast = modal.shadowRoot!.querySelector('mb-toast')!;
    assert.equal(toast.textContent, 'Signature declined');
    assert.equal(toast.getAttribute('variant'), 'error');
  });

  it('themes: light by default, dark from the options; a dapp can override a token', async () => {
    const light = createTestControllers();
    const { modal } = await mountTestModal(light.controllers);
    light.controllers.modal.open();
    await waitForView(modal, 'mb-connect-view');
    const background = () => getComputedStyle(dialogOf(modal)).backgroundColor;
    assert.equal(background(), 'rgb(255, 255, 255)');
    modal.themeMode = 'dark';
    await modal.updateComplete;
    assert.equal(background(), 'rgb(23, 24, 27)');
    await expectNoAxeViolations(modal);
    modal.style.setProperty('--mb-color-bg', 'rgb(1, 2, 3)');
    assert.equal(background(), 'rgb(1, 2, 3)');
    document.body.replaceChildren();
    const dark = createTestControllers({ modalOptions: { themeMode: 'dark' } });
    const second = await mountTestModal(dark.controllers);
    assert.equal(second.modal.getAttribute('theme-mode'), 'dark');
  });

  it('honours prefers-reduced-motion: no opening animation', async () => {
    const { controllers } = createTestControllers();
    const { modal } = await mountTestModal(controllers);
    await emulateMedia({ reducedMotion: 'reduce' });
    controllers.modal.open();
    await waitForView(modal, 'mb-connect-view');
    assert.equal(getComputedStyle(dialogOf(modal)).animationName, 'none');
    await emulateMedia({ reducedMotion: 'no-preference' });
    controllers.modal.close();
    await modal.updateComplete;
    controllers.modal.open();
    await modal.updateComplete;
    assert.equal(getComputedStyle(dialogOf(modal)).animationName, 'rise');
  });

  it('embedded mode renders inline, has no close button, and closing shows Connect or Account', async () => {
    const { controllers } = createTestControllers({ modalOptions: { embedded: true } });
    const { modal } = await mountTestModal(controllers);
    await waitForView(modal, 'mb-connect-view');
    const dialog = dialogOf(modal);
    assert.isTrue(dialog.open);
    assert.isFalse(dialog.matches(':modal'));
    assert.notExists(modal.shadowRoot!.querySelector(`mb-button[label="${texts.close}"]`));
  });

  it("embedded mode with the element entry's client: a modal placed in the page renders Connect once the client has made its controllers", async () => {
    await import('./mount.js');
    const client = createModalCore(
      {
        projectId: 'test-project',
        networks: [bsc],
        metadata: { name: 'Test dapp', description: 'A test', url: location.origin, icons: [] },
        storage: createMemoryStorage(),
        embedded: true,
        apiUrls: { blockchainApi: `${location.origin}/mock-api`, walletDirectory: `${location.origin}/mock-directory`, analytics: `${location.origin}/mock-analytics` },
      },
      { fetch: createFakeFetch({ wallets: makeWallets(4) }), location: null },
    );
    try {
      const modal = document.createElement('mb-modal') as MbModal;
      modal.client = client;
      document.body.append(modal);
      // Placed before the controllers exist: it renders nothing until they do (made at once for an embedded modal).
      assert.isUndefined(controllersOf(client));
      await waitForView(modal, 'mb-connect-view');
      assert.isDefined(controllersOf(client));
      assert.isTrue(dialogOf(modal).open);
      assert.isFalse(dialogOf(modal).matches(':modal'));
    } finally {
      setDefaultClient(undefined);
    }
  });
});
