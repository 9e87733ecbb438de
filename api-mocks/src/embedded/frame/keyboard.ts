// The frame is one stop of the modal's tab order: at either end of its own controls the keyboard goes back to the
// modal, which moves focus on (the parent cannot see keys pressed in here).
import { EMBEDDED_CHANNEL } from '../../../../modal/src/api/embedded-protocol.js';
import { post } from './channel.js';

const TABBABLE = 'button:not([disabled]), a[href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]';

/** The controls Tab stops at, in order: enabled, shown, not taken out of the order. */
function tabStops(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => element.tabIndex >= 0 && element.getClientRects().length > 0 && !element.closest('[inert], [hidden]'));
}

/** Tab from the last control, or Shift+Tab from the first, hands the keyboard back to the modal. */
export function handBackFocusAtEnds(): void {
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const stops = tabStops();
    const end = event.shiftKey ? stops[0] : stops[stops.length - 1];
    // Nothing to stop at (the frame is hidden): the browser moves on by itself.
    if (!end || document.activeElement !== end) return;
    event.preventDefault();
    post({ channel: EMBEDDED_CHANNEL, type: 'FocusExit', direction: event.shiftKey ? 'backward' : 'forward' });
  });
}
