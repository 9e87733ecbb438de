import { beforeAll, describe, expect, it } from 'vitest';
import {
  EMBEDDED_CHANNEL,
  isValidEmail,
  parseAppMessage,
  parseFrameMessage,
  rpcMethodKind,
  sendCallsProblem,
  type AppToFrameMessage,
  type EmbeddedUser,
} from '../../api/embedded-protocol.js';
import { createFrameChannel, type ChannelMessageEvent } from '../../connectors/embedded/channel.js';
import { createEip6963Discovery } from '../../connectors/eip6963.js';
import { createFakeClock, createFakeFetch, flush, json, testOptions, type FakeClock } from '../../core/testing.js';
import { messages } from '../../texts/messages.js';
import { createMemoryStorage, STORAGE_KEYS } from '../../storage.js';
import { createEmbeddedController, type PopupHandle } from './embedded.js';
import { createControllers } from '../index.js';
import { resolveOptions } from '../options.js';

// The EIP-55 helper is a lazy module (the connection loads it for a changed account); loaded once here.
beforeAll(() => import('../../core/address.js'));

const FRAME_ORIGIN = 'http://wallet.test';
const USER: EmbeddedUser = {
  email: 'ada@example.org',
  address: '0x2222222222222222222222222222222222222222',
  chainId: 56,
  accounts: [{ address: '0x2222222222222222222222222222222222222222', type: 'eoa' }],
  authProvider: 'email',
};

type FrameHandler = (message: AppToFrameMessage) => unknown;

