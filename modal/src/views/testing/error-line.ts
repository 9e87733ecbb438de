import { assert } from 'chai';
import type { MbModal } from '../../elements/modal/modal.js';
import { currentView, deepText } from './test-helpers.js';

// Issue 20 asks the same of every error line of the modal; each view's test shows one with a long sentence and calls this.

/** A sentence as long as an error line gets (a translation's, a wallet's own short message): it needs two lines. */
export const LONG_ERROR = 'The wallet could not finish this step because its signing service is busy with other requests right now';

/**
 * Asserts that the error line `line` (the element with the error's text) wraps inside its box: at most two lines,
 * no word past its edges, the box inside the dialog, and no sideways scroll in the view or the dialog.
 * `wraps` (the default) also asserts that the sentence took two lines, so that the check is not met by a short text;
 * `text` is the node holding the sentence when it is not `line` (the slotted text of a toast).
 */
export function assertErrorLineFits(modal: MbModal, line: Element, { wraps = true, text = line as Node } = {}): void {
  const style = getComputedStyle(line);
  const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
  const box = line.getBoundingClientRect();
  assert.isAbove(box.width, 0, 'the error line is shown');
  assert.isAtMost(box.height, 2 * lineHeight + 1, `at most two lines: ${box.height}px at ${lineHeight}px a line`);
  if (wraps) assert.isAbove(box.height, 1.5 * lineHeight, `the long sentence wraps onto a second line: ${box.height}px at ${lineHeight}px a line`);
  // Each run of the text (one rectangle per line) within the box: no word runs past its edges.
  const runs = document.createRange();
  runs.selectNodeContents(text);
  assert.isAbove(runs.getClientRects().length, 0, 'the sentence is laid out');
  for (const run of runs.getClientRects()) {
    assert.isAtLeast(run.left, box.left - 0.5, `no word past the box's left edge: ${run.left} < ${box.left}`);
    assert.isAtMost(run.right, box.right + 0.5, `no word past the box's right edge: ${run.right} > ${box.right}`);
  }
  const dialog = modal.shadowRoot!.querySelector('dialog')!;
  const frame = dialog.getBoundingClientRect();
  assert.isAtLeast(box.left, frame.left - 0.5, 'inside the dialog (left)');
  assert.isAtMost(box.right, frame.right + 0.5, 'inside the dialog (right)');
  assert.isAtMost(dialog.scrollWidth, dialog.clientWidth, 'the dialog does not scroll sideways');
  const view = currentView(modal);
  if (view) assert.isAtMost(view.scrollWidth, view.clientWidth, 'nothing runs past the view');
}

/**
 * A failure shown as its title line and, when the wallet's or service's own sentence is presentable (`shown`), that
 * sentence (LONG_ERROR) on a second line that fits; otherwise only the title, and nothing of a library's dump.
 */
export function assertFailureDetail(modal: MbModal, view: Element, lines: Element[], shown: boolean): void {
  if (shown) {
    assert.lengthOf(lines, 2);
    assert.equal(lines[1].textContent!.trim(), LONG_ERROR);
    assertErrorLineFits(modal, lines[1]);
  } else {
    assert.lengthOf(lines, 1);
    assert.notInclude(deepText(view), 'HTTP request failed');
  }
}
