import { createDirectoryController } from './directory.js';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_EXPIRY_MS } from '../core/constants.js';
import { createFakeClock, createFakeFetch, createFakeProvider, flush, json } from '../core/testing.js';
import type { WalletSession } from '../core/types.js';
import type { WcUniversalProvider } from '../connectors/walletconnect.js';
import type { ApiContext } from '../api/http.js';
import { messages } from '../texts/messages.js';
import { createAnalyticsController, isOriginAllowed } from './analytics.js';
import { createWalletConnectController } from './walletconnect.js';
import { testOptions } from '../core/testing.js';

// The proposal's namespaces are a lazy module; loaded once here so that its dynamic import resolves within a flush.
beforeAll(() => import('./walletconnect-pairing.js'));

const ADDRESS = '0x1111111111111111111111111111111111111111';

function fakeUniversalProvider(options: { reject?: unknown } = {}) {
  const base = createFakeProvider(() => null);
  let approve: (() => void) | undefined;
  let fail: ((e: unknown) => void) | undefined;
  const provider = Object.assign(base, {
    client: { core: { verify: { isDevEnv: false } } },
    session: undefined as WcUniversalProvider['session'],
    connect: vi.fn(async () => {
      base.emit('display_uri', 'wc:abc@2?relay-protocol=irn&symKey=1');
      await new Promise<void>((resolve, reject) => {
        approve = resolve;
        fail = reject;
        if (options.reject) reject(options.reject);
      });
    }),
    disconnect: vi.fn(async () => {}),
    setDefaultChain: vi.fn(),
    approve(accounts: string[]) {
      provider.session = { namespaces: { eip155: { accounts } } };
      approve?.();
    },
    fail: (e: unknown) => fail?.(e),
  });
  return provider as typeof provider & WcUniversalProvider;
}

describe('WalletConnect controller', () => {
  it('loads the provider only on connect; display_uri -> uri; the session -> connected', async () => {
    const clock = createFakeClock();
    const provider = fakeUniversalProvider();
    const loadProvider = vi.fn(async () => provider);
    const sessions: WalletSession[] = [];
    const wc = createWalletConnectController({ messages, clock, networks: () => testOptions().networks, loadProvider, attachSession: (s) => sessions.push(s) });
    expect(loadProvider).not.toHaveBeenCalled();
    const connecting = wc.connect();
    await flush();
    expect(wc.getState()).toMatchObject({ status: 'ready', uri: 'wc:abc@2?relay-protocol=irn&symKey=1', pairingExpiry: clock.now() + PAIRING_EXPIRY_MS });
    expect(provider.connect.mock.calls[0]).toEqual([
      {
        optionalNamespaces: {
          eip155: expect.objectContaining({ chains: ['eip155:56', 'eip155:31337'], rpcMap: { 'eip155:56': 'http://127.0.0.1:9546', 'eip155:31337': 'http://127.0.0.1:9545' } }),
        },
      },
    ]);
    provider.approve([`eip155:31337:${ADDRESS}`]);
    await connecting;
    expect(wc.getState().status).toBe('connected');
    expect(sessions[0]).toMatchObject({ accounts: [ADDRESS], chainId: 31337, connector: { id: 'walletConnect', type: 'WALLET_CONNECT' } });
    expect(provider.setDefaultChain).toHaveBeenCalledWith('eip155:31337');
    await sessions[0].endSession!();
    expect(provider.disconnect).toHaveBeenCalled();
    expect(loadProvider).toHaveBeenCalledTimes(1);
  });

  it('the pairing counts as expired within 10 s of its 4 min deadline', async () => {
    const clock = createFakeClock();
    const wc = createWalletConnectController({ messages, clock, networks: () => testOptions().networks, loadProvider: async () => fakeUniversalProvider(), attachSession: () => {} });
    expect(wc.isPairingExpired()).toBe(true);
    void wc.connect();
    await flush();
    expect(wc.isPairingExpired()).toBe(false);
    await clock.advance(PAIRING_EXPIRY_MS - PAIRING_EXPIRY_MARGIN_MS - 1);
    expect(wc.isPairingExpired()).toBe(false);
    await clock.advance(1);
    expect(wc.isPairingExpired()).toBe(true);
    expect([PAIRING_EXPIRY_MS, PAIRING_EXPIRY_MARGIN_MS]).toEqual([240_000, 10_000]);
  });

  it('a declined proposal (5000) or another failure ends in the error state', async () => {
    const make = (reject: unknown) =>
      createWalletConnectController({ messages, clock: createFakeClock(), networks: () => testOptions().networks, loadProvider: async () => fakeUniversalProvider({ reject }), attachSession: () => {} });
    const declined = make({ code: 5000, message: 'User rejected.' });
    await declined.connect();
    expect(declined.getState()).toMatchObject({ status: 'error', error: messages.connectionDeclined });
    const failed = make(new Error('relay down'));
    await failed.connect();
    expect(failed.getState()).toMatchObject({ status: 'error', error: messages.connectionFailed });
  });

  it('restore adopts a session the provider restored; none -> false', async () => {
    const provider = fakeUniversalProvider();
    provider.session = { namespaces: { eip155: { accounts: [`eip155:56:${ADDRESS}`] } } };
    const sessions: WalletSession[] = [];
    const wc = createWalletConnectController({ messages, clock: createFakeClock(), networks: () => testOptions().networks, loadProvider: async () => provider, attachSession: (s) => sessions.push(s) });
    expect(await wc.restore()).toBe(true);
    expect(sessions[0]).toMatchObject({ accounts: [ADDRESS], chainId: 56 });
    const empty = createWalletConnectController({ messages, clock: createFakeClock(), networks: () => testOptions().networks, loadProvider: async () => fakeUniversalProvider(), attachSession: () => {} });
    expect(await empty.restore()).toBe(false);
  });
});

