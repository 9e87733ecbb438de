/**
 * Property tests: the controllers that consume the api (directory, account, networks, analytics) fed random and
 * malformed answers. Nothing throws out of an action, nothing stays loading, and the state stays valid: wallets
 * are well-formed with gated links, balances are decimal strings, errors are texts.
 */
import { createDirectoryController } from './directory.js';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock, createFakeFetch, createFakeWallet, flush, HOSTILE_NAMES, HOSTILE_URLS, testOptions } from '../core/testing.js';
import { setLogLevel } from '../core/logger.js';
import { createEip6963Discovery, type DiscoveryTarget } from '../connectors/eip6963.js';
import { safeImageUrl, safeLinkUrl, schemeOf } from '../core/safe-url.js';
import { createMemoryStorage } from '../storage.js';
import { createControllers } from './index.js';
import { resolveOptions } from './options.js';
import type { WcWallet } from '../api/directory-types.js';

const ADDRESS = '0x1111111111111111111111111111111111111111';
const LINKS = ['homepage', 'mobile_link', 'desktop_link', 'webapp_link', 'link_mode', 'app_store', 'play_store', 'chrome_store'] as const;

const urlish = fc.oneof(fc.constantFrom(...HOSTILE_URLS), fc.webUrl(), fc.constant('harbor://'), fc.jsonValue());
const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/);
/** Directory entries: plausible shapes with hostile links, images and names, and plain random JSON. */
const entry = fc.oneof(
  fc.record(
    {
      id: fc.oneof(hex64, fc.jsonValue()),
      name: fc.oneof(fc.constantFrom(...HOSTILE_NAMES), fc.string({ maxLength: 120 }), fc.jsonValue()),
      image_url: urlish,
      image_id: fc.oneof(fc.constant('img-1'), fc.jsonValue()),
      chains: fc.oneof(fc.constant(['eip155:56']), fc.jsonValue()),
      rdns: fc.oneof(fc.constant('example.w'), fc.jsonValue()),
      ...Object.fromEntries(LINKS.map((key) => [key, urlish])),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);
const directoryAnswer = fc.oneof(
  { weight: 4, arbitrary: fc.record({ data: fc.array(entry, { maxLength: 8 }), count: fc.oneof(fc.nat(1000), fc.jsonValue()) }) },
  { weight: 1, arbitrary: fc.jsonValue() },
);
const anyAnswer = fc.oneof(fc.jsonValue(), fc.record({ http: fc.jsonValue(), balances: fc.jsonValue(), name: fc.jsonValue(), avatar: urlish, allowedOrigins: fc.jsonValue(), isAnalyticsEnabled: fc.jsonValue() }));

function expectValidWallet(wallet: WcWallet) {
  expect(typeof wallet.id).toBe('string');
  expect(typeof wallet.name).toBe('string');
  expect(wallet.name.length).toBeLessThanOrEqual(100);
  const appLink = (key: string) => key === 'mobile_link' || key === 'desktop_link';
  for (const key of LINKS) if (wallet[key] !== undefined) expect(safeLinkUrl(wallet[key], { scheme: appLink(key) ? schemeOf(wallet[key]) : undefined })).toBe(wallet[key]);
  if (wallet.image_url !== undefined) expect(safeImageUrl(wallet.image_url)).toBe(wallet.image_url);
}

function setup(answer: (url: string) => unknown) {
  const clock = createFakeClock();
  const wallet = createFakeWallet({ chainId: 56, knownChains: [56] });
  const target = new EventTarget() as EventTarget & DiscoveryTarget;
  target.addEventListener('eip6963:requestProvider', () =>
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: 'u', name: 'W', icon: '', rdns: 'com.test.wallet' }, provider: wallet.provider } })),
  );
  const discovery = createEip6963Discovery(target);
  const fetch = createFakeFetch((r) => {
    const body = answer(r.url);
    return new Response(body === undefined ? 'not json' : JSON.stringify(body), { status: 200 });
  });
  const controllers = createControllers({
    createDirectory: createDirectoryController,
    options: resolveOptions(testOptions()),
    fetch,
    storage: createMemoryStorage(),
    clock,
    isMobile: true,
    discovery,
    loadWalletConnect: () => Promise.reject(new Error('not in this test')),
    location: { href: 'http://127.0.0.1/', hostname: '127.0.0.1', origin: 'http://127.0.0.1' },
    reconnectWaitMs: 10,
  });
  discovery.start();
  return { controllers, clock };
}

describe('controllers under random and malformed answers', () => {
  beforeAll(() => setLogLevel('silent'));

  it('directory: featured, pages and search end with valid wallets (gated links) or an error text, never loading', async () => {
    await fc.assert(
      fc.asyncProperty(directoryAnswer, directoryAnswer, fc.string({ maxLength: 10 }), async (first, second, query) => {
        let calls = 0;
        const { controllers, clock } = setup(() => (calls++ % 2 === 0 ? first : second));
        await controllers.directory.fetchInitial();
        await controllers.directory.fetchNextPage();
        await controllers.directory.fetchNextPage();
        controllers.directory.search(query || 'x');
        await clock.advance(1000);
        await flush();
        const state = controllers.directory.getState();
        for (const wallet of [...state.featured, ...state.recommended, ...state.wallets, ...state.search.results]) expectValidWallet(wallet);
        expect(state.loading).toBe(false);
        expect(state.search.loading).toBe(false);
        expect(state.error === undefined || typeof state.error === 'string').toBe(true);
        expect(Number.isFinite(state.count) && state.count >= 0).toBe(true);
        expect(new Set(state.wallets.map((w) => w.id)).size).toBe(state.wallets.length);
      }),
      { numRuns: 150 },
    );
  });

  it('account, networks and analytics: actions settle, balance is a decimal string or unset, the avatar is gated', async () => {
    await fc.assert(
      fc.asyncProperty(anyAnswer, anyAnswer, anyAnswer, async (chains, balances, identity) => {
        const { controllers } = setup((url) => (url.includes('supported-chains') ? chains : url.includes('/balance') ? balances : identity));
        await controllers.analytics.init();
        expect(typeof controllers.analytics.getState().enabled).toBe('boolean');
        expect(typeof (await controllers.networks.isActiveChainSupported())).toBe('boolean');
        await controllers.connection.connect('com.test.wallet');
        await controllers.account.fetchBalance(true);
        await controllers.account.fetchIdentity();
        await flush();
        const account = controllers.account.getState().byNamespace.eip155;
        expect(account.address).toBe(ADDRESS);
        expect(account.balanceLoading).toBe(false);
        if (account.balance !== undefined) expect(account.balance).toMatch(/^\d{1,78}(\.\d{1,78})?$/);
        if (account.profileImage) expect(safeImageUrl(account.profileImage)).toBe(account.profileImage);
        if (account.profileName != null) expect(typeof account.profileName).toBe('string');
      }),
      { numRuns: 150 },
    );
  });
});
