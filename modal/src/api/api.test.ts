import { describe, expect, it } from 'vitest';
import { createFakeFetch, json } from '../core/testing.js';
import { HttpError, ResponseValidationError } from '../errors.js';
import { sendAnalyticsEvent } from './analytics.js';
import { fetchIdentity, fetchSupportedChains } from './blockchain-core.js';
import {
  lookupName,
  reverseLookupNames,
  fetchNameSuggestions,
  registerName,
  fetchExchanges,
  fetchBalances,
} from './blockchain.js';
import { blockchainRpcUrl } from '../chain/node-rpc.js';
import { buildSwapTransaction, fetchGasPrice, fetchSwapQuotes, fetchTokenPrices } from './convert.js';
import { fetchOnrampQuote, generateOnrampUrl } from './onramp.js';
import { fetchHistory } from './history.js';
import { fetchWalletImage, fetchWallets } from './directory.js';
import { fetchAllowedOrigins, fetchAnalyticsConfig, fetchProjectConfig, OriginsError } from './project.js';
import type { ApiContext } from './http.js';
import type { OnrampQuoteRequest } from './onramp-types.js';

const context = (fetch: ApiContext['fetch']): ApiContext => ({
  fetch,
  projectId: 'p1',
  sdkType: 'appkit',
  sdkVersion: 'html-test-1',
  urls: { blockchainApi: 'https://rpc.example', walletDirectory: 'https://dir.example', analytics: 'https://pulse.example' },
});
const A = '0x1111111111111111111111111111111111111111';