const api = (fetch: ApiContext['fetch']): ApiContext => ({
  fetch,
  projectId: 'p1',
  sdkType: 'appkit',
  sdkVersion: 'v',
  urls: { blockchainApi: 'http://api.test', walletDirectory: 'http://dir.test', analytics: 'http://pulse.test' },
});
const location = { href: 'https://dapp.example/page', hostname: 'dapp.example', origin: 'https://dapp.example' };

describe('analytics alert in the modal', () => {
  it('shows once as an error toast when the modal opens', async () => {
    const { createControllers } = await import('./index.js');
    const { resolveOptions } = await import('./options.js');
    const { createEip6963Discovery } = await import('../connectors/eip6963.js');
    const { createMemoryStorage } = await import('../storage.js');
    const clock = createFakeClock();
    const controllers = createControllers({
    createDirectory: createDirectoryController,
      options: resolveOptions(testOptions()),
      fetch: createFakeFetch(() => json({}, 403)),
      storage: createMemoryStorage(),
      clock,
      isMobile: false,
      discovery: createEip6963Discovery(undefined),
      loadWalletConnect: () => Promise.reject(new Error('unused')),
      location,
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await controllers.analytics.init();
    expect(controllers.toasts.getState().open).toBe(false);
    controllers.modal.open();
    expect(controllers.toasts.getState()).toEqual({
      open: true,
      variant: 'error',
      message: "Invalid App Configuration. Verify that this domain is allowed for your project in the provider's cloud dashboard.",
    });
    controllers.toasts.hide();
    controllers.modal.close();
    controllers.modal.open();
    expect(controllers.toasts.getState().open).toBe(false);
    warn.mockRestore();
  });
});

describe("the bag's analytics, whose module loads on init()", () => {
  async function bag(analyticsEnabled: boolean) {
    const { createControllers } = await import('./index.js');
    const { resolveOptions } = await import('./options.js');
    const { createEip6963Discovery } = await import('../connectors/eip6963.js');
    const { createMemoryStorage } = await import('../storage.js');
    const clock = createFakeClock();
    const fetch = createFakeFetch((r) =>
      r.url.includes('getAnalyticsConfig') ? json({ isAnalyticsEnabled: analyticsEnabled }) : r.url.includes('origins') ? json({ allowedOrigins: [] }) : new Response(null, { status: 202 }),
    );
    const controllers = createControllers({
      options: resolveOptions(testOptions({ features: { analytics: true } })),
      fetch,
      storage: createMemoryStorage(),
      clock,
      isMobile: false,
      discovery: createEip6963Discovery(undefined),
      loadWalletConnect: () => Promise.reject(new Error('unused')),
      location,
      randomId: () => 'evt',
    });
    const events = () => fetch.requests.filter((r) => r.method === 'POST').map((r) => (JSON.parse(r.body!) as { props: { event: string } }).props.event);
    return { controllers, events };
  }

  it('sends an event fired after init() but before the module and the config arrived, once they have', async () => {
    const { controllers, events } = await bag(true);
    const init = controllers.analytics.init();
    controllers.modal.open();
    expect(controllers.analytics.getState().enabled).toBe(false);
    await init;
    await vi.waitFor(() => expect(events()).toEqual(['MODAL_OPEN']));
    expect(controllers.analytics.getState().enabled).toBe(true);
    controllers.modal.close();
    await vi.waitFor(() => expect(events()).toEqual(['MODAL_OPEN', 'MODAL_CLOSE']));
  });

  it('drops an event fired before init(), as before the config, and loads nothing for it', async () => {
    const { controllers, events } = await bag(true);
    controllers.modal.open();
    await flush();
    await controllers.analytics.init();
    controllers.modal.close();
    await vi.waitFor(() => expect(events()).toEqual(['MODAL_CLOSE']));
  });

  it('shows the alert of a check that failed while the modal was open', async () => {
    const { createControllers } = await import('./index.js');
    const { resolveOptions } = await import('./options.js');
    const { createEip6963Discovery } = await import('../connectors/eip6963.js');
    const { createMemoryStorage } = await import('../storage.js');
    const clock = createFakeClock();
    const controllers = createControllers({
      options: resolveOptions(testOptions()),
      fetch: createFakeFetch(() => json({}, 403)),
      storage: createMemoryStorage(),
      clock,
      isMobile: false,
      discovery: createEip6963Discovery(undefined),
      loadWalletConnect: () => Promise.reject(new Error('unused')),
      location,
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    controllers.modal.open();
    await controllers.analytics.init();
    expect(controllers.toasts.getState()).toMatchObject({ open: true, variant: 'error' });
    expect(controllers.analytics.getState().alert).toBeUndefined();
    error.mockRestore();
  });
});

describe('analytics', () => {
  it("HTTP 403 shows the alert 'Invalid App Configuration' once, with the dashboard hint", async () => {
    const fetch = createFakeFetch(() => json({}, 403));
    const report = vi.fn();
    const analytics = createAnalyticsController({ messages, api: api(fetch), location, analyticsFeature: true, randomId: () => 'id', now: () => 1, report });
    await analytics.init();
    expect(analytics.getState().alert).toEqual({
      message: 'Invalid App Configuration',
      hint: "Verify that this domain is allowed for your project in the provider's cloud dashboard.",
    });
    analytics.dismissAlert();
    await analytics.init();
    expect(analytics.getState().alert).toBeUndefined();
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('an origin not on the allow-list shows the alert; an allowed one does not', async () => {
    const origins = (list: string[]) => createFakeFetch((r) => (r.url.includes('origins') ? json({ allowedOrigins: list }) : json({ isAnalyticsEnabled: false })));
    const denied = createAnalyticsController({ messages, api: api(origins(['https://other.example'])), location, analyticsFeature: true, randomId: () => 'id', now: () => 1, report: () => {} });
    await denied.init();
    expect(denied.getState().alert?.message).toBe(messages.invalidAppConfiguration);
    const allowed = createAnalyticsController({ messages, api: api(origins(['https://*.example'])), location, analyticsFeature: true, randomId: () => 'id', now: () => 1, report: () => {} });
    await allowed.init();
    expect(allowed.getState().alert).toBeUndefined();
    expect(isOriginAllowed('https://a.b.example', ['https://*.example'])).toBe(true);
    expect(isOriginAllowed('https://evil.com', ['https://*.example'])).toBe(false);
  });

  it('events go to POST /e with eventId, url, domain, timestamp, props when enabled; nothing outside a browser', async () => {
    const fetch = createFakeFetch((r) => (r.url.includes('getAnalyticsConfig') ? json({ isAnalyticsEnabled: true }) : r.url.includes('origins') ? json({ allowedOrigins: [] }) : new Response(null, { status: 202 })));
    const analytics = createAnalyticsController({ messages, api: api(fetch), location, analyticsFeature: true, randomId: () => 'evt-1', now: () => 42, report: () => {} });
    await analytics.init();
    expect(analytics.getState().enabled).toBe(true);
    await analytics.sendEvent({ type: 'track', event: 'MODAL_OPEN', properties: { connected: false } });
    const post = fetch.requests.find((r) => r.method === 'POST')!;
    expect(post.url).toBe('http://pulse.test/e?projectId=p1&st=appkit&sv=v');
    expect(JSON.parse(post.body!)).toEqual({
      eventId: 'evt-1',
      url: 'https://dapp.example/page',
      domain: 'dapp.example',
      timestamp: 42,
      props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
    });

    const serverFetch = createFakeFetch(() => json({ isAnalyticsEnabled: true }));
    const server = createAnalyticsController({ messages, api: api(serverFetch), analyticsFeature: true, randomId: () => 'x', now: () => 1 });
    await server.init();
    await server.sendEvent({ type: 'track', event: 'MODAL_OPEN' });
    expect(serverFetch.requests).toHaveLength(0);
  });

  it('with the analytics feature off no config is fetched and no event is sent', async () => {
    const fetch = createFakeFetch((r) => (r.url.includes('origins') ? json({ allowedOrigins: [] }) : json({ isAnalyticsEnabled: true })));
    const analytics = createAnalyticsController({ messages, api: api(fetch), location, analyticsFeature: false, randomId: () => 'x', now: () => 1 });
    await analytics.init();
    await analytics.sendEvent({ type: 'track', event: 'MODAL_OPEN' });
    expect(fetch.requests.map((r) => new URL(r.url).pathname)).toEqual(['/projects/v1/origins']);
  });
});
