import { recoverMessageAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it, vi } from 'vitest';
import { createModalCore } from '../../client-core.js';
import { createFakeClock, createFakeFetch, createFakeProvider, flush, json, testOptions, type FakeRoute, type RecordedRequest } from '../../core/testing.js';
import type { Cacao, ModalOptions, ModalStorage, SiwxMessageData, SiwxStorage, WcAuthProvider } from '../../core/types.js';
import { createEip6963Discovery, type DiscoveryTarget } from '../../connectors/eip6963.js';
import type { WcUniversalProvider } from '../../connectors/walletconnect.js';
import { EmbeddedWalletError } from '../../connectors/embedded/runtime.js';
import { HttpError, ModalError, ResponseValidationError } from '../../errors.js';
import { de } from '../../texts/locales/de.js';
import { messages } from '../../texts/messages.js';
import { createMemoryStorage } from '../../storage.js';
import { createControllers } from '../index.js';
import { resolveOptions } from '../options.js';
import { cacaoOf, dataOfCacao, formatSiwxMessage, parseSiwxMessage } from './siwx-message.js';
import { createServerSiwxStorage, SIWX_STORAGE_KEYS } from './siwx-storage.js';
import { createSiwxController, resolveSiwxStorage } from './siwx.js';

const ORIGIN = 'http://127.0.0.1:5173';
const alice = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const bob = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');

const sample: SiwxMessageData = {
  chainId: 'eip155:31337',
  accountAddress: alice.address,
  domain: '127.0.0.1:5173',
  uri: ORIGIN,
  version: '1',
  nonce: 'k3Jd8s0LqPz1',
  statement: 'Sign in to Test',
  issuedAt: '2026-11-23T08:00:00.000Z',
  expirationTime: '2026-11-24T08:00:00.000Z',
};

describe('SIWX messages (EIP-4361 text, CAIP-122 data, CACAO)', () => {
  it('formats the EIP-4361 text and parses it back to the same data', () => {
    const text = formatSiwxMessage(sample);
    expect(text.split('\n')).toEqual([
      `127.0.0.1:5173 wants you to sign in with your Ethereum account:`,
      alice.address,
      '',
      'Sign in to Test',
      '',
      `URI: ${ORIGIN}`,
      'Version: 1',
      'Chain ID: 31337',
      'Nonce: k3Jd8s0LqPz1',
      'Issued At: 2026-11-23T08:00:00.000Z',
      'Expiration Time: 2026-11-24T08:00:00.000Z',
    ]);
    expect(parseSiwxMessage(text)).toEqual(sample);
    const full = { ...sample, notBefore: '2026-11-23T08:00:05.000Z', requestId: 'req-1', resources: ['https://example.org/terms'] };
    expect(parseSiwxMessage(formatSiwxMessage(full))).toEqual(full);
    const bare = { ...sample, statement: undefined, expirationTime: undefined };
    delete bare.statement;
    delete bare.expirationTime;
    expect(parseSiwxMessage(formatSiwxMessage(bare))).toEqual(bare);
  });

  it('round-trips a CACAO and refuses what is not a sign-in message or not EVM', () => {
    const cacao = cacaoOf(sample, '0xabc');
    expect(cacao).toMatchObject({ h: { t: 'caip122' }, p: { iss: `did:pkh:eip155:31337:${alice.address}`, aud: ORIGIN, iat: sample.issuedAt }, s: { t: 'eip191', s: '0xabc' } });
    expect(dataOfCacao(cacao)).toEqual(sample);
    expect(parseSiwxMessage('hello')).toBeUndefined();
    expect(() => formatSiwxMessage({ ...sample, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).toThrow(/no sign-in message format for solana/);
    expect(() => dataOfCacao({ ...cacao, p: { ...cacao.p, iss: 'alice' } })).toThrow(/did:pkh/);
  });
});

/** A wallet holding real keys: personal_sign really signs, and the test can switch accounts or reject. */
function signingWallet() {
  const state = { account: alice, chainId: 31337, authorized: false, sign: 'approve' as 'approve' | 'reject' | 'fail' | 'locked' };
  const provider = createFakeProvider(async (method, params) => {
    switch (method) {
      case 'eth_requestAccounts':
        state.authorized = true;
        return [state.account.address];
      case 'eth_accounts':
        return state.authorized ? [state.account.address] : [];
      case 'eth_chainId':
        return `0x${state.chainId.toString(16)}`;
      case 'personal_sign': {
        if (state.sign === 'reject') throw { code: 4001, message: 'User rejected the request.' };
        if (state.sign === 'fail') throw { code: -32000, message: 'The device is locked' };
        // The embedded wallet's frame on a device that holds no share of the key (its English, and its reason).
        if (state.sign === 'locked') throw new EmbeddedWalletError(4100, 'Unlock this device with your passkey or recovery password first.', { reason: 'deviceLocked' });
        const [hex, address] = params as [Hex, string];
        expect(address).toBe(state.account.address);
        return state.account.signMessage({ message: { raw: hex } });
      }
      default:
        throw { code: 4200, message: `Unsupported method ${method}` };
    }
  });
  return {
    provider,
    state,
    switchAccount(next: typeof alice) {
      state.account = next;
      provider.emit('accountsChanged', [next.address]);
    },
    switchChain(chainId: number) {
      state.chainId = chainId;
      provider.emit('chainChanged', `0x${chainId.toString(16)}`);
    },
  };
}

/** Waits for `check` in real time (5 s): the lazy SIWX feature's first import is a module load, slower beside another worker. */
async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await flush();
  }
}