describe('blockchain API wire shapes', () => {
  it('GET /v1/supported-chains with st, sv, projectId appended', async () => {
    const fetch = createFakeFetch(() => json({ http: ['eip155:56'], ws: [] }));
    expect(await fetchSupportedChains(context(fetch))).toEqual({ http: ['eip155:56'], ws: [] });
    expect(fetch.requests[0].url).toBe('https://rpc.example/v1/supported-chains?st=appkit&sv=html-test-1&projectId=p1');
    expect(fetch.requests[0].method).toBe('GET');
  });

  it('identity: own params first, sender only when given', async () => {
    const fetch = createFakeFetch(() => json({ name: 'alice.reown.id', avatar: null }));
    expect(await fetchIdentity(context(fetch), { address: A, sender: A })).toEqual({ name: 'alice.reown.id', avatar: null });
    await fetchIdentity(context(fetch), { address: A });
    expect(fetch.requests[0].url).toBe(`https://rpc.example/v1/identity/${A}?sender=${A}&st=appkit&sv=html-test-1&projectId=p1`);
    expect(fetch.requests[1].url).toBe(`https://rpc.example/v1/identity/${A}?st=appkit&sv=html-test-1&projectId=p1`);
  });

  it('balance: currency=usd, chainId, forceUpdate, then sdk', async () => {
    const balance = { name: 'BNB', symbol: 'BNB', chainId: 'eip155:56', price: 600, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '' };
    const fetch = createFakeFetch(() => json({ balances: [balance] }));
    const result = await fetchBalances(context(fetch), { address: A, chainId: 'eip155:56', currency: 'usd', forceUpdate: 'x' });
    expect(result.balances[0].quantity.numeric).toBe('1.5');
    expect(fetch.requests[0].url).toBe(
      `https://rpc.example/v1/account/${A}/balance?currency=usd&chainId=eip155%3A56&forceUpdate=x&st=appkit&sv=html-test-1&projectId=p1`,
    );
  });

  it('history: cursor, chainId; a falsy next ends paging', async () => {
    const fetch = createFakeFetch(() => json({ data: [], next: '' }));
    const result = await fetchHistory(context(fetch), { address: A, chainId: 'eip155:56', cursor: 'c1' });
    expect(result.next).toBeNull();
    expect(fetch.requests[0].url).toBe(`https://rpc.example/v1/account/${A}/history?cursor=c1&chainId=eip155%3A56&st=appkit&sv=html-test-1&projectId=p1`);
  });

  it('swap quotes and gas price send Content-Type: application/json', async () => {
    const fetch = createFakeFetch((r) =>
      r.url.includes('quotes') ? json({ quotes: [{ id: null, fromAmount: '1', fromAccount: 'a', toAmount: '2', toAccount: 'b' }] }) : json({ standard: '1', fast: '2', instant: '3' }),
    );
    const ctx = context(fetch);
    await fetchSwapQuotes(ctx, { amount: '1', userAddress: `eip155:56:${A}`, from: `eip155:56:${A}`, to: `eip155:56:${A}`, gasPrice: '5' });
    expect(await fetchGasPrice(ctx, { chainId: 'eip155:56' })).toEqual({ standard: '1', fast: '2', instant: '3' });
    expect(fetch.requests[0].headers['content-type']).toBe('application/json');
    expect(new URL(fetch.requests[0].url).searchParams.toString()).toMatch(/^amount=1&userAddress=.*&from=.*&to=.*&gasPrice=5&st=appkit&sv=html-test-1&projectId=p1$/);
    expect(fetch.requests[1].url).toBe('https://rpc.example/v1/convert/gas-price?chainId=eip155%3A56&st=appkit&sv=html-test-1&projectId=p1');
  });

  it('POST bodies carry projectId where the contract says so', async () => {
    const fetch = createFakeFetch((r) =>
      r.url.includes('price') ? json({ fungibles: [] }) : json({ tx: { from: `eip155:56:${A}`, to: `eip155:56:${A}`, data: '0x', amount: '0', eip155: { gas: '1', gasPrice: '1' } } }),
    );
    const ctx = context(fetch);
    await fetchTokenPrices(ctx, { addresses: [`eip155:56:${A}`] });
    await buildSwapTransaction(ctx, { amount: '1', eip155: { slippage: 1 }, from: `eip155:56:${A}`, to: `eip155:56:${A}`, userAddress: `eip155:56:${A}` });
    expect(fetch.requests[0].method).toBe('POST');
    expect(JSON.parse(fetch.requests[0].body!)).toEqual({ currency: 'usd', addresses: [`eip155:56:${A}`], projectId: 'p1' });
    expect(JSON.parse(fetch.requests[1].body!)).toMatchObject({ projectId: 'p1', eip155: { slippage: 1 } });
  });

  it('onramp POSTs: projectId only in the query, no Content-Type header', async () => {
    const fetch = createFakeFetch((r) =>
      r.url.includes('onrampurl')
        ? json({ url: 'https://pay.example/x' })
        : json({ quoteId: 'q', ...Object.fromEntries(['paymentTotal', 'paymentSubtotal', 'purchaseAmount', 'coinbaseFee', 'networkFee'].map((key) => [key, { amount: '1', currency: 'USD' }])) }),
    );
    const ctx = context(fetch);
    const url = await generateOnrampUrl(ctx, { destinationWallets: [{ address: A, blockchains: ['bsc'], assets: ['BNB'] }], partnerUserId: A, defaultExperience: 'buy' });
    expect(url).toBe('https://pay.example/x');
    await fetchOnrampQuote(ctx, { amount: '10', network: 'bsc' } as OnrampQuoteRequest);
    for (const request of fetch.requests) {
      expect(new URL(request.url).search).toBe('?projectId=p1');
      expect(request.headers['content-type']).toBeUndefined();
    }
  });

  it('names: apiVersion=2, zone=reown.id, register POST', async () => {
    const name = { name: 'bob.reown.id', registered_at: '', updated_at: '', addresses: {}, attributes: [] };
    const fetch = createFakeFetch((r) => (r.url.includes('suggestions') ? json({ suggestions: [{ name: 'bob1', registered: false }] }) : r.url.includes('reverse') ? json([name]) : json(name)));
    const ctx = context(fetch);
    expect((await lookupName(ctx, 'bob.reown.id')).name).toBe('bob.reown.id');
    expect(await reverseLookupNames(ctx, { address: A, sender: A })).toHaveLength(1);
    expect((await fetchNameSuggestions(ctx, 'bob')).suggestions[0].name).toBe('bob1');
    await registerName(ctx, { coin_type: 0x80000038, address: A, message: '{}', signature: '0x00' });
    expect(fetch.requests[0].url).toBe('https://rpc.example/v1/profile/account/bob.reown.id?apiVersion=2&st=appkit&sv=html-test-1&projectId=p1');
    expect(fetch.requests[1].url).toContain(`/v1/profile/reverse/${A}?sender=${A}&apiVersion=2&st=`);
    expect(fetch.requests[2].url).toContain('/v1/profile/suggestions/bob?zone=reown.id&st=');
    expect(fetch.requests[3].method).toBe('POST');
  });

  it('the JSON-RPC URL per chain: {host}/v1/?chainId&projectId', () => {
    expect(blockchainRpcUrl(context(createFakeFetch(() => undefined)), 'eip155:56')).toBe('https://rpc.example/v1/?chainId=eip155%3A56&projectId=p1');
  });
});

describe('fund from exchange (row 23)', () => {
  it('POST /v1/json-rpc with source=fund-wallet; params carry projectId; a body error throws its message whatever the status', async () => {
    let fail = false;
    const fetch = createFakeFetch(() => (fail ? json({ error: { message: 'Exchange not supported' } }, 200) : json({ result: { exchanges: [{ id: 'x', imageUrl: '', name: 'X' }], total: 1 } })));
    const ctx = context(fetch);
    expect((await fetchExchanges(ctx, { page: 0, asset: 'eip155:56/slip44:714' })).total).toBe(1);
    expect(fetch.requests[0].url).toBe('https://rpc.example/v1/json-rpc?projectId=p1&st=appkit&sv=html-test-1&source=fund-wallet');
    expect(JSON.parse(fetch.requests[0].body!)).toEqual({ jsonrpc: '2.0', id: 1, method: 'reown_getExchanges', params: { page: 0, asset: 'eip155:56/slip44:714', projectId: 'p1' } });
    fail = true;
    await expect(fetchExchanges(ctx, { page: 0 })).rejects.toThrow('Exchange not supported');
  });
});

