// @vitest-environment happy-dom
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { EMBEDDED_CHANNEL } from '../../modal/src/api/embedded-protocol.js';
import { FrameError } from '../src/embedded/frame/errors.js';

// The frame's answers to the modal: the English sentence and code always, a reason only when the modal has a sentence
// for it (the panels' own reasons stay in the frame).
const APP = 'http://127.0.0.1:5173';
/** What the frame's handler throws at the next request. */
let failure: unknown;

beforeAll(async () => {
  document.body.innerHTML = `<main id="root" data-origin="${APP}"></main>`;
  const { answerRequests } = await import('../src/embedded/frame/channel.js');
  answerRequests(() => Promise.reject(failure));
});

/** The error body the frame answers a request with when its handler throws `error`. */
async function answerTo(error: unknown): Promise<unknown> {
  const posted = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => {});
  failure = error;
  window.dispatchEvent(new MessageEvent('message', { source: window.parent, origin: APP, data: { channel: EMBEDDED_CHANNEL, id: 'r1', type: 'SignOut' } }));
  await vi.waitFor(() => expect(posted).toHaveBeenCalled());
  const [[message]] = posted.mock.calls as [[{ error: unknown }]];
  posted.mockRestore();
  return message.error;
}

describe('the frame’s error answers', () => {
  it('carry a reason the modal says (with its minutes), never one only the panels know', async () => {
    expect(await answerTo(new FrameError('The embedded wallet does not support chain 10', 4901, undefined, 'chainUnsupported'))).toEqual({
      message: 'The embedded wallet does not support chain 10',
      code: 4901,
      reason: 'chainUnsupported',
    });
    expect(await answerTo(new FrameError('Too many wrong codes. Please try again after 15 minutes', undefined, 429, 'codeLocked', 15))).toEqual({
      message: 'Too many wrong codes. Please try again after 15 minutes',
      code: undefined,
      reason: 'codeLocked',
      minutes: 15,
    });
    expect(await answerTo(new FrameError('Wrong password', undefined, 400, 'passwordWrong'))).toEqual({ message: 'Wrong password', code: undefined });
    expect(await answerTo(new Error('boom'))).toEqual({ message: 'boom', code: undefined });
  });
});
