import { assert } from 'chai';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import { createTestControllers } from '../../views/testing/test-controllers.js';
import { deepActive, deepText, mountTestModal, waitFor, waitForView } from '../../views/testing/test-helpers.js';
import type { MbModal } from './modal.js';

/** Issue 20: focus, scroll and motion of the modal's shell between views, and the bottom sheet on a phone. */
const dialogOf = (modal: MbModal) => modal.shadowRoot!.querySelector('dialog')!;
const bodyOf = (modal: MbModal) => modal.shadowRoot!.querySelector<HTMLElement>('.body')!;
const headingOf = (modal: MbModal) => modal.shadowRoot!.querySelector<HTMLElement>('#title')!;
const announced = (modal: MbModal) => modal.shadowRoot!.querySelector('.announcer[aria-live="polite"]')!.textContent;
const click = (host: Element) => host.shadowRoot!.querySelector('button')!.click();
const buttonNamed = (view: Element, name: string) => [...view.shadowRoot!.querySelectorAll('mb-button')].find((b) => deepText(b) === name)!;

const apiUrls = {
  blockchainApi: `${location.origin}/mock-api`,
  walletDirectory: `${location.origin}/mock-directory`,
  analytics: `${location.origin}/mock-analytics`,
  relay: 'ws://127.0.0.1:9',
  embeddedWallet: `${location.origin}/mock-wallet`,
};

async function connectedModal() {
  // With the embedded wallet configured, Connect starts with the e-mail field.
  const harness = createTestControllers({ modalOptions: { apiUrls } });
  await harness.controllers.connection.connect('io.metamask');
  const mounted = await mountTestModal(harness.controllers);
  harness.controllers.modal.open();
  const view = await waitForView(mounted.modal, 'mb-account-view');
  return { ...harness, ...mounted, view };
}

/** Waits two frames (a ResizeObserver callback and the style it set). */
const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

