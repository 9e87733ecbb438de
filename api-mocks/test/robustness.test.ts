import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';

// Random and hostile inputs on every route: the answer is never a 5xx, and a 4xx carries a JSON error.
const GET_ROUTES = [
  '/v1/supported-chains',
  '/v1/identity/{x}',
  '/v1/account/{x}/balance',
  '/v1/account/{x}/history',
  '/v1/convert/tokens',
  '/v1/convert/quotes',
  '/v1/convert/allowance',
  '/v1/convert/gas-price',
  '/v1/convert/build-approve',
  '/v1/profile/account/{x}',
  '/v1/profile/reverse/{x}',
  '/v1/profile/suggestions/{x}',
  '/v1/onramp/options',
  '/v1/sessions/{x}',
  '/getWallets',
  '/getWalletImage/{x}',
  '/public/getTokenImage/{x}',
  '/getAnalyticsConfig',
  '/explorer/tx/{x}',
  '/explorer/address/{x}',
];
const POST_ROUTES = [
  '/v1/convert/build-transaction',
  '/v1/fungible/price',
  '/v1/profile/account',
  '/v1/generators/onrampurl',
  '/v1/onramp/quote',
  '/v1/sessions/{x}/revoke',
  '/v1/json-rpc',
  '/e',
  '/__mocks/spam',
  '/__mocks/sessions',
  '/auth/v1/authenticate',
  '{order}',
];
const PARAMS = ['projectId', 'st', 'sv', 'chainId', 'currency', 'forceUpdate', 'cursor', 'onramp', 'limit', 'amount', 'userAddress', 'from', 'to', 'gasPrice', 'tokenAddress', 'page', 'entries', 'chains', 'include', 'exclude', 'badge_type', 'search', 'apiVersion', 'zone'];

const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', '0x', '0x' + 'f'.repeat(40), 'eip155:31337', 'eip155:31337:0x' + '1'.repeat(40), 'eip155:99999999999999999999', '-1', '1e309', 'NaN', '%00', '../../etc', '<script>', '9'.repeat(90)),
);
const jsonValue = fc.jsonValue({ maxDepth: 3 });

async function assertSane(response: Response, what: string) {
  expect(response.status, what).toBeLessThan(500);
  if (response.status >= 400) {
    const body = (await response.json()) as { error?: unknown };
    expect(typeof body.error, what).toBe('string');
  } else {
    await response.arrayBuffer();
  }
}

let orderPath = '/onramp/buy/unknown/confirm';
beforeAll(async () => {
  // A pending order, so that its confirm route reads the random bodies instead of answering 404.
  const url = new URL('/v1/generators/onrampurl', inject('apiUrl'));
  url.searchParams.set('projectId', inject('projectId'));
  const response = await fetch(url, {
    method: 'POST',
    body: JSON.stringify({ destinationWallets: [{ address: '0x' + '2'.repeat(40), blockchains: [], assets: [] }], partnerUserId: 'x', defaultExperience: 'buy', presetCryptoAmount: 0.01 }),
  });
  const body = (await response.json()) as { url?: string };
  if (body.url) orderPath = `${new URL(body.url).pathname}/confirm`;
});

describe('robustness', () => {
  it('never answers 5xx to random GET parameters', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...GET_ROUTES), hostile, fc.dictionary(fc.constantFrom(...PARAMS), hostile, { maxKeys: 6 }), fc.boolean(), async (route, segment, params, withSdk) => {
        const url = new URL(route.replace('{x}', encodeURIComponent(segment) || 'x'), inject('apiUrl'));
        for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
        if (withSdk) {
          url.searchParams.set('projectId', inject('projectId'));
          url.searchParams.set('st', 'appkit');
          url.searchParams.set('sv', 'test');
        }
        await assertSane(await fetch(url), url.toString());
      }),
      { numRuns: 300, seed: 20261122 },
    );
  });

  it('never answers 5xx to random POST bodies', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POST_ROUTES), hostile, fc.oneof(jsonValue.map((v) => JSON.stringify(v)), fc.string({ maxLength: 60 }), fc.constantFrom('{bad', '{"amount":"x"}', 'amount=-1', '[]', 'null')), async (route, segment, body) => {
        const path = route === '{order}' ? orderPath : route.replace('{x}', encodeURIComponent(segment) || 'x');
        const url = new URL(path, inject('apiUrl'));
        url.searchParams.set('projectId', inject('projectId'));
        await assertSane(await fetch(url, { method: 'POST', body }), `${url} ${body}`);
      }),
      { numRuns: 200, seed: 20261122 },
    );
  });
});