function setup(
  opts: {
    siwx?: ModalOptions['siwx'];
    storage?: ModalStorage;
    route?: FakeRoute;
    wallet?: ReturnType<typeof signingWallet>;
    clock?: ReturnType<typeof createFakeClock>;
    origin?: string;
    loadWalletConnect?: () => Promise<WcUniversalProvider>;
    locale?: ModalOptions['locale'];
  } = {},
) {
  const clock = opts.clock ?? createFakeClock(Date.parse('2026-11-23T08:00:00.000Z'));
  const wallet = opts.wallet ?? signingWallet();
  const target = new EventTarget() as EventTarget & DiscoveryTarget;
  target.addEventListener('eip6963:requestProvider', () =>
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: 'w', name: 'Key Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'com.test.keys' }, provider: wallet.provider } })),
  );
  const discovery = createEip6963Discovery(target);
  const storage = opts.storage ?? createMemoryStorage();
  const fetch = createFakeFetch((r) => {
    if (r.url.includes('/v1/supported-chains')) return json({ http: ['eip155:56', 'eip155:31337'], ws: [] });
    if (r.url.includes('/balance')) return json({ balances: [] });
    if (r.url.includes('/v1/identity/')) return json({ name: null, avatar: null });
    return opts.route?.(r);
  });
  const options = resolveOptions(testOptions({ siwx: opts.siwx ?? { required: true }, metadata: { name: 'Test', description: 'd', url: ORIGIN, icons: [] }, locale: opts.locale }));
  const controllers = createControllers({
    options,
    fetch,
    storage,
    clock,
    isMobile: false,
    discovery,
    loadWalletConnect: opts.loadWalletConnect ?? (() => Promise.reject(new Error('not in this test'))),
    location: { href: `${opts.origin ?? ORIGIN}/`, hostname: '127.0.0.1', origin: opts.origin ?? ORIGIN },
    reconnectWaitMs: 50,
    readNativeBalance: async () => 0n,
  });
  discovery.start();
  const onSignIn = () => controllers.modal.getState().open && controllers.router.getState().view === 'SIWXSignMessage';
  const siwx = () => controllers.siwx!();
  return { clock, wallet, storage, fetch, controllers, onSignIn, siwx };
}

