import { assert } from 'chai';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import { createTestControllers } from '../../views/testing/test-controllers.js';
import { mountTestModal, waitFor, waitForView } from '../../views/testing/test-helpers.js';
import { MbRequestCloseEvent, type MbModal } from './modal.js';
import { SHEET_CLOSE_DISTANCE } from './sheet-swipe.js';

// A swipe down on the bottom sheet's header closes it on a phone, as a native sheet does.

async function openSheet(width = 375) {
  await setViewport({ width, height: 740 });
  const harness = createTestControllers();
  await harness.controllers.connection.connect('io.metamask');
  const { modal } = await mountTestModal(harness.controllers);
  harness.controllers.modal.open();
  const view = await waitForView(modal, 'mb-account-view');
  // The account's data is in: the sheet has its height.
  await waitFor(() => view.shadowRoot!.querySelectorAll('mb-list-item').length > 0, 3000, 'the account');
  const dialog = modal.shadowRoot!.querySelector('dialog')!;
  // The sheet has finished rising.
  await Promise.all(dialog.getAnimations().map((a) => a.finished.catch(() => undefined)));
  return { ...harness, modal, dialog };
}

/** A finger on the header's title, moved down by each of `steps` (px), then lifted. */
function drag(modal: MbModal, steps: number[], { lift = true } = {}) {
  const title = modal.shadowRoot!.querySelector('#title')!;
  const box = title.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  const fire = (target: EventTarget, type: string, dy: number) =>
    target.dispatchEvent(new PointerEvent(type, { pointerId: 7, pointerType: 'touch', isPrimary: true, button: type === 'pointermove' ? -1 : 0, clientX: x, clientY: y + dy, bubbles: true, composed: true }));
  fire(title, 'pointerdown', 0);
  for (const dy of steps) fire(title, 'pointermove', dy);
  if (lift) fire(title, 'pointerup', steps.at(-1) ?? 0);
}

describe('<mb-modal> bottom sheet: swipe down to close', () => {
  afterEach(async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
    await setViewport({ width: 800, height: 600 });
    document.body.replaceChildren();
  });

  it('the sheet follows the finger down; let go short of the distance it slides back and stays open', async () => {
    const { modal, dialog, controllers } = await openSheet();
    const top = dialog.getBoundingClientRect().top;
    drag(modal, [10, 30, 50], { lift: false });
    assert.closeTo(dialog.getBoundingClientRect().top - top, 50, 1, 'the sheet is 50 px lower, under the finger');
    modal.shadowRoot!.querySelector('#title')!.dispatchEvent(new PointerEvent('pointerup', { pointerId: 7, bubbles: true, composed: true }));
    await waitFor(() => getComputedStyle(dialog).transform === 'none', 3000, 'back in place');
    assert.isTrue(controllers.modal.getState().open);
    drag(modal, [SHEET_CLOSE_DISTANCE - 20]);
    await waitFor(() => getComputedStyle(dialog).transform === 'none', 3000, 'back in place');
    assert.isTrue(controllers.modal.getState().open, 'a short swipe does not close');
    assert.isTrue(dialog.open);
  });

  it('a swipe past the distance closes it, asking first (source swipe); a cancelled request keeps it open', async () => {
    const { modal, dialog, controllers } = await openSheet();
    const sources: string[] = [];
    let cancel = true;
    modal.addEventListener(MbRequestCloseEvent.eventName, (event) => {
      sources.push((event as MbRequestCloseEvent).source);
      if (cancel) event.preventDefault();
    });
    drag(modal, [40, SHEET_CLOSE_DISTANCE + 40]);
    assert.deepEqual(sources, ['swipe']);
    assert.isTrue(controllers.modal.getState().open, 'cancelled: still open');
    cancel = false;
    drag(modal, [40, SHEET_CLOSE_DISTANCE + 40]);
    assert.deepEqual(sources, ['swipe', 'swipe']);
    await waitFor(() => !dialog.open, 3000, 'closed');
    assert.isFalse(controllers.modal.getState().open);
  });

  it('on a wide screen (a centred dialog, no sheet) a drag moves nothing', async () => {
    const { modal, dialog, controllers } = await openSheet(800);
    const top = dialog.getBoundingClientRect().top;
    drag(modal, [60], { lift: false });
    assert.closeTo(dialog.getBoundingClientRect().top, top, 0.5);
    drag(modal, [SHEET_CLOSE_DISTANCE + 60]);
    assert.isTrue(controllers.modal.getState().open);
  });

  it('under reduced motion the sheet goes back at once', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const { modal, dialog } = await openSheet();
    assert.equal(getComputedStyle(dialog).transitionDuration, '0s');
    drag(modal, [50]);
    assert.equal(getComputedStyle(dialog).transform, 'none', 'back at once');
    await emulateMedia({ reducedMotion: 'no-preference' });
    assert.notEqual(getComputedStyle(dialog).transitionDuration, '0s', 'with motion, it slides back');
  });
});