describe('<mb-modal> shell: focus, scroll, motion, bottom sheet', () => {
  afterEach(async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
    await setViewport({ width: 800, height: 600 });
    document.body.replaceChildren();
  });

  it('moves focus to the new view\'s heading and announces its title on every view change; never to <body>', async () => {
    const { modal, controllers, view } = await connectedModal();
    assert.equal(deepActive(), headingOf(modal), 'opening focuses the heading');
    assert.equal(headingOf(modal).tabIndex, -1, 'the heading is focusable by script only');
    assert.equal(announced(modal), 'Account');

    // A view with a field gives it the focus (its first input); its title is announced all the same.
    click(buttonNamed(view, 'Send'));
    const send = await waitForView(modal, 'mb-wallet-send-view');
    await waitFor(() => deepActive()?.getAttribute('inputmode') === 'decimal', 2000, 'focus in the amount field');
    assert.isTrue(send.shadowRoot!.querySelector('mb-input')!.shadowRoot!.contains(deepActive()), "in Send's first field");
    assert.equal(announced(modal), 'Send');

    controllers.router.back();
    await waitForView(modal, 'mb-account-view');
    assert.equal(deepActive(), headingOf(modal), 'after Back');
    assert.equal(announced(modal), 'Account');

    controllers.router.push('Networks');
    await waitForView(modal, 'mb-networks-view');
    assert.equal(deepActive(), headingOf(modal), 'after Account -> Networks');
    assert.equal(announced(modal), 'Choose Network');

    controllers.router.push('WalletReceive');
    await waitForView(modal, 'mb-wallet-receive-view');
    assert.equal(deepActive(), headingOf(modal), 'after -> Receive');
    assert.notEqual(document.activeElement, document.body);
  });

  it("each view's first focus is its first input: Connect's e-mail field", async () => {
    const harness = createTestControllers({ modalOptions: { apiUrls } });
    const { modal } = await mountTestModal(harness.controllers);
    harness.controllers.modal.open();
    const connect = await waitForView(modal, 'mb-connect-view');
    const email = connect.shadowRoot!.querySelector('mb-input')!;
    await waitFor(() => email.shadowRoot!.contains(deepActive()), 2000, 'focus in the e-mail field');
    assert.equal((deepActive() as HTMLInputElement).type, 'email');
    assert.equal(announced(modal), 'Connect Wallet');
  });

  it('an inline modal takes no focus on page load, and its views leave the page its focus while the visitor is elsewhere', async () => {
    // Inline, on page load: the page keeps its focus (the control focused before the modal was added).
    // (All Wallets, whose first field is its search: an inline modal does not load the wallet's frame for this.)
    const inline = createTestControllers({ modalOptions: { embedded: true } });
    const mounted = await mountTestModal(inline.controllers);
    await waitForView(mounted.modal, 'mb-connect-view');
    await frames();
    assert.equal(document.activeElement, mounted.trigger, 'the inline modal takes no focus when it appears');
    inline.controllers.router.push('AllWallets');
    const wallets = await waitForView(mounted.modal, 'mb-all-wallets-view');
    assert.isNotNull(wallets.shadowRoot!.querySelector('mb-input'), 'a field there');
    await frames();
    assert.equal(document.activeElement, mounted.trigger, 'the page keeps the focus');
  });

  it('a control removed while it had focus hands focus to the heading, not to <body>', async () => {
    const { modal, view } = await connectedModal();
    const send = buttonNamed(view, 'Send');
    send.shadowRoot!.querySelector('button')!.focus();
    assert.equal(deepActive(), send.shadowRoot!.querySelector('button'));
    send.remove();
    await waitFor(() => deepActive() === headingOf(modal), 2000, 'focus on the heading');
  });

  it('after Disconnect, Connect opens scrolled to the top with the e-mail field visible', async () => {
    await setViewport({ width: 800, height: 420 });
    const { modal, controllers, view } = await connectedModal();
    const body = bodyOf(modal);
    // Connect's chunk is in already (no skeleton in between to reset the scroll by accident).
    controllers.router.push('Connect');
    await waitForView(modal, 'mb-connect-view');
    controllers.router.back();
    await waitForView(modal, 'mb-account-view');
    await waitFor(() => body.scrollHeight > body.clientHeight + 40, 3000, 'the Account view scrolls');
    body.scrollTop = body.scrollHeight;
    assert.isAbove(body.scrollTop, 0);
    click(buttonNamed(view, 'Disconnect'));
    await waitFor(() => !controllers.getAccount().isConnected, 3000, 'disconnected');
    const connect = await waitForView(modal, 'mb-connect-view');
    await frames();
    assert.equal(body.scrollTop, 0, 'Connect opens at the top');
    const email = connect.shadowRoot!.querySelector('mb-input[type="email"]')!;
    const box = email.getBoundingClientRect();
    const frame = body.getBoundingClientRect();
    assert.isAtLeast(box.top, frame.top, 'the e-mail field is inside the visible body');
    assert.isAtMost(box.bottom, frame.bottom);
  });

  it('each view opens scrolled to the top (push and back)', async () => {
    await setViewport({ width: 800, height: 420 });
    const { modal, controllers } = await connectedModal();
    const body = bodyOf(modal);
    controllers.router.push('Networks');
    await waitForView(modal, 'mb-networks-view');
    body.scrollTop = 200;
    controllers.router.back();
    await waitForView(modal, 'mb-account-view');
    assert.equal(body.scrollTop, 0);
  });

  it('animates the body\'s height between views (top anchored); under reduced motion it changes at once', async () => {
    await setViewport({ width: 1280, height: 1000 });
    const { modal, controllers } = await connectedModal();
    const body = bodyOf(modal);
    await waitFor(() => dialogOf(modal).getAnimations().length === 0, 2000, 'opened');
    await frames();
    const style = getComputedStyle(body);
    assert.include(style.transitionProperty, 'height');
    assert.isAbove(parseFloat(style.transitionDuration), 0, 'a height transition');
    const top = dialogOf(modal).getBoundingClientRect().top;
    const before = body.getBoundingClientRect().height;
    controllers.router.push('Networks');
    await waitForView(modal, 'mb-networks-view');
    await waitFor(() => body.getAnimations().some((a) => (a as CSSTransition).transitionProperty === 'height'), 2000, 'a running height transition');
    await waitFor(() => body.getAnimations().length === 0, 2000, 'the transition ends');
    const after = body.getBoundingClientRect().height;
    assert.notEqual(Math.round(after), Math.round(before), 'Networks is not as tall as Account');
    assert.equal(Math.round(dialogOf(modal).getBoundingClientRect().top), Math.round(top), 'the top stays where it was');

    await emulateMedia({ reducedMotion: 'reduce' });
    assert.equal(getComputedStyle(body).transitionProperty, 'none');
    controllers.router.back();
    await waitForView(modal, 'mb-account-view');
    await frames();
    assert.lengthOf(body.getAnimations(), 0, 'no transition under reduced motion');
    const padding = parseFloat(getComputedStyle(body).paddingTop) + parseFloat(getComputedStyle(body).paddingBottom);
    const natural = (body.firstElementChild as HTMLElement).offsetHeight + padding;
    assert.approximately(body.getBoundingClientRect().height, natural, 1, 'the body has its new height at once');
  });

  it('below 600 px it is a bottom sheet: full width, at the bottom, rounded top corners, scrolling inside', async () => {
    await setViewport({ width: 390, height: 844 });
    const { modal } = await connectedModal();
    await waitFor(() => dialogOf(modal).getAnimations().length === 0, 2000, 'settled');
    const dialog = dialogOf(modal);
    const box = dialog.getBoundingClientRect();
    const style = getComputedStyle(dialog);
    assert.equal(Math.round(box.width), 390, 'full width');
    assert.equal(Math.round(box.left), 0);
    assert.equal(Math.round(box.bottom), 844, 'anchored to the bottom');
    assert.equal(style.borderTopLeftRadius, style.borderTopRightRadius);
    assert.isAbove(parseFloat(style.borderTopLeftRadius), 0, 'rounded top corners');
    assert.equal(parseFloat(style.borderBottomLeftRadius), 0, 'square bottom corners');
    assert.isAtMost(box.height, 844 - 32, 'max height leaves the page visible above');
    assert.equal(getComputedStyle(bodyOf(modal)).overflowY, 'auto', 'long views scroll inside');

    await setViewport({ width: 1280, height: 800 });
    await frames();
    const wide = dialog.getBoundingClientRect();
    assert.isBelow(wide.width, 600, 'a centred card on a wide screen');
    assert.approximately(wide.left + wide.width / 2, 640, 1);
    assert.isBelow(wide.bottom, 800);
  });
});