describe('SIWX flow (spec section 4)', () => {
  it('required: connecting opens SIWXSignMessage with close disabled; signing saves a verifiable session and closes', async () => {
    const { controllers, onSignIn, siwx, storage, wallet } = setup();
    controllers.modal.open();
    await controllers.connection.connect('com.test.keys');
    await until(onSignIn, 'the sign-in view');
    expect(controllers.router.getState().data.closeDisabled).toBe(true);
    const outcome = await (await siwx()).sign();
    expect(outcome.status).toBe('signed');
    expect(controllers.modal.getState().open).toBe(false);
    const session = (await (await siwx()).getSession())!;
    expect(session.data).toMatchObject({ chainId: 'eip155:31337', accountAddress: alice.address, domain: '127.0.0.1:5173', uri: ORIGIN, statement: 'Sign in to Test' });
    expect(Date.parse(session.data.expirationTime!) - Date.parse(session.data.issuedAt)).toBe(24 * 3_600_000);
    expect(await recoverMessageAddress({ message: session.message, signature: session.signature as Hex })).toBe(alice.address);
    expect(parseSiwxMessage(session.message)).toEqual(session.data);
    expect(session.cacao?.p.iss).toBe(`did:pkh:eip155:31337:${alice.address}`);
    expect(JSON.parse(storage.getItem(SIWX_STORAGE_KEYS.local)!)).toHaveLength(1);
    expect(wallet.provider.calls.filter((c) => c.method === 'personal_sign')).toHaveLength(1);
  });

  it('a rejection shows "Signature declined" and the view stays; a failure is reported and the view stays', async () => {
    const { controllers, onSignIn, siwx, wallet } = setup();
    await controllers.connection.connect('com.test.keys');
    await until(onSignIn, 'the sign-in view');
    wallet.state.sign = 'reject';
    expect(await (await siwx()).sign()).toEqual({ status: 'declined' });
    expect(controllers.toasts.getState()).toMatchObject({ open: true, variant: 'error', message: messages.signatureDeclined });
    expect(onSignIn()).toBe(true);
    wallet.state.sign = 'fail';
    expect(await (await siwx()).sign()).toEqual({ status: 'failed', reason: 'The device is locked' });
    expect(onSignIn()).toBe(true);
    expect(await (await siwx()).getSession()).toBeUndefined();
  });

  it('an embedded wallet’s refusal with a reason reads as the modal’s sentence in its language, not the frame’s English', async () => {
    const { controllers, onSignIn, siwx, wallet } = setup({ locale: de });
    await controllers.connection.connect('com.test.keys');
    await until(onSignIn, 'the sign-in view');
    wallet.state.sign = 'locked';
    expect(await (await siwx()).sign()).toEqual({ status: 'failed', reason: 'Entsperre dieses Gerät zuerst mit deinem Passkey oder Wiederherstellungspasswort.' });
    expect(onSignIn()).toBe(true);
  });

  it("a smart account's sign-in that fails says 'This application might not support Smart Accounts'", async () => {
    const { controllers, onSignIn, siwx, wallet } = setup();
    await controllers.connection.connect('com.test.keys');
    await until(onSignIn, 'the sign-in view');
    wallet.state.sign = 'fail';
    expect(await (await siwx()).sign()).toEqual({ status: 'failed', reason: 'The device is locked' });
    expect(controllers.toasts.getState().message).not.toBe(messages.smartAccountsNotSupported);
    // The same failure from an embedded wallet's smart account.
    controllers.account.update('eip155', { user: { email: 'ada@example.org' }, preferredAccountTypes: { eip155: 'smartAccount' } });
    expect(controllers.getAccount().embeddedWalletInfo?.accountType).toBe('smartAccount');
    expect(await (await siwx()).sign()).toEqual({ status: 'failed', reason: 'The device is locked' });
    expect(controllers.toasts.getState()).toMatchObject({ open: true, variant: 'error', message: messages.smartAccountsNotSupported });
    expect(onSignIn()).toBe(true);
  });

  it('a session survives a reload: reconnecting with it opens nothing; an expired one or another domain asks again', async () => {
    const storage = createMemoryStorage();
    const wallet = signingWallet();
    const first = setup({ storage, wallet });
    await first.controllers.connection.connect('com.test.keys');
    await until(first.onSignIn, 'the sign-in view');
    await (await first.siwx()).sign();

    const reloaded = setup({ storage, wallet });
    expect(await reloaded.controllers.connection.reconnect()).toBe(true);
    await flush();
    await (await reloaded.siwx()).sync();
    expect(reloaded.controllers.modal.getState().open).toBe(false);
    expect(await (await reloaded.siwx()).getSession()).toBeDefined();

    const otherDomain = setup({ storage, wallet, origin: 'http://127.0.0.1:6000' });
    await otherDomain.controllers.connection.reconnect();
    await until(otherDomain.onSignIn, 'the sign-in view for another domain');

    const later = setup({ storage, wallet, clock: createFakeClock(Date.parse('2026-11-24T08:00:01.000Z')) });
    await later.controllers.connection.reconnect();
    await until(later.onSignIn, 'the sign-in view after expiry');
  });

  it('required: another account or chain without a session asks again', async () => {
    const { controllers, onSignIn, siwx, wallet } = setup();
    await controllers.connection.connect('com.test.keys');
    await until(onSignIn, 'the sign-in view');
    await (await siwx()).sign();
    wallet.switchAccount(bob);
    await until(onSignIn, 'the sign-in view for bob');
    await (await siwx()).sign();
    expect((await (await siwx()).getSession())?.data.accountAddress).toBe(bob.address);
    wallet.switchAccount(alice);
    await flush();
    await (await siwx()).sync();
    expect(controllers.modal.getState().open).toBe(false);
    wallet.switchChain(56);
    await until(onSignIn, 'the sign-in view on chain 56');
  });

  it('optional: an account change drops the old session without asking; Cancel closes and stays connected', async () => {
    const { controllers, onSignIn, siwx, wallet, storage } = setup({ siwx: { required: false } });
    await controllers.connection.connect('com.test.keys');
    await until(onSignIn, 'the sign-in view');
    expect(controllers.router.getState().data.closeDisabled).toBeUndefined();
    await (await siwx()).sign();
    wallet.switchAccount(bob);
    await until(() => JSON.parse(storage.getItem(SIWX_STORAGE_KEYS.local) ?? '[]').length === 0, 'the old session dropped');
    expect(controllers.modal.getState().open).toBe(false);

    await controllers.connection.disconnect();
    await controllers.connection.connect('com.test.keys');
    await until(onSignIn, 'the sign-in view again');
    await (await siwx()).cancel();
    expect(controllers.modal.getState().open).toBe(false);
    expect(controllers.getAccount().isConnected).toBe(true);
  });

  it('required: Cancel disconnects; disconnect clears the sessions', async () => {
    const { controllers, onSignIn, siwx, storage } = setup();
    await controllers.connection.connect('com.test.keys');
    await until(onSignIn, 'the sign-in view');
    await (await siwx()).sign();
    expect(storage.getItem(SIWX_STORAGE_KEYS.local)).not.toBeNull();
    await controllers.connection.disconnect();
    await until(() => storage.getItem(SIWX_STORAGE_KEYS.local) === null, 'sessions cleared');

    await controllers.connection.connect('com.test.keys');
    await until(onSignIn, 'the sign-in view');
    await (await siwx()).cancel();
    expect(controllers.getAccount().isConnected).toBe(false);
    expect(controllers.modal.getState().open).toBe(false);
  });

  it('does not ask on an unsupported network', async () => {
    const wallet = signingWallet();
    wallet.state.chainId = 1;
    const { controllers } = setup({ wallet });
    const onSignIn = () => controllers.router.getState().view === 'SIWXSignMessage';
    controllers.modal.open();
    await controllers.connection.connect('com.test.keys');
    await until(() => !controllers.modal.getState().open, 'the connect flow to end');
    expect(controllers.networks.getState().isUnsupported).toBe(true);
    expect(onSignIn()).toBe(false);
    wallet.switchChain(31337);
    await until(onSignIn, 'the sign-in view once the network is supported');
  });

  it("the client's signIn and getSiwxSession throw 'SIWX is not enabled' without the option, and sign in with it", async () => {
    const plain = createModalCore(testOptions(), { discoveryTarget: null, location: null, fetch: createFakeFetch(() => undefined) });
    await expect(plain.signIn()).rejects.toThrow(new ModalError(messages.siwxNotEnabled));
    await expect(plain.getSiwxSession()).rejects.toThrow(messages.siwxNotEnabled);
    const enabled = createModalCore(testOptions({ siwx: {} }), { discoveryTarget: null, location: null, fetch: createFakeFetch(() => undefined) });
    await expect(enabled.signIn()).rejects.toThrow(messages.noActiveCaipAddress);
    expect(await enabled.getSiwxSession()).toBeUndefined();
  });
});

