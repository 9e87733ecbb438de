// The frame's place in the page: its root element, the app's origin (the only one it talks to), its messages to
// the app, and its answers to the app's requests.
import { EMBEDDED_CHANNEL, knownErrorReason, parseAppMessage, type AppToFrameMessage, type EmbeddedErrorBody, type FrameToAppMessage } from '../../../../modal/src/api/embedded-protocol.js';
import { FrameError } from './errors.js';

export const root = document.getElementById('root') as HTMLElement;
export const parentOrigin = root.dataset.origin ?? '';

export function post(message: FrameToAppMessage) {
  window.parent.postMessage(message, parentOrigin);
}

/** Whether the frame is inside the page of the origin the wallet service accepted (its direct parent, when the browser says). */
export function isInAcceptedPage(): boolean {
  const ancestor = location.ancestorOrigins?.[0];
  return window.parent !== window && Boolean(parentOrigin) && (ancestor === undefined || ancestor === parentOrigin);
}

/**
 * Answers every request of the app (from the parent window and origin only; anything else is ignored) with what
 * `handle` resolves, or its error's sentence and EIP-1193 code.
 */
export function answerRequests(handle: (message: AppToFrameMessage) => Promise<unknown>): void {
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== window.parent || event.origin !== parentOrigin) return;
    const message = parseAppMessage(event.data);
    if (!message) return;
    handle(message).then(
      (result) => post({ channel: EMBEDDED_CHANNEL, type: 'Response', id: message.id, ok: true, result: result ?? null }),
      (error: unknown) =>
        post({
          channel: EMBEDDED_CHANNEL,
          type: 'Response',
          id: message.id,
          ok: false,
          error: {
            message: error instanceof Error && error.message ? error.message : 'An error occurred',
            code: error instanceof FrameError ? error.code : undefined,
            // What the modal says in its own language, when it is one the modal knows (the panels' reasons stay here).
            ...(error instanceof FrameError ? reasonOf(error) : {}),
          },
        }),
    );
  });
}

/** The error body's `reason` (and `minutes` or `seconds`) when the modal knows the reason; nothing otherwise. */
function reasonOf(error: FrameError): Pick<EmbeddedErrorBody, 'reason' | 'minutes' | 'seconds'> {
  const { reason, minutes, seconds } = knownErrorReason(error);
  return reason ? { reason, ...(minutes !== undefined ? { minutes } : {}), ...(seconds !== undefined ? { seconds } : {}) } : {};
}
