/**
 * Property tests: random and malformed JSON to every api function (through a fake fetch). The only failure allowed
 * is the typed error (ResponseValidationError, or ModalError subclasses for a JSON-RPC `error` body); whatever
 * resolves carries only URLs that passed the gate.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { setLogLevel } from '../core/logger.js';
import { createFakeFetch, HOSTILE_NAMES, HOSTILE_URLS } from '../core/testing.js';
import { ModalError, ResponseValidationError } from '../errors.js';
import { safeImageUrl, safeLinkUrl, schemeOf } from '../core/safe-url.js';
import * as blockchainCore from './blockchain-core.js';
import * as blockchainRest from './blockchain.js';
import * as jsonRpcApi from '../chain/node-rpc.js';
import * as convert from './convert.js';
import * as history from './history.js';
import * as onramp from './onramp.js';
import * as directory from './directory.js';
import * as project from './project.js';
import type { ApiContext } from './http.js';

/** Every Blockchain API function, wherever its module lives. */
const blockchain = { ...blockchainCore, ...blockchainRest, ...jsonRpcApi, ...convert, ...history, ...onramp };

const A = '0x1111111111111111111111111111111111111111';
const C10 = `eip155:56:${A}` as const;

const urlish = fc.oneof(fc.constantFrom(...HOSTILE_URLS), fc.webUrl(), fc.constant('metamask://'), fc.constant('data:image/png;base64,AAAA'), fc.jsonValue());
const textish = fc.oneof(fc.constantFrom(...HOSTILE_NAMES), fc.string(), fc.jsonValue());

/** A valid sample with random leaves replaced (by random JSON, hostile URLs or names), or random JSON outright. */
function answers(valid: unknown) {
  const paths: (string | number)[][] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    paths.push(path);
    if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, [...path, Array.isArray(value) ? Number(k) : k]);
  };
  walk(valid, []);
  const mutated = fc.array(fc.tuple(fc.nat(paths.length - 1), fc.oneof(urlish, textish, fc.jsonValue(), fc.constant(undefined))), { maxLength: 4 }).map((changes) => {
    let copy = structuredClone(valid) as unknown;
    for (const [index, replacement] of changes) {
      const path = paths[index];
      if (path.length === 0) {
        copy = replacement;
        continue;
      }
      let parent = copy as Record<string | number, unknown> | undefined;
      for (const key of path.slice(0, -1)) parent = parent && typeof parent === 'object' ? (parent[key] as Record<string | number, unknown>) : undefined;
      if (parent && typeof parent === 'object') parent[path[path.length - 1]] = replacement;
    }
    return copy;
  });
  return fc.oneof({ weight: 3, arbitrary: mutated }, { weight: 1, arbitrary: fc.jsonValue() }, { weight: 1, arbitrary: fc.constant(valid) });
}

const LINK_KEYS = new Set(['homepage', 'mobile_link', 'desktop_link', 'webapp_link', 'link_mode', 'app_store', 'play_store', 'chrome_store']);
const IMAGE_KEYS = new Set(['image_url', 'iconUrl', 'logoUri', 'imageUrl', 'avatar']);

/** Every URL field of a result passed the gate (the gate leaves what it accepted unchanged). */
function expectGatedUrls(value: unknown, key = ''): void {
  if (typeof value === 'string') {
    // Only the app links (mobile, desktop) may use the wallet's own declared scheme.
    if (LINK_KEYS.has(key)) expect(safeLinkUrl(value, { scheme: key === 'mobile_link' || key === 'desktop_link' ? schemeOf(value) : undefined })).toBe(value);
    if (IMAGE_KEYS.has(key)) expect(safeImageUrl(value)).toBe(value);
    if (key === 'url') expect([safeLinkUrl(value), safeImageUrl(value)]).toContain(value);
    return;
  }
  if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) expectGatedUrls(v, Array.isArray(value) ? key : k);
}

const wallet = {
  id: 'a'.repeat(64),
  name: 'Harbor Wallet',
  image_id: 'img-1',
  image_url: 'https://img.example/h.png',
  homepage: 'https://harbor.example',
  mobile_link: 'harbor://',
  desktop_link: 'harbor-desktop://',
  webapp_link: 'https://app.harbor.example',
  app_store: 'https://apps.example/h',
  chains: ['eip155:56'],
  rdns: 'example.harbor',
  injected: [{ namespace: 'eip155', injected_id: 'isHarbor' }],
  badge_type: 'certified',
  order: 1,
  supports_wc: true,
};
const name = { name: 'bob.reown.id', registered_at: 'x', updated_at: 'y', addresses: { '60': { address: A, created: 'z' } }, attributes: [{ avatar: 'https://img.example/a.png', bio: 'hi' }] };
const amount = { amount: '1.5', currency: 'USD' };