describe('server-verified session storage', () => {
  const errors = { ModalError, HttpError, ResponseValidationError };
  function service() {
    const sessions = new Map<string, { address: string; chainId: number }>();
    const requests: RecordedRequest[] = [];
    const route: FakeRoute = (r) => {
      requests.push(r);
      const url = new URL(r.url);
      if (url.pathname === '/auth/v1/nonce') return json({ nonce: 'n0nce12345678', token: 'nonce-token-0000000001' });
      if (url.pathname === '/auth/v1/authenticate') {
        const body = JSON.parse(r.body!) as { message: string };
        if (r.headers['x-nonce-jwt'] !== 'Bearer nonce-token-0000000001') return json({ error: 'unknown nonce' }, 401);
        const data = parseSiwxMessage(body.message)!;
        sessions.set('session-token-000000001', { address: data.accountAddress, chainId: Number(data.chainId.split(':')[1]) });
        return json({ token: 'session-token-000000001' });
      }
      const token = r.headers.authorization?.replace('Bearer ', '') ?? '';
      if (url.pathname === '/auth/v1/me') return sessions.has(token) ? json(sessions.get(token)) : json({ error: 'unknown or signed-out session token' }, 401);
      if (url.pathname === '/auth/v1/session' && r.method === 'DELETE') return sessions.delete(token) ? json({ signedOut: true }) : json({ error: 'unknown' }, 401);
      return undefined;
    };
    return { sessions, requests, route };
  }

  it('authenticates with the issued nonce, revalidates with /me, drops what the server ended, and signs out on disconnect', async () => {
    const server = service();
    const { controllers, onSignIn, siwx, storage } = setup({ siwx: { required: true, storage: 'server' }, route: server.route });
    await controllers.connection.connect('com.test.keys');
    await until(onSignIn, 'the sign-in view');
    const outcome = await (await siwx()).sign();
    expect(outcome).toMatchObject({ status: 'signed', session: { data: { nonce: 'n0nce12345678' } } });
    const authRequest = server.requests.find((r) => r.url.includes('/auth/v1/authenticate'))!;
    expect(new URL(authRequest.url).searchParams.get('projectId')).toBe('test-project');
    expect(JSON.parse(storage.getItem(SIWX_STORAGE_KEYS.server)!)[0].token).toBe('session-token-000000001');

    expect(await (await siwx()).getSession()).toBeDefined();
    expect(server.requests.some((r) => r.url.includes('/auth/v1/me'))).toBe(true);
    server.sessions.clear();
    expect(await (await siwx()).getSession()).toBeUndefined();
    expect(JSON.parse(storage.getItem(SIWX_STORAGE_KEYS.server)!)).toEqual([]);

    await (await siwx()).sign();
    await controllers.connection.disconnect();
    await until(() => server.sessions.size === 0 && storage.getItem(SIWX_STORAGE_KEYS.server) === null, 'signed out');
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(true);
  });

  it('refuses a session whose nonce it did not issue, and reports the service refusal with its reason', async () => {
    const clock = createFakeClock();
    const api = { fetch: createFakeFetch((r) => (r.url.includes('/authenticate') ? json({ error: 'the signature is not the account\'s' }, 401) : service().route(r))), projectId: 'p', sdkType: 'appkit', sdkVersion: 'v', urls: { blockchainApi: 'http://a', walletDirectory: 'http://d', analytics: 'http://x' }, errors };
    const storage = createServerSiwxStorage({ storage: createMemoryStorage(), clock, domain: '127.0.0.1:5173', api });
    const session = { data: sample, message: formatSiwxMessage(sample), signature: '0x00' };
    await expect(storage.add(session)).rejects.toMatchObject({ details: expect.stringMatching(/did not issue/) });
    const nonce = await storage.createNonce();
    const refused = storage.add({ ...session, data: { ...sample, nonce } });
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({ status: 401, details: "the signature is not the account's" });
  });

  it("resolves 'local', 'server' and a dapp's own storage", () => {
    const own: SiwxStorage = { createNonce: async () => 'x', add: async () => {}, get: async () => [], delete: async () => {}, clear: async () => {} };
    const deps = { storage: createMemoryStorage(), clock: createFakeClock(), origin: ORIGIN, api: { fetch: createFakeFetch(() => undefined), projectId: 'p', sdkType: 'a', sdkVersion: 'v', urls: { blockchainApi: '', walletDirectory: '', analytics: '' }, errors } };
    expect(resolveSiwxStorage(resolveOptions(testOptions({ siwx: { storage: own } })), deps)).toBe(own);
    expect(resolveSiwxStorage(resolveOptions(testOptions({ siwx: {} })), deps)).not.toBe(own);
  });
});

