// The embedded wallet's Node tests share these: the real channel against a fake frame, and a controller wired to the
// real core controllers with fake fetch, storage and clock.
import type { AppToFrameMessage, EmbeddedUser } from '../../../api/embedded-protocol.js';
import { EMBEDDED_CHANNEL } from '../../../api/embedded-protocol.js';
import { createFrameChannel, type ChannelMessageEvent } from '../../../connectors/embedded/channel.js';
import { createEip6963Discovery } from '../../../connectors/eip6963.js';
import { createFakeClock, createFakeFetch, flush, json, testOptions, type FakeClock } from '../../../core/testing.js';
import { messages } from '../../../texts/messages.js';
import { createMemoryStorage } from '../../../storage.js';
import { createEmbeddedController } from '../embedded.js';
import { createControllers } from '../../index.js';
import { resolveOptions } from '../../options.js';

export const FRAME_ORIGIN = 'http://wallet.test';
export const USER: EmbeddedUser = {
  email: 'ada@example.org',
  address: '0x2222222222222222222222222222222222222222',
  chainId: 56,
  accounts: [{ address: '0x2222222222222222222222222222222222222222', type: 'eoa' }],
  authProvider: 'email',
};

/**
 * The lazy modules a connection loads (the balance fetch, the EIP-55 helper), loaded once before a file's tests: their
 * dynamic imports then resolve within a flush, and none is still loading when a short file ends.
 */
export const loadLazyModules = () => Promise.all([import('../../feature-loaders.js'), import('../../account-balance.js'), import('../../../core/address.js')]);

export type FrameHandler = (message: AppToFrameMessage) => unknown;

/** The real channel against a fake frame: posted messages reach `handler`; its answers come back as window messages. */
export function fakeFrame(clock: FakeClock, handler: FrameHandler) {
  const frameWindow = { name: 'frame' };
  let deliver: (event: ChannelMessageEvent) => void = () => {};
  const posted: { message: AppToFrameMessage; targetOrigin: string }[] = [];
  const channel = createFrameChannel({
    clock,
    frameOrigin: FRAME_ORIGIN,
    frameWindow: () => frameWindow,
    post(message, targetOrigin) {
      const m = message as AppToFrameMessage;
      posted.push({ message: m, targetOrigin });
      void Promise.resolve()
        .then(() => handler(m))
        .then(
          (result) => result !== NO_ANSWER && deliver({ origin: FRAME_ORIGIN, source: frameWindow, data: { channel: EMBEDDED_CHANNEL, type: 'Response', id: m.id, ok: true, result: result ?? null } }),
          (error: Error & { code?: number; reason?: string }) =>
            deliver({
              origin: FRAME_ORIGIN,
              source: frameWindow,
              data: { channel: EMBEDDED_CHANNEL, type: 'Response', id: m.id, ok: false, error: { message: error.message, code: error.code, ...(error.reason ? { reason: error.reason } : {}) } },
            }),
        );
    },
    listen(handlerFn) {
      deliver = handlerFn;
      return () => (deliver = () => {});
    },
  });
  return {
    channel,
    posted,
    frameWindow,
    send: (event: ChannelMessageEvent) => deliver(event),
    ready: () => deliver({ origin: FRAME_ORIGIN, source: frameWindow, data: { channel: EMBEDDED_CHANNEL, type: 'Ready' } }),
    approval: (id: string, open: boolean) => deliver({ origin: FRAME_ORIGIN, source: frameWindow, data: { channel: EMBEDDED_CHANNEL, type: 'Approval', id, open } }),
  };
}
/** What a handler returns to leave a request unanswered. */
export const NO_ANSWER = Symbol('no answer');

export function setup(handler: FrameHandler, options: { autoReady?: boolean } = {}) {
  const clock = createFakeClock();
  const storage = createMemoryStorage();
  const fetch = createFakeFetch((r) => {
    if (r.url.includes('/v1/supported-chains')) return json({ http: ['eip155:56'], ws: [] });
    if (r.url.includes('/balance')) return json({ balances: [] });
    if (r.url.includes('/v1/identity/')) return json({ name: null, avatar: null });
    if (r.url.startsWith('http://127.0.0.1:9546')) return json({ jsonrpc: '2.0', id: 1, result: '0x10' });
    return undefined;
  });
  const controllers = createControllers({
    options: resolveOptions(testOptions({ apiUrls: { ...testOptions().apiUrls, embeddedWallet: FRAME_ORIGIN } })),
    fetch,
    storage,
    clock,
    isMobile: false,
    discovery: createEip6963Discovery(undefined),
    loadWalletConnect: () => Promise.reject(new Error('not here')),
  });
  const frame = fakeFrame(clock, handler);
  let opened = 0;
  const embedded = createEmbeddedController({
    clock,
    fetch,
    controllers,
    openFrame: () => {
      opened++;
      if (options.autoReady !== false) queueMicrotask(frame.ready);
      return frame.channel;
    },
    messages,
    invalidEmailText: 'Enter a valid e-mail address',
    invalidOtpText: 'Enter the 6-digit code',
    socialTimeoutText: 'The sign-in did not finish in time',
    socialCancelledText: 'The sign-in window was closed before the sign-in finished.',
  });
  /** Lets the frame load: its ready message, then the 500 ms delay. */
  const settle = async () => {
    await flush();
    await clock.advance(500);
    await flush();
  };
  return { clock, storage, fetch, controllers, embedded, frame, settle, openedCount: () => opened };
}

/** A frame that logs `USER` in by e-mail (code 123456) and answers RPC requests with `rpc`. */
export const emailFrame =
  (rpc: (m: Extract<AppToFrameMessage, { type: 'RpcRequest' }>) => unknown = () => '0xsigned') =>
  (m: AppToFrameMessage) => {
    switch (m.type) {
      case 'ConnectEmail':
        return { action: 'VERIFY_OTP' };
      case 'ConnectOtp':
        if (m.otp === '999999') throw new Error(`Error: OTP verification failed\n    at verify (/srv/auth/otp.js:88)\n    body: {"otp":"999999","session":"${'a'.repeat(64)}"}`);
        if (m.otp !== '123456') throw new Error('Invalid code');
        return USER;
      case 'GetUser':
        return USER;
      case 'RpcRequest':
        return rpc(m);
      default:
        return null;
    }
  };
