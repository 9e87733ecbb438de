// The frame's place in the page: its root element, the app's origin (the only one it talks to) and its messages to the app.
import type { FrameToAppMessage } from '../../../../modal/src/api/embedded-protocol.js';

export const root = document.getElementById('root') as HTMLElement;
export const parentOrigin = root.dataset.origin ?? '';

export function post(message: FrameToAppMessage) {
  window.parent.postMessage(message, parentOrigin);
}