describe('one-click auth over WalletConnect', () => {
  function authProvider(answer: 'cacao' | 'proposal') {
    const calls: string[] = [];
    const provider: WcAuthProvider & { params?: Parameters<WcAuthProvider['authenticate']>[0] } = {
      async connect() {
        calls.push('connect');
        return {};
      },
      async authenticate(params) {
        calls.push('authenticate');
        provider.params = params;
        if (answer === 'proposal') return {};
        const data: SiwxMessageData = { ...sample, nonce: params.nonce, statement: params.statement, issuedAt: '2026-11-23T08:00:00.000Z', expirationTime: params.exp };
        const signature = await alice.signMessage({ message: formatSiwxMessage(data) });
        return { auths: [cacaoOf(data, signature)] };
      },
      client: { formatAuthMessage: ({ request }: { request: Cacao['p'] }) => formatSiwxMessage(dataOfCacao({ h: { t: 'caip122' }, p: request, s: { t: 'eip191', s: '' } })) },
    };
    return { provider, calls };
  }

  function controller(storage: SiwxStorage) {
    const { controllers } = setup({ siwx: { required: true } });
    return createSiwxController({
      options: controllers.options,
      storage,
      clock: createFakeClock(Date.parse('2026-11-23T08:00:00.000Z')),
      origin: ORIGIN,
      ModalError,
      getAccount: controllers.getAccount,
      getProvider: () => undefined,
      isChainSupported: () => true,
      modal: controllers.modal,
      router: controllers.router,
      toasts: controllers.toasts,
      disconnect: async () => {},
    });
  }

  it("a client with siwx pairs through it: the WalletConnect controller's pairing asks for one-click auth, not a bare session proposal", async () => {
    const { provider, calls } = authProvider('proposal');
    const universal = Object.assign(createFakeProvider(() => null), provider) as unknown as WcUniversalProvider;
    const { controllers } = setup({ loadWalletConnect: async () => universal });
    // This wallet approves no session in the end: the pairing fails (and logs it) after asking.
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await controllers.walletConnect.connect();
    expect(calls).toEqual(['authenticate']);
    await flush();
    error.mockRestore();
  });

  it('asks for CAIP-122 auth with the nonce, domain, URI and expiry, and keeps the CACAO as the session', async () => {
    const added: Parameters<SiwxStorage['add']>[0][] = [];
    const storage: SiwxStorage = { createNonce: async () => 'wcNonce12345', add: async (s) => void added.push(s), get: async () => added, delete: async () => {}, clear: async () => {} };
    const { provider, calls } = authProvider('cacao');
    await controller(storage).connectWalletConnect(provider, { eip155: { chains: ['eip155:31337', 'eip155:56'], methods: ['personal_sign'] } });
    expect(calls).toEqual(['authenticate']);
    expect(provider.params).toMatchObject({ chains: ['eip155:31337', 'eip155:56'], domain: '127.0.0.1:5173', uri: ORIGIN, nonce: 'wcNonce12345', methods: ['personal_sign'] });
    expect(added).toHaveLength(1);
    expect(added[0].cacao?.p.iss).toBe(`did:pkh:eip155:31337:${alice.address}`);
    expect(await recoverMessageAddress({ message: added[0].message, signature: added[0].signature as Hex })).toBe(alice.address);
  });

  it('a wallet without one-click auth answers the proposal: no session (two steps follow); a refused session is noticed', async () => {
    const added: unknown[] = [];
    const storage: SiwxStorage = { createNonce: async () => 'wcNonce12345', add: async (s) => void added.push(s), get: async () => [], delete: async () => {}, clear: async () => {} };
    await controller(storage).connectWalletConnect(authProvider('proposal').provider, { eip155: { chains: ['eip155:31337'], methods: [] } });
    expect(added).toEqual([]);

    const refusing: SiwxStorage = { ...storage, add: async () => Promise.reject(new ModalError('Sign-in failed', { details: 'the message expired' })) };
    const siwx = controller(refusing);
    await siwx.connectWalletConnect(authProvider('cacao').provider, { eip155: { chains: ['eip155:31337'], methods: [] } });
    expect(siwx.takeNotice()).toBe('the message expired');
    expect(siwx.takeNotice()).toBeUndefined();
  });

  it('with a Solana network it sends the session proposal (every namespace): one-click auth would ask for eip155 alone', async () => {
    const storage: SiwxStorage = { createNonce: async () => 'wcNonce12345', add: async () => {}, get: async () => [], delete: async () => {}, clear: async () => {} };
    const { provider, calls } = authProvider('cacao');
    const namespaces = { eip155: { chains: ['eip155:31337'], methods: [] }, solana: { chains: ['solana:3Pk2fPxiiNdtVWN3NaD9AoKM7MyXi4wg'], methods: [] } };
    await controller(storage).connectWalletConnect(provider, namespaces);
    expect(calls).toEqual(['connect']);
  });
});