describe('errors', () => {
  it("a non-2xx answer throws HttpError carrying 'HTTP status code: {status}'", async () => {
    const fetch = createFakeFetch(() => json({ error: 'nope' }, 500));
    const error = await fetchSupportedChains(context(fetch)).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe('HTTP status code: 500');
    expect(error.status).toBe(500);
  });

  it('a 2xx body of the wrong shape throws ResponseValidationError', async () => {
    const fetch = createFakeFetch(() => json({ count: 1 }));
    const error = await fetchWallets(context(fetch), { page: 1, entries: 40 }).catch((e) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.details).toBe('data is not an array');
    await expect(fetchIdentity(context(createFakeFetch(() => json({ name: 5, avatar: null }))), { address: A })).rejects.toBeInstanceOf(ResponseValidationError);
  });
});

describe('directory API wire shapes', () => {
  it('getWallets: projectId, st, sv first, then page, entries, chains, search', async () => {
    const fetch = createFakeFetch(() => json({ data: [{ id: 'w1', name: 'One' }], count: 1 }));
    const result = await fetchWallets(context(fetch), { page: 2, entries: 40, chains: 'eip155:56,eip155:31337', search: 'meta' });
    expect(result).toEqual({ data: [{ id: 'w1', name: 'One' }], count: 1 });
    expect(fetch.requests[0].url).toBe(
      'https://dir.example/getWallets?projectId=p1&st=appkit&sv=html-test-1&page=2&entries=40&chains=eip155%3A56%2Ceip155%3A31337&search=meta',
    );
  });

  it('wallet image: bytes; non-2xx throws', async () => {
    const fetch = createFakeFetch((r) => (r.url.includes('good') ? new Response(new Uint8Array([1, 2, 3])) : new Response('', { status: 404 })));
    const blob = await fetchWalletImage(context(fetch), 'good');
    expect(blob.size).toBe(3);
    expect(fetch.requests[0].url).toBe('https://dir.example/getWalletImage/good?projectId=p1&st=appkit&sv=html-test-1');
    await expect(fetchWalletImage(context(fetch), 'bad')).rejects.toThrow('HTTP status code: 404');
  });

  it('analytics config and project config', async () => {
    const fetch = createFakeFetch((r) => (r.url.includes('getAnalyticsConfig') ? json({ isAnalyticsEnabled: true }) : json({ features: [{ id: 'swap', isEnabled: true, config: null }] })));
    expect(await fetchAnalyticsConfig(context(fetch))).toEqual({ isAnalyticsEnabled: true });
    expect((await fetchProjectConfig(context(fetch))).features[0].id).toBe('swap');
    expect(fetch.requests[0].url).toBe('https://dir.example/getAnalyticsConfig?projectId=p1&st=appkit&sv=html-test-1');
    expect(fetch.requests[1].url).toBe('https://dir.example/appkit/v1/config?projectId=p1&st=appkit&sv=html-test-1');
  });

  it('allowed origins: 429 -> RATE_LIMITED, 5xx -> SERVER_ERROR, other non-2xx -> []', async () => {
    let status = 200;
    const fetch = createFakeFetch(() => (status === 200 ? json({ allowedOrigins: ['https://a.example'] }) : json({}, status)));
    expect(await fetchAllowedOrigins(context(fetch))).toEqual(['https://a.example']);
    status = 429;
    await expect(fetchAllowedOrigins(context(fetch))).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    status = 503;
    const error = await fetchAllowedOrigins(context(fetch)).catch((e) => e);
    expect(error).toBeInstanceOf(OriginsError);
    expect(error.code).toBe('SERVER_ERROR');
    status = 403;
    expect(await fetchAllowedOrigins(context(fetch))).toEqual([]);
  });

  it('analytics event: POST /e?projectId&st&sv with the event body', async () => {
    const fetch = createFakeFetch(() => new Response(null, { status: 204 }));
    const event = { eventId: 'id1', url: 'https://site.example/', domain: 'site.example', timestamp: 5, props: { type: 'track', event: 'MODAL_OPEN' } };
    await sendAnalyticsEvent(context(fetch), event);
    expect(fetch.requests[0]).toMatchObject({ url: 'https://pulse.example/e?projectId=p1&st=appkit&sv=html-test-1', method: 'POST' });
    expect(JSON.parse(fetch.requests[0].body!)).toEqual(event);
  });
});