/** The real channel against a fake frame: posted messages reach `handler`; its answers come back as window messages. */
function fakeFrame(clock: FakeClock, handler: FrameHandler) {
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
          (error: Error & { code?: number }) =>
            deliver({ origin: FRAME_ORIGIN, source: frameWindow, data: { channel: EMBEDDED_CHANNEL, type: 'Response', id: m.id, ok: false, error: { message: error.message, code: error.code } } }),
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
const NO_ANSWER = Symbol('no answer');

function setup(handler: FrameHandler, options: { autoReady?: boolean } = {}) {
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
    discovery: createEip6963Discovery(undefined, clock),
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
const emailFrame =
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

describe('embedded wallet controller', () => {
  it('loads nothing until e-mail is picked; then e-mail -> code -> connected as the auth connector', async () => {
    const { controllers, embedded, frame, settle, storage, openedCount } = setup(emailFrame());
    expect(openedCount()).toBe(0);
    controllers.modal.open();
    const connecting = embedded.connectEmail(' ada@example.org ');
    await settle();
    await connecting;
    expect(controllers.router.getState().view).toBe('EmailVerifyOtp');
    expect(frame.posted.find((p) => p.message.type === 'ConnectEmail')?.message).toMatchObject({ email: 'ada@example.org' });
    await embedded.verifyOtp('000000');
    expect(embedded.getState().error).toBe('Invalid code');
    // The frame's own sentence is shown when short and plain; a technical dump is not (the logger has it).
    await embedded.verifyOtp('999999');
    expect(embedded.getState().error).toBe('An error occurred');
    await embedded.verifyOtp('123456');
    expect(controllers.getAccount()).toMatchObject({ isConnected: true, address: USER.address, connectorId: 'auth' });
    expect(storage.getItem(STORAGE_KEYS.connectorId)).toBe('auth');
    expect(embedded.getState().user).toEqual(USER);
    expect(controllers.getAccount().embeddedWalletInfo).toEqual({ user: { email: USER.email }, authProvider: 'email', accountType: 'eoa', isSmartAccountDeployed: false });
    expect(controllers.account.getState().byNamespace.eip155).toMatchObject({ allAccounts: USER.accounts, user: { email: USER.email } });
    await controllers.connection.disconnect();
    expect(controllers.getAccount().embeddedWalletInfo).toBeUndefined();
    expect(frame.posted.at(-1)?.message.type).toBe('SignOut');
  });

  it('refuses a malformed e-mail or code without asking the frame', async () => {
    const { embedded, openedCount } = setup(emailFrame());
    await embedded.connectEmail('ada@');
    expect(embedded.getState().error).toBe('Enter a valid e-mail address');
    await embedded.verifyOtp('12ab');
    expect(embedded.getState().error).toBe('Enter the 6-digit code');
    expect(openedCount()).toBe(0);
  });

  it("says 'Unable to load email login dependency' when the frame never reports ready", async () => {
    const { embedded, clock } = setup(emailFrame(), { autoReady: false });
    const connecting = embedded.connectEmail('ada@example.org');
    await clock.advance(15_000);
    await connecting;
    expect(embedded.getState()).toMatchObject({ error: 'Unable to load email login dependency', frame: 'failed' });
  });

  it("waits 500 ms after the frame is ready, and times a request out after 30 s with 'Something went wrong'", async () => {
    const { embedded, clock, frame } = setup(() => NO_ANSWER);
    const connecting = embedded.connectEmail('ada@example.org');
    await flush();
    await clock.advance(499);
    expect(frame.posted.filter((p) => p.message.type === 'ConnectEmail')).toHaveLength(0);
    await clock.advance(1);
    expect(frame.posted.filter((p) => p.message.type === 'ConnectEmail')).toHaveLength(1);
    await clock.advance(29_999);
    expect(embedded.getState().busy).toBe(true);
    await clock.advance(1);
    await connecting;
    expect(embedded.getState()).toMatchObject({ busy: false, error: 'Something went wrong' });
  });

  it('allows a new code only 30 s after the last one', async () => {
    const { embedded, settle, clock, frame } = setup(emailFrame());
    const connecting = embedded.connectEmail('ada@example.org');
    await settle();
    await connecting;
    await clock.advance(10_000);
    await embedded.resendCode();
    expect(embedded.getState().error).toBe('Please try again after 20 seconds');
    await clock.advance(20_000);
    await embedded.resendCode();
    expect(embedded.getState().error).toBeUndefined();
    expect(frame.posted.filter((p) => p.message.type === 'ConnectEmail')).toHaveLength(2);
  });

  it('a known e-mail on a new device waits on EmailVerifyDevice until approved, then asks for the code', async () => {
    let approvals = 0;
    const { embedded, settle, controllers } = setup((m) => {
      if (m.type === 'ConnectEmail') return { action: 'VERIFY_DEVICE' };
      if (m.type === 'ConnectDevice') return { approved: ++approvals >= 2 };
      return null;
    });
    controllers.modal.open();
    const connecting = embedded.connectEmail('ada@example.org');
    await settle();
    await connecting;
    expect(controllers.router.getState().view).toBe('EmailVerifyDevice');
    await embedded.awaitDevice();
    expect(approvals).toBe(2);
    expect(controllers.router.getState().view).toBe('EmailVerifyOtp');
  });

  it('reads go to the network RPC, signing opens ApproveTransaction and closes it after, other methods are refused', async () => {
    let resolveSign: (value: string) => void = () => {};
    const { embedded, settle, controllers, frame, fetch, clock } = setup(emailFrame(() => new Promise((resolve) => (resolveSign = resolve))));
    const connecting = embedded.connectEmail('ada@example.org');
    await settle();
    await connecting;
    await embedded.verifyOtp('123456');
    const provider = controllers.connection.getProvider()!;
    expect(await provider.request({ method: 'eth_blockNumber' })).toBe('0x10');
    expect(fetch.requests.some((r) => r.url === 'http://127.0.0.1:9546' && r.body?.includes('eth_blockNumber'))).toBe(true);
    expect(frame.posted.some((p) => p.message.type === 'RpcRequest')).toBe(false);

    expect(controllers.modal.getState().open).toBe(false);
    const signing = provider.request({ method: 'personal_sign', params: ['0x68690a', USER.address] });
    await flush();
    const request = frame.posted.find((p) => p.message.type === 'RpcRequest')!.message;
    frame.approval(request.id, true);
    expect(controllers.modal.getState().open).toBe(true);
    expect(controllers.router.getState().view).toBe('ApproveTransaction');
    resolveSign('0xsignature');
    expect(await signing).toBe('0xsignature');
    expect(controllers.modal.getState().open).toBe(false);

    await expect(provider.request({ method: 'eth_sign', params: [] })).rejects.toMatchObject({ code: 4200, message: 'Requested RPC call is not allowed' });
    await clock.advance(150);
    expect(controllers.toasts.getState()).toMatchObject({ open: true, variant: 'error', message: 'Action not allowed' });
    await expect(provider.request({ method: 'wallet_sendCalls', params: [{ calls: [{ to: USER.address, data: 'xyz' }] }] })).rejects.toMatchObject({
      message: 'call 0 needs data starting with 0x',
    });
  });

  it('closing the modal during an approval aborts the request', async () => {
    const { embedded, settle, controllers, frame } = setup(
      emailFrame(() => NO_ANSWER),
    );
    const connecting = embedded.connectEmail('ada@example.org');
    await settle();
    await connecting;
    await embedded.verifyOtp('123456');
    void controllers.connection.getProvider()!.request({ method: 'eth_sendTransaction', params: [{ to: USER.address }] }).catch(() => undefined);
    await flush();
    const request = frame.posted.find((p) => p.message.type === 'RpcRequest')!.message;
    frame.approval(request.id, true);
    controllers.modal.close();
    await flush();
    expect(frame.posted.at(-1)?.message).toMatchObject({ type: 'AbortRpcRequest', requestId: request.id });
  });

  it('shows the frame’s lower-case addresses as EIP-55, like every other wallet’s (account, both accounts, eth_accounts)', async () => {
    const lower = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
    const checksummed = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
    const { controllers, embedded, settle } = setup((m) => (m.type === 'GetUser' ? { ...USER, address: lower, accounts: [{ address: lower, type: 'eoa' }] } : null));
    const restoring = embedded.restore();
    await settle();
    expect(await restoring).toBe(true);
    expect(controllers.getAccount().address).toBe(checksummed);
    expect(controllers.account.getState().byNamespace.eip155.allAccounts).toEqual([{ address: checksummed, type: 'eoa' }]);
    expect(await controllers.connection.getProvider()!.request({ method: 'eth_accounts' })).toEqual([checksummed]);
  });

  it('restores a stored session on reconnect, and says so when the frame cannot', async () => {
    const restored = setup(emailFrame());
    const restoring = restored.embedded.restore();
    await restored.settle();
    expect(await restoring).toBe(true);
    expect(restored.controllers.getAccount()).toMatchObject({ isConnected: true, address: USER.address });

    const failing = setup((m) => {
      if (m.type === 'GetUser') throw new Error('boom');
      return null;
    });
    const attempt = failing.embedded.restore();
    await failing.settle();
    expect(await attempt).toBe(false);
    expect(failing.controllers.toasts.getState()).toMatchObject({ message: 'A problem occurred while trying initialize authentication' });
  });

  it('a social login that does not finish in 30 s shows an alert and closes its window', async () => {
    const { embedded, settle, clock, controllers, frame } = setup((m) => {
      if (m.type === 'GetSocialRedirectUri') return { uri: `${FRAME_ORIGIN}/social/github/consent?state=s` };
      if (m.type === 'ConnectSocial') return NO_ANSWER;
      return null;
    });
    const popup: PopupHandle & { url?: string; closed: boolean } = {
      closed: false,
      navigate(url) {
        this.url = url;
      },
      close() {
        this.closed = true;
      },
      isClosed() {
        return this.closed;
      },
    };
    controllers.modal.open();
    const connecting = embedded.connectSocial('github', popup);
    await settle();
    expect(popup.url).toBe(`${FRAME_ORIGIN}/social/github/consent?state=s`);
    expect(controllers.router.getState().view).toBe('ConnectingSocial');
    await clock.advance(30_000);
    await connecting;
    expect(popup.closed).toBe(true);
    expect(controllers.toasts.getState()).toMatchObject({ variant: 'error', message: 'The sign-in did not finish in time' });
    expect(frame.posted.map((p) => p.message.type)).toContain('ConnectSocial');
  });

  it('a social window closed before the login says so within a second; the retry logs in and a late answer of the first is dropped', async () => {
    let answerSocial: ((user: EmbeddedUser) => void) | undefined;
    const { embedded, controllers, clock, settle } = setup((m) => {
      if (m.type === 'GetSocialRedirectUri') return { uri: `${FRAME_ORIGIN}/social/google/consent?state=s` };
      if (m.type === 'ConnectSocial') return new Promise((resolve) => (answerSocial = resolve));
      if (m.type === 'GetSocialStatus') return { answered: false };
      return null;
    });
    const window = () => ({ closed: false, navigate() {}, close() {}, isClosed() { return this.closed; } }) as PopupHandle & { closed: boolean };
    const first = window();
    const connecting = embedded.connectSocial('google', first);
    await settle();
    first.closed = true;
    // Seen closed at the next check (500 ms); the frame says the consent page never answered: cancelled.
    await clock.advance(500);
    await connecting;
    expect(embedded.getState()).toMatchObject({ busy: false, error: 'The sign-in window was closed before the sign-in finished.' });
    expect(controllers.getAccount().isConnected).toBe(false);
    const firstAnswer = answerSocial!;
    const retrying = embedded.connectSocial('google', window());
    expect(embedded.getState()).toMatchObject({ busy: true, error: undefined });
    expect(controllers.router.getState().view).toBe('ConnectingSocial');
    await flush();
    answerSocial!({ ...USER, authProvider: 'google' });
    await retrying;
    expect(controllers.getAccount().isConnected).toBe(true);
    // The abandoned request's late answer changes nothing.
    firstAnswer({ ...USER, address: '0x9999999999999999999999999999999999999999', authProvider: 'google' });
    await flush();
    expect(controllers.getAccount().address).toBe(USER.address);
  });

  it('an allowed social login whose window closed long before the answer still logs in', async () => {
    let answerSocial: ((user: EmbeddedUser) => void) | undefined;
    const { embedded, controllers, clock, settle } = setup((m) => {
      if (m.type === 'GetSocialRedirectUri') return { uri: `${FRAME_ORIGIN}/social/google/consent?state=s` };
      if (m.type === 'ConnectSocial') return new Promise((resolve) => (answerSocial = resolve));
      // The consent page answered; the frame is still exchanging the code (a busy machine).
      if (m.type === 'GetSocialStatus') return { answered: true };
      return null;
    });
    const popup = { closed: false, navigate() {}, close() {}, isClosed() { return this.closed; } } as PopupHandle & { closed: boolean };
    const connecting = embedded.connectSocial('google', popup);
    await settle();
    popup.closed = true;
    await clock.advance(500);
    await clock.advance(5_000);
    expect(embedded.getState()).toMatchObject({ busy: true, error: undefined });
    answerSocial!({ ...USER, authProvider: 'google' });
    await connecting;
    expect(embedded.getState().error).toBeUndefined();
    expect(controllers.getAccount().isConnected).toBe(true);
  });

  it('a failed Farcaster step can be tried again', async () => {
    let fail = true;
    const { embedded, controllers, settle } = setup((m) => {
      if (m.type === 'ConnectFarcaster') {
        if (fail) throw new Error('The Farcaster service is down');
        return { url: 'https://farcaster.test/approve' };
      }
      if (m.type === 'AwaitFarcaster') return { user: { ...USER, authProvider: 'farcaster' } };
      return null;
    });
    controllers.router.push('ConnectingFarcaster');
    const first = embedded.connectFarcaster();
    await settle();
    await first;
    expect(embedded.getState()).toMatchObject({ busy: false, error: 'The Farcaster service is down' });
    fail = false;
    await embedded.connectFarcaster();
    expect(embedded.getState()).toMatchObject({ error: undefined, farcasterUrl: 'https://farcaster.test/approve' });
    expect(controllers.getAccount().isConnected).toBe(true);
  });

  it("a Farcaster wait that ends after a social login started leaves that login busy and without the old error", async () => {
    let failFarcaster: ((error: Error) => void) | undefined;
    let answerSocial: ((user: EmbeddedUser) => void) | undefined;
    const { embedded, controllers, settle } = setup((m) => {
      if (m.type === 'ConnectFarcaster') return { url: 'https://farcaster.test/approve' };
      if (m.type === 'AwaitFarcaster') return new Promise((_, reject) => (failFarcaster = reject));
      if (m.type === 'GetSocialRedirectUri') return { uri: `${FRAME_ORIGIN}/social/github/consent?state=s` };
      if (m.type === 'ConnectSocial') return new Promise((resolve) => (answerSocial = resolve));
      if (m.type === 'GetSocialStatus') return { answered: false };
      return null;
    });
    controllers.router.push('ConnectingFarcaster');
    const farcaster = embedded.connectFarcaster();
    await settle();
    const popup = { closed: false, navigate() {}, close() {}, isClosed() { return this.closed; } } as PopupHandle & { closed: boolean };
    const social = embedded.connectSocial('github', popup);
    await settle();
    expect(embedded.getState()).toMatchObject({ busy: true, error: undefined });
    // The visitor left Farcaster's sign-in: its wait ends with an error while GitHub's is under way.
    failFarcaster!(new Error('The Farcaster sign-in expired'));
    await farcaster;
    expect(embedded.getState()).toMatchObject({ busy: true, error: undefined });
    answerSocial!({ ...USER, authProvider: 'github' });
    await social;
    expect(embedded.getState()).toMatchObject({ busy: false, error: undefined });
    expect(controllers.getAccount().isConnected).toBe(true);
  });

  it('opens only the wallet origin in the social window', async () => {
    const { embedded, settle } = setup((m) => (m.type === 'GetSocialRedirectUri' ? { uri: 'https://evil.test/phish' } : null));
    const navigated: string[] = [];
    const connecting = embedded.connectSocial('google', { navigate: (url) => navigated.push(url), close() {}, isClosed: () => false });
    await settle();
    await connecting;
    expect(navigated).toEqual([]);
    expect(embedded.getState().error).toBe('An error occurred');
  });

  it('switches between the EOA and the smart account: account types, address (accountsChanged), atomic batching', async () => {
    const SMART = '0x5555555555555555555555555555555555555555';
    const accounts = [{ address: USER.address, type: 'eoa' as const }, { address: SMART, type: 'smartAccount' as const }];
    const asEoa: EmbeddedUser = { ...USER, accounts, preferredAccountType: 'eoa', smartAccountDeployed: false, smartAccountsEnabled: true };
    const asked: string[] = [];
    const { embedded, controllers, settle } = setup((m) => {
      if (m.type === 'GetUser') return asEoa;
      if (m.type === 'SetPreferredAccount') {
        asked.push(m.accountType);
        return m.accountType === 'smartAccount' ? { ...asEoa, address: SMART, preferredAccountType: 'smartAccount' } : asEoa;
      }
      return null;
    });
    const restoring = embedded.restore();
    await settle();
    expect(await restoring).toBe(true);
    const capabilities = () => controllers.connection.getProvider()!.request({ method: 'wallet_getCapabilities', params: [USER.address] });
    expect(controllers.getAccount()).toMatchObject({ address: USER.address, embeddedWalletInfo: { accountType: 'eoa', isSmartAccountDeployed: false } });
    expect(await capabilities()).toMatchObject({ '0x38': { atomic: { status: 'unsupported' } } });

    await embedded.setPreferredAccountType('smartAccount');
    expect(asked).toEqual(['smartAccount']);
    expect(controllers.getAccount()).toMatchObject({ address: SMART, embeddedWalletInfo: { accountType: 'smartAccount' } });
    expect(controllers.account.getState().byNamespace.eip155).toMatchObject({ allAccounts: accounts, preferredAccountTypes: { eip155: 'smartAccount' } });
    expect(await controllers.connection.getProvider()!.request({ method: 'eth_accounts' })).toEqual([SMART]);
    expect(await capabilities()).toMatchObject({ '0x38': { atomic: { status: 'supported' } } });

    // The type already chosen asks the frame nothing; back to the EOA moves the address back.
    await embedded.setPreferredAccountType('smartAccount');
    expect(asked).toEqual(['smartAccount']);
    await embedded.setPreferredAccountType('eoa');
    expect(controllers.getAccount()).toMatchObject({ address: USER.address, embeddedWalletInfo: { accountType: 'eoa' } });
  });

  it('switches only after the consent the frame shows in ApproveTransaction; a cancelled switch changes nothing and shows no error', async () => {
    const SMART = '0x5555555555555555555555555555555555555555';
    const accounts = [{ address: USER.address, type: 'eoa' as const }, { address: SMART, type: 'smartAccount' as const }];
    const asEoa: EmbeddedUser = { ...USER, accounts, preferredAccountType: 'eoa', smartAccountDeployed: false, smartAccountsEnabled: true };
    const asked: string[] = [];
    const { embedded, controllers, frame, settle } = setup((m) => {
      if (m.type === 'GetUser') return asEoa;
      if (m.type === 'SetPreferredAccount') {
        asked.push(m.id);
        return NO_ANSWER;
      }
      return null;
    });
    const restoring = embedded.restore();
    await settle();
    await restoring;
    controllers.modal.open({ view: 'Account' });
    const answer = (id: string, body: { ok: true; result: unknown } | { ok: false; error: { message: string; code: number } }) =>
      frame.send({ origin: FRAME_ORIGIN, source: frame.frameWindow, data: { channel: EMBEDDED_CHANNEL, type: 'Response', id, ...body } });
    const consent = (id: string, open: boolean) => frame.send({ origin: FRAME_ORIGIN, source: frame.frameWindow, data: { channel: EMBEDDED_CHANNEL, type: 'Approval', id, open, kind: 'account' } });

    const cancelled = embedded.setPreferredAccountType('smartAccount');
    await flush();
    consent(asked[0], true);
    expect(controllers.router.getState()).toMatchObject({ view: 'ApproveTransaction', data: { approvalKind: 'account' } });
    consent(asked[0], false);
    answer(asked[0], { ok: false, error: { message: 'User rejected the request.', code: 4001 } });
    await cancelled;
    expect(controllers.router.getState().view).toBe('Account');
    expect(embedded.getState().error).toBeUndefined();
    expect(controllers.getAccount()).toMatchObject({ address: USER.address, embeddedWalletInfo: { accountType: 'eoa' } });

    const switched = embedded.setPreferredAccountType('smartAccount');
    await flush();
    consent(asked[1], true);
    expect(controllers.router.getState().view).toBe('ApproveTransaction');
    expect(controllers.getAccount().address).toBe(USER.address);
    consent(asked[1], false);
    answer(asked[1], { ok: true, result: { ...asEoa, address: SMART, preferredAccountType: 'smartAccount' } });
    await switched;
    expect(controllers.router.getState().view).toBe('Account');
    expect(controllers.getAccount()).toMatchObject({ address: SMART, embeddedWalletInfo: { accountType: 'smartAccount' } });
  });

  it('keeps the EOA and says why when the network has no smart-account support', async () => {
    const { embedded, controllers, settle } = setup((m) => {
      if (m.type === 'GetUser') return USER;
      if (m.type === 'SetPreferredAccount') throw Object.assign(new Error('This network has no smart-account support'), { code: 4200 });
      return null;
    });
    const restoring = embedded.restore();
    await settle();
    await restoring;
    await embedded.setPreferredAccountType('smartAccount');
    expect(embedded.getState().error).toBe('This network has no smart-account support');
    expect(controllers.getAccount()).toMatchObject({ address: USER.address, embeddedWalletInfo: { accountType: 'eoa' } });
  });

  describe('key custody: passkey login and the frame’s panels', () => {
    const PROTECT = { state: 'protect' as const, passkeys: 0, password: false };
    const READY = { state: 'ready' as const, passkeys: 1, password: false };
    /** A frame whose logins answer `security`, and whose panels answer when the test says. */
    const custodyFrame = (security: EmbeddedUser['security'], passkey: () => unknown = () => ({ ...USER, authProvider: 'passkey', security })) => {
      const panels: { panel: string; texts: Record<string, string>; answer: (value: unknown) => void }[] = [];
      const handler: FrameHandler = (m) => {
        switch (m.type) {
          case 'ConnectEmail':
            return { action: 'VERIFY_OTP' };
          case 'ConnectOtp':
            return { ...USER, security };
          case 'GetUser':
            return { ...USER, security };
          case 'ConnectPasskey':
            return passkey();
          case 'ShowPanel':
            return new Promise((answer) => panels.push({ panel: m.panel, texts: m.texts, answer }));
          default:
            return null;
        }
      };
      return { handler, panels };
    };
    const logIn = async (s: ReturnType<typeof setup>) => {
      s.controllers.modal.open();
      const sending = s.embedded.connectEmail('ada@example.org');
      await s.settle();
      await sending;
      await s.embedded.verifyOtp('123456');
    };

    it('a passkey logs in as the auth connector, without the protect offer; a cancelled ceremony shows nothing, a failure its sentence', async () => {
      let answer: () => unknown = () => ({ ...USER, authProvider: 'passkey', security: { state: 'ready', passkeys: 1, password: false } });
      const s = setup((m) => (m.type === 'ConnectPasskey' ? answer() : null));
      s.controllers.modal.open();
      answer = () => {
        throw Object.assign(new Error('The passkey request was cancelled.'), { code: 4001 });
      };
      const cancelled = s.embedded.connectPasskey();
      await s.settle();
      await cancelled;
      expect(s.embedded.getState()).toMatchObject({ busy: false, error: undefined });
      expect(s.controllers.getAccount().isConnected).toBe(false);
      answer = () => {
        throw new Error('No passkey of this wallet was found on this device.');
      };
      await s.embedded.connectPasskey();
      expect(s.embedded.getState().error).toBe('No passkey of this wallet was found on this device.');
      answer = () => ({ ...USER, authProvider: 'passkey', security: { state: 'ready', passkeys: 1, password: false } });
      await s.embedded.connectPasskey();
      expect(s.controllers.getAccount()).toMatchObject({ isConnected: true, address: USER.address, connectorId: 'auth', embeddedWalletInfo: { authProvider: 'passkey' } });
      expect(s.frame.posted.some((p) => p.message.type === 'ShowPanel')).toBe(false);
      // Connected as by e-mail: the modal closes, CONNECT_SUCCESS is sent.
      expect(s.controllers.modal.getState().open).toBe(false);
    });

    it('a device without a share connects only after the recover panel is done', async () => {
      const { handler, panels } = custodyFrame({ state: 'recover', passkeys: 1, password: false });
      const s = setup(handler);
      await logIn(s);
      expect(s.controllers.router.getState().view).toBe('EmbeddedWalletRecover');
      expect(s.controllers.getAccount().isConnected).toBe(false);
      expect(s.embedded.getState().gate).toBe('recover');
      const showing = s.embedded.showPanel('recover');
      await flush();
      expect(panels[0]).toMatchObject({ panel: 'recover', texts: { unlockPasskey: 'Unlock with your passkey', cancel: 'Cancel' } });
      panels[0].answer({ done: true, user: { ...USER, security: READY } });
      await showing;
      expect(s.controllers.getAccount()).toMatchObject({ isConnected: true, address: USER.address });
      expect(s.embedded.getState()).toMatchObject({ gate: undefined, panel: undefined, user: { security: READY } });
    });

    it('a recovery left undone (or Disconnect) signs the frame out and returns to Connect', async () => {
      const { handler, panels } = custodyFrame({ state: 'recover', passkeys: 1, password: false });
      const s = setup(handler);
      await logIn(s);
      const showing = s.embedded.showPanel('recover');
      await flush();
      s.embedded.closePanel();
      expect(s.frame.posted.at(-1)?.message.type).toBe('ClosePanel');
      panels[0].answer({ done: false });
      await showing;
      expect(s.frame.posted.at(-1)?.message.type).toBe('SignOut');
      expect(s.controllers.router.getState().view).toBe('Connect');
      expect(s.embedded.getState()).toMatchObject({ gate: undefined, user: undefined });
      expect(s.controllers.getAccount().isConnected).toBe(false);
    });

    it('after an e-mail login with nothing protecting the key, protect is offered; “Not now” connects as before', async () => {
      const { handler, panels } = custodyFrame(PROTECT);
      const s = setup(handler);
      await logIn(s);
      expect(s.controllers.router.getState().view).toBe('EmbeddedWalletProtect');
      expect(s.controllers.getAccount().isConnected).toBe(false);
      const showing = s.embedded.showPanel('protect');
      await flush();
      expect(panels[0].texts).toMatchObject({ notNow: 'Not now', addPasskey: 'Add a passkey' });
      panels[0].answer({ done: false });
      await showing;
      expect(s.controllers.getAccount()).toMatchObject({ isConnected: true, address: USER.address });
      expect(s.controllers.modal.getState().open).toBe(false);
      expect(panels).toHaveLength(1);
    });

    it('a restore connects at once unless the device must recover (then the modal opens on recover)', async () => {
      const protect = setup(custodyFrame(PROTECT).handler);
      const restoring = protect.embedded.restore();
      await protect.settle();
      expect(await restoring).toBe(true);
      expect(protect.controllers.modal.getState().open).toBe(false);

      const recover = setup(custodyFrame({ state: 'recover', passkeys: 1, password: false }).handler);
      const again = recover.embedded.restore();
      await recover.settle();
      expect(await again).toBe(false);
      expect(recover.controllers.modal.getState().open).toBe(true);
      expect(recover.controllers.router.getState().view).toBe('EmbeddedWalletRecover');
    });

    it('from Account: a done panel updates the user and goes back; ClosePanel only while a panel is open', async () => {
      const { handler, panels } = custodyFrame(READY);
      const s = setup(handler);
      const restoring = s.embedded.restore();
      await s.settle();
      await restoring;
      s.controllers.modal.open();
      s.controllers.router.push('EmbeddedWalletDevices');
      const posted = () => s.frame.posted.map((p) => p.message.type);
      s.embedded.closePanel();
      expect(posted()).not.toContain('ClosePanel');
      const showing = s.embedded.showPanel('devices');
      await flush();
      expect(Object.keys(panels[0].texts)).toContain('removeDevice');
      panels[0].answer({ done: true, user: { ...USER, security: { state: 'ready', passkeys: 2, password: true } } });
      await showing;
      expect(s.embedded.getState().user?.security).toEqual({ state: 'ready', passkeys: 2, password: true });
      expect(s.controllers.router.getState().view).toBe('Account');
      s.embedded.closePanel();
      expect(posted()).not.toContain('ClosePanel');
    });
  });
});