describe('Sign In With Solana (SIWX with Solana the active namespace)', () => {
  const SOLANA_CHAIN = 'solana:3Pk2fPxiiNdtVWN3NaD9AoKM7MyXi4wg';
  const SOLANA_ADDRESS = 'HwcTtbLd13Rt4pepM1maKrPfQsrKac4iuUSL2wfP758o';

  it('signs the Solana account in with the CAIP-122 fields (cluster reference as Chain ID) and keeps an ed25519 cacao', async () => {
    const { controllers } = setup({ siwx: { required: false } });
    const added: Parameters<SiwxStorage['add']>[0][] = [];
    const storage: SiwxStorage = { createNonce: async () => 'solNonce1234', add: async (s) => void added.push(s), get: async (chainId, address) => added.filter((s) => s.data.chainId === chainId && s.data.accountAddress === address), delete: async () => {}, clear: async () => {} };
    const fields: unknown[] = [];
    const siwx = createSiwxController({
      options: controllers.options,
      storage,
      clock: createFakeClock(Date.parse('2026-11-23T08:00:00.000Z')),
      origin: ORIGIN,
      ModalError,
      getAccount: controllers.getAccount,
      getProvider: () => undefined,
      isChainSupported: () => true,
      solana: () => ({
        chainId: SOLANA_CHAIN,
        address: SOLANA_ADDRESS,
        async signIn(input) {
          fields.push(input);
          return { address: SOLANA_ADDRESS, message: `${input.domain} wants you to sign in with your Solana account:\n${SOLANA_ADDRESS}`, signature: '5igned' };
        },
      }),
      modal: controllers.modal,
      router: controllers.router,
      toasts: controllers.toasts,
      disconnect: async () => {},
    });
    const session = await siwx.signIn();
    expect(fields).toEqual([
      {
        domain: '127.0.0.1:5173',
        address: SOLANA_ADDRESS,
        statement: 'Sign in to Test',
        uri: ORIGIN,
        chainId: '3Pk2fPxiiNdtVWN3NaD9AoKM7MyXi4wg',
        nonce: 'solNonce1234',
        issuedAt: '2026-11-23T08:00:00.000Z',
        expirationTime: '2026-11-24T08:00:00.000Z',
      },
    ]);
    expect(session).toMatchObject({
      data: { chainId: SOLANA_CHAIN, accountAddress: SOLANA_ADDRESS, nonce: 'solNonce1234' },
      message: `127.0.0.1:5173 wants you to sign in with your Solana account:\n${SOLANA_ADDRESS}`,
      signature: '5igned',
      cacao: { p: { iss: `did:pkh:${SOLANA_CHAIN}:${SOLANA_ADDRESS}` }, s: { t: 'ed25519', s: '5igned' } },
    });
    expect(added).toEqual([session]);
    expect(await siwx.getSession()).toEqual(session);
  });
});
