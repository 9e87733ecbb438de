import { describe, expect, it } from 'vitest';
import {
  EMBEDDED_CHANNEL,
  isValidEmail,
  parseAppMessage,
  parseFrameMessage,
  rpcMethodKind,
  sendCallsProblem,
} from '../../api/embedded-protocol.js';
import { createFakeClock, flush } from '../../core/testing.js';
import { fakeFrame, FRAME_ORIGIN, NO_ANSWER, USER } from './testing/embedded-setup.js';

describe('embedded wallet protocol', () => {
  it('types every message and drops malformed ones', () => {
    expect(parseAppMessage({ channel: EMBEDDED_CHANNEL, id: '1', type: 'ConnectEmail', email: 'a@b.io' })).toBeDefined();
    expect(parseAppMessage({ channel: EMBEDDED_CHANNEL, id: '1', type: 'ConnectEmail' })).toBeUndefined();
    expect(parseAppMessage({ channel: 'other', id: '1', type: 'SignOut' })).toBeUndefined();
    expect(parseAppMessage({ channel: EMBEDDED_CHANNEL, id: '1', type: 'StealKey' })).toBeUndefined();
    expect(parseAppMessage({ channel: EMBEDDED_CHANNEL, id: '1', type: 'GetSocialRedirectUri', provider: 'myspace' })).toBeUndefined();
    expect(parseAppMessage({ channel: EMBEDDED_CHANNEL, id: '1', type: 'RpcRequest', method: 'personal_sign', chainId: 56 })).toBeDefined();
    expect(parseFrameMessage({ channel: EMBEDDED_CHANNEL, type: 'Response', id: '1', ok: false, error: {} })).toBeUndefined();
    expect(parseFrameMessage({ channel: EMBEDDED_CHANNEL, type: 'Approval', id: '1', open: true })).toBeDefined();
  });

  it('recognises only the safe and unsafe RPC lists', () => {
    expect(rpcMethodKind('eth_call')).toBe('safe');
    expect(rpcMethodKind('eth_getBalance')).toBe('safe');
    expect(rpcMethodKind('personal_sign')).toBe('unsafe');
    expect(rpcMethodKind('eth_sendTransaction')).toBe('unsafe');
    expect(rpcMethodKind('wallet_sendCalls')).toBe('unsafe');
    expect(rpcMethodKind('eth_sign')).toBe('refused');
    expect(rpcMethodKind('debug_traceTransaction')).toBe('refused');
  });

  it('checks e-mails and batched calls (target address, data starting with 0x)', () => {
    expect(isValidEmail('ada@example.org')).toBe(true);
    expect(isValidEmail('ada@example')).toBe(false);
    expect(isValidEmail('not an email')).toBe(false);
    const to = '0x0000000000000000000000000000000000000001';
    expect(sendCallsProblem([{ calls: [{ to, data: '0x' }] }])).toBeUndefined();
    expect(sendCallsProblem([{ calls: [{ data: '0x' }] }])).toBe('call 0 needs a target address (to)');
    expect(sendCallsProblem([{ calls: [{ to, data: '0x' }, { to, data: 'abcd' }] }])).toBe('call 1 needs data starting with 0x');
    expect(sendCallsProblem([{ calls: [] }])).toBe('wallet_sendCalls needs a non-empty list of calls');
  });

  it('ignores messages from another origin or another window; posts only to the frame origin', async () => {
    const clock = createFakeClock();
    const frame = fakeFrame(clock, () => NO_ANSWER);
    const answer = frame.channel.request({ type: 'GetUser', chainId: 56 }, { id: 'req-1' });
    let settled = false;
    void answer.then(() => (settled = true));
    await flush();
    const response = { channel: EMBEDDED_CHANNEL, type: 'Response', id: 'req-1', ok: true, result: 'forged' };
    frame.send({ origin: 'http://evil.test', source: frame.frameWindow, data: response });
    frame.send({ origin: FRAME_ORIGIN, source: { name: 'another frame' }, data: response });
    frame.send({ origin: FRAME_ORIGIN, source: null, data: response });
    await flush();
    expect(settled).toBe(false);
    frame.send({ origin: FRAME_ORIGIN, source: frame.frameWindow, data: { ...response, result: USER } });
    expect(await answer).toEqual(USER);
    expect(frame.posted.map((p) => p.targetOrigin)).toEqual([FRAME_ORIGIN]);
    expect(frame.posted[0].message).toMatchObject({ channel: EMBEDDED_CHANNEL, id: 'req-1', type: 'GetUser' });
  });
});