/** Each api function with a valid answer the mutations start from. */
const CALLS: [string, (ctx: ApiContext) => Promise<unknown>, unknown][] = [
  ['fetchSupportedChains', (ctx) => blockchain.fetchSupportedChains(ctx), { http: ['eip155:56'], ws: ['eip155:56'] }],
  ['fetchIdentity', (ctx) => blockchain.fetchIdentity(ctx, { address: A }), { name: 'alice', avatar: 'https://img.example/a.png' }],
  [
    'fetchBalances',
    (ctx) => blockchain.fetchBalances(ctx, { address: A, chainId: 'eip155:56', currency: 'usd' }),
    { balances: [{ name: 'BNB', symbol: 'BNB', chainId: 'eip155:56', address: C10, value: 1, price: 600, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: 'https://img.example/bnb.png' }] },
  ],
  [
    'fetchHistory',
    (ctx) => blockchain.fetchHistory(ctx, { address: A, chainId: 'eip155:56' }),
    {
      data: [
        {
          id: 't1',
          metadata: { operationType: 'send', hash: `0x${'ab'.repeat(32)}`, chain: 'eip155:56', minedAt: '2025-01-01T00:00:00Z', sentFrom: A, sentTo: A, status: 'confirmed', nonce: 1 },
          transfers: [
            {
              direction: 'out',
              quantity: { numeric: '1' },
              fungible_info: { name: 'BNB', symbol: 'BNB', icon: { url: 'https://img.example/i.png' } },
              nft_info: { name: 'N', content: { preview: { url: 'https://img.example/p.png' } }, flags: { is_spam: false } },
            },
          ],
        },
      ],
      next: 'cursor',
    },
  ],
  ['fetchSwapTokens', (ctx) => blockchain.fetchSwapTokens(ctx, { chainId: 'eip155:56' }), { tokens: [{ name: 'T', symbol: 'T', address: C10, decimals: 18, logoUri: 'https://img.example/t.png' }] }],
  [
    'fetchSwapQuotes',
    (ctx) => blockchain.fetchSwapQuotes(ctx, { amount: '1', userAddress: C10, from: C10, to: C10, gasPrice: '1' }),
    { quotes: [{ id: null, fromAmount: '1', fromAccount: C10, toAmount: '2', toAccount: C10 }] },
  ],
  ['fetchAllowance', (ctx) => blockchain.fetchAllowance(ctx, { tokenAddress: C10, userAddress: C10 }), { allowance: '0' }],
  ['fetchGasPrice', (ctx) => blockchain.fetchGasPrice(ctx, { chainId: 'eip155:56' }), { standard: '1', fast: '2', instant: '3' }],
  [
    'fetchBuildApprove',
    (ctx) => blockchain.fetchBuildApprove(ctx, { userAddress: C10, from: C10, to: C10 }),
    { tx: { from: C10, to: C10, data: '0x095ea7b3', value: '0', eip155: { gas: 21000, gasPrice: '1' } } },
  ],
  [
    'buildSwapTransaction',
    (ctx) => blockchain.buildSwapTransaction(ctx, { amount: '1', eip155: { slippage: 1 }, from: C10, to: C10, userAddress: C10 }),
    { tx: { from: C10, to: C10, data: '0x', amount: '0', eip155: { gas: '1', gasPrice: '1' } } },
  ],
  ['fetchTokenPrices', (ctx) => blockchain.fetchTokenPrices(ctx, { addresses: [C10] }), { fungibles: [{ address: C10, name: 'T', symbol: 'T', iconUrl: 'https://img.example/t.png', price: 1 }] }],
  ['lookupName', (ctx) => blockchain.lookupName(ctx, 'bob.reown.id'), name],
  ['reverseLookupNames', (ctx) => blockchain.reverseLookupNames(ctx, { address: A }), [name]],
  ['fetchNameSuggestions', (ctx) => blockchain.fetchNameSuggestions(ctx, 'bob'), { suggestions: [{ name: 'bob1', registered: false }] }],
  ['registerName', (ctx) => blockchain.registerName(ctx, { coin_type: 1, address: A, message: '{}', signature: '0x00' }), name],
  [
    'generateOnrampUrl',
    (ctx) => blockchain.generateOnrampUrl(ctx, { destinationWallets: [], partnerUserId: A, defaultExperience: 'buy' }),
    { url: 'https://pay.example/x' },
  ],
  [
    'fetchOnrampOptions',
    (ctx) => blockchain.fetchOnrampOptions(ctx),
    {
      paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }] }],
      purchaseCurrencies: [{ id: 'BNB', name: 'BNB', symbol: 'BNB', networks: [{ name: 'bsc', display_name: 'BSC', chain_id: '56', contract_address: '' }] }],
    },
  ],
  [
    'fetchOnrampQuote',
    (ctx) => blockchain.fetchOnrampQuote(ctx, { amount: '10', network: 'bsc' } as never),
    { paymentTotal: amount, paymentSubtotal: amount, purchaseAmount: amount, coinbaseFee: amount, networkFee: amount, quoteId: 'q' },
  ],
  [
    'fetchSmartSessions',
    (ctx) => blockchain.fetchSmartSessions(ctx, C10),
    { address: C10, sessions: [{ pci: 'p', expiry: 1, createdAt: 'x', revokedAt: null, permissions: [{ type: 't', data: {} }], policies: [] }] },
  ],
  ['revokeSmartSession', (ctx) => blockchain.revokeSmartSession(ctx, A, { pci: 'p', signature: '0x00' }), { pci: 'p', revokedAt: 'x' }],
  ['blockchainRpcRequest', (ctx) => blockchain.blockchainRpcRequest(ctx, 'eip155:56', { method: 'eth_chainId' }), { jsonrpc: '2.0', id: '1', result: '0x38' }],
  ['fetchExchanges', (ctx) => blockchain.fetchExchanges(ctx, { page: 1 }), { result: { exchanges: [{ id: 'x', name: 'X', imageUrl: 'https://img.example/x.png' }], total: 1 } }],
  [
    'fetchExchangePayUrl',
    (ctx) => blockchain.fetchExchangePayUrl(ctx, { exchangeId: 'x', asset: 'a', amount: 1, recipient: C10 }),
    { result: { url: 'https://pay.example/x', sessionId: 's' } },
  ],
  ['fetchExchangeBuyStatus', (ctx) => blockchain.fetchExchangeBuyStatus(ctx, { sessionId: 's', exchangeId: 'x' }), { result: { status: 'SUCCESS', txHash: '0xab' } }],
  ['fetchWallets', (ctx) => directory.fetchWallets(ctx, { page: 1, entries: 40 }), { data: [wallet, { ...wallet, id: 'b'.repeat(64) }], count: 2 }],
  ['fetchAnalyticsConfig', (ctx) => project.fetchAnalyticsConfig(ctx), { isAnalyticsEnabled: true }],
  ['fetchProjectConfig', (ctx) => project.fetchProjectConfig(ctx), { features: [{ id: 'swap', isEnabled: true, config: null }] }],
  ['fetchProjectLimits', (ctx) => project.fetchProjectLimits(ctx), { planLimits: { tier: 'pro', isAboveRpcLimit: false, isAboveMauLimit: false } }],
  ['fetchAllowedOrigins', (ctx) => project.fetchAllowedOrigins(ctx), { allowedOrigins: ['https://*.example.com'] }],
];

