import { describe, expect, it } from 'vitest';
import { EMBEDDED_CHANNEL, EMBEDDED_FRAME_MAX_HEIGHT, parseFrameMessage } from './embedded-protocol.js';

describe('frame messages', () => {
  it('reads a Resize with a whole height from 0 to the maximum, and nothing else of it', () => {
    expect(parseFrameMessage({ channel: EMBEDDED_CHANNEL, type: 'Resize', height: 512, extra: '<b>' })).toEqual({ channel: EMBEDDED_CHANNEL, type: 'Resize', height: 512 });
    expect(parseFrameMessage({ channel: EMBEDDED_CHANNEL, type: 'Resize', height: 0 })).toEqual({ channel: EMBEDDED_CHANNEL, type: 'Resize', height: 0 });
    expect(parseFrameMessage({ channel: EMBEDDED_CHANNEL, type: 'Resize', height: EMBEDDED_FRAME_MAX_HEIGHT })).toBeDefined();
    for (const height of [EMBEDDED_FRAME_MAX_HEIGHT + 1, -1, 10.5, Number.NaN, Infinity, '400', null, undefined]) {
      expect(parseFrameMessage({ channel: EMBEDDED_CHANNEL, type: 'Resize', height })).toBeUndefined();
    }
    expect(parseFrameMessage({ channel: 'other', type: 'Resize', height: 400 })).toBeUndefined();
  });

  it('reads a FocusExit forward or backward, and nothing else of it', () => {
    for (const direction of ['forward', 'backward'] as const) {
      expect(parseFrameMessage({ channel: EMBEDDED_CHANNEL, type: 'FocusExit', direction, extra: 1 })).toEqual({ channel: EMBEDDED_CHANNEL, type: 'FocusExit', direction });
    }
    for (const direction of ['up', undefined, 1]) expect(parseFrameMessage({ channel: EMBEDDED_CHANNEL, type: 'FocusExit', direction })).toBeUndefined();
  });

  it('reads the kind of an Approval: a message, a transaction or an account switch', () => {
    for (const kind of ['message', 'transaction', 'account', undefined]) {
      expect(parseFrameMessage({ channel: EMBEDDED_CHANNEL, type: 'Approval', id: '1', open: true, kind })).toBeDefined();
    }
    expect(parseFrameMessage({ channel: EMBEDDED_CHANNEL, type: 'Approval', id: '1', open: true, kind: 'everything' })).toBeUndefined();
    expect(parseFrameMessage({ channel: EMBEDDED_CHANNEL, type: 'Approval', id: '1', open: 'yes' })).toBeUndefined();
  });
});