const contextAnswering = (body: unknown): ApiContext => ({
  fetch: createFakeFetch(() =>
    body === undefined ? new Response('<html>not json</html>', { status: 200 }) : new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
  ),
  projectId: 'p',
  sdkType: 'appkit',
  sdkVersion: 'v',
  urls: { blockchainApi: 'https://rpc.example', walletDirectory: 'https://dir.example', analytics: 'https://pulse.example' },
});

describe('every api function under random and malformed answers', () => {
  beforeAll(() => setLogLevel('silent'));

  it.each(CALLS)('%s: resolves with gated URLs, or rejects with the typed error', async (_name, call, valid) => {
    expect(await call(contextAnswering(valid))).toBeDefined();
    await fc.assert(
      fc.asyncProperty(answers(valid), async (body) => {
        try {
          expectGatedUrls(await call(contextAnswering(body)));
        } catch (error) {
          const rpcError = body !== null && typeof body === 'object' && 'error' in body;
          if (rpcError) expect(error).toBeInstanceOf(ModalError);
          else expect(error).toBeInstanceOf(ResponseValidationError);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a body that is not JSON is a ResponseValidationError', async () => {
    for (const [, call] of CALLS) await expect(call(contextAnswering(undefined))).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it('the hostile directory entry keeps its name and loses its links and image', async () => {
    const hostile = { ...wallet, name: '<img src=x onerror=alert(1)>', mobile_link: HOSTILE_URLS[0], desktop_link: 'vbscript:x', webapp_link: 'data:text/html,x', homepage: 'javascript:alert(1)', image_url: 'data:text/html,x' };
    const result = await directory.fetchWallets(contextAnswering({ data: [hostile], count: 1 }), { page: 1, entries: 40 });
    expect(result.data).toEqual([
      { id: wallet.id, name: '<img src=x onerror=alert(1)>', image_id: 'img-1', app_store: wallet.app_store, chains: ['eip155:56'], rdns: 'example.harbor', injected: wallet.injected, badge_type: 'certified', order: 1, supports_wc: true },
    ]);
  });

  it('an entry without a valid id or name is dropped, the rest of the page kept; a page without data fails', async () => {
    const ctx = contextAnswering({ data: [{ ...wallet, id: 42 }, { ...wallet, name: '   ' }, { ...wallet, id: 'c'.repeat(64) }], count: 3 });
    expect((await directory.fetchWallets(ctx, { page: 1, entries: 40 })).data.map((w) => w.id)).toEqual(['c'.repeat(64)]);
    await expect(directory.fetchWallets(contextAnswering({ count: 3 }), { page: 1, entries: 40 })).rejects.toBeInstanceOf(ResponseValidationError);
  });
});
