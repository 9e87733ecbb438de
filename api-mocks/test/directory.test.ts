import { describe, expect, inject, it } from 'vitest';
import type {
  AllowedOriginsResponse,
  AnalyticsConfigResponse,
  GetWalletsResponse,
  ProjectConfigResponse,
  ProjectLimitsResponse,
} from '../../modal/src/api/directory-types.js';
import { assetMarks } from '../src/asset-marks.js';
import { getJson, localChain, postJson, projectId, sdkUrl } from './helpers.js';

const wallets = (params: Record<string, string>, init?: RequestInit) => getJson<GetWalletsResponse>('/getWallets', params, init);

describe('GET /getWallets', () => {
  it('pages a deterministic directory of at least 400 wallets', async () => {
    const first = await wallets({ page: '1', entries: '40' });
    expect(first.status).toBe(200);
    expect(first.body.count).toBeGreaterThanOrEqual(400);
    expect(first.body.data).toHaveLength(40);
    const [top] = first.body.data;
    expect(top).toMatchObject({ name: 'Harbor Wallet', badge_type: 'certified', mobile_link: 'harbor://', rdns: 'example.harbor' });
    expect(top.id).toMatch(/^[0-9a-f]{64}$/);
    expect(top.chains).toContain(localChain());
    const second = await wallets({ page: '2', entries: '40' });
    expect(second.body.data[0].id).not.toBe(top.id);
    expect((await wallets({ page: '1', entries: '40' })).body).toEqual(first.body);
    const ids = new Set((await wallets({ page: '1', entries: '500' })).body.data.map((w) => w.id));
    expect(ids.size).toBe(first.body.count);
  });

  it('searches by name, filters by chains and badge, includes and excludes ids', async () => {
    const search = await wallets({ page: '1', entries: '10', search: 'kestrel' });
    expect(search.body.data.map((w) => w.name)).toEqual(['Kestrel']);
    expect(search.body.count).toBe(1);

    const solana = await wallets({ page: '1', entries: '500', chains: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' });
    expect(solana.body.count).toBeGreaterThan(0);
    expect(solana.body.data.every((w) => w.chains?.includes('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))).toBe(true);

    const certified = await wallets({ page: '1', entries: '500', badge_type: 'certified' });
    expect(certified.body.data.every((w) => w.badge_type === 'certified')).toBe(true);
    expect(certified.body.count).toBe(24);

    const top = (await wallets({ page: '1', entries: '3' })).body.data;
    const include = await wallets({ page: '1', entries: '10', include: `${top[0].id},${top[2].id}` });
    expect(include.body.data.map((w) => w.id)).toEqual([top[0].id, top[2].id]);
    const exclude = await wallets({ page: '1', entries: '2', exclude: top[0].id });
    expect(exclude.body.data.map((w) => w.id)).toEqual([top[1].id, top[2].id]);
  });

  it.each([
    [{ page: '0' }, 'page'],
    [{ entries: 'many' }, 'entries'],
    [{ chains: 'bsc' }, 'chains'],
    [{ include: 'abc' }, 'include'],
    [{ badge_type: 'gold' }, 'badge_type'],
  ])('answers 400 for %j', async (query, field) => {
    const { status, body } = await getJson<{ field: string }>('/getWallets', query);
    expect(status).toBe(400);
    expect(body.field).toBe(field);
  });
});

describe('origin allow-list and project ids', () => {
  it('accepts the default loopback origins on any port, with CORS headers', async () => {
    const { status, headers } = await wallets({ page: '1', entries: '1' }, { headers: { origin: 'http://localhost:5173' } });
    expect(status).toBe(200);
    expect(headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect((await wallets({ page: '1', entries: '1' }, { headers: { origin: 'http://127.0.0.1:41234' } })).status).toBe(200);
  });

  it('answers 403 for an origin that is not allowed, readable by the page (CORS headers)', async () => {
    const response = await fetch(sdkUrl('/getAnalyticsConfig'), { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://evil.example');
    expect(await response.json()).toEqual({ error: `origin https://evil.example is not allowed for project "${projectId()}"` });
  });

  it('answers 403 for an unknown project id on directory, analytics and config routes', async () => {
    for (const path of ['/getWallets', '/getAnalyticsConfig', '/appkit/v1/config', '/appkit/v1/project-limits', '/projects/v1/origins']) {
      const response = await fetch(new URL(`${path}?projectId=unknown-project&st=appkit&sv=1`, inject('apiUrl')));
      expect(response.status, path).toBe(403);
    }
  });

  it('answers preflight requests', async () => {
    const response = await fetch(sdkUrl('/e'), {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type');
  });

  it('lets a test configure another project (origins, features, limits)', async () => {
    const put = await fetch(new URL('/__mocks/projects/limited-project', inject('apiUrl')), {
      method: 'PUT',
      body: JSON.stringify({ allowedOrigins: ['https://shop.example'], limits: { tier: 'starter', isAboveRpcLimit: true, isAboveMauLimit: false } }),
    });
    expect(put.status).toBe(200);
    const url = (path: string) => new URL(`${path}?projectId=limited-project&st=appkit&sv=1`, inject('apiUrl'));
    expect(await (await fetch(url('/projects/v1/origins'))).json()).toEqual({ allowedOrigins: ['https://shop.example'] });
    expect(await (await fetch(url('/appkit/v1/project-limits'))).json()).toEqual({ planLimits: { tier: 'starter', isAboveRpcLimit: true, isAboveMauLimit: false } });
    expect((await fetch(url('/getWallets'), { headers: { origin: 'http://localhost:5173' } })).status).toBe(403);
    const bad = await fetch(new URL('/__mocks/projects/limited-project', inject('apiUrl')), { method: 'PUT', body: JSON.stringify({ limits: { tier: 'gold' } }) });
    expect(bad.status).toBe(400);
  });
});

describe('images', () => {
  it('serves a generated SVG for a wallet image id and 404 for an unknown one', async () => {
    const [wallet] = (await wallets({ page: '1', entries: '1' })).body.data;
    const response = await fetch(sdkUrl(`/getWalletImage/${wallet.image_id}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('aria-label="Harbor Wallet"');
    expect((await fetch(sdkUrl('/getWalletImage/00000000-0000-0000-0000-000000000000'))).status).toBe(404);
  });

  it.each(['/public/getAssetImage/eip155:56', '/public/getTokenImage/BNB', '/public/getCurrencyImage/USD'])('serves %s as SVG', async (path) => {
    const response = await fetch(sdkUrl(path));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toContain('</svg>');
  });

  const svgOf = async (path: string) => {
    const response = await fetch(sdkUrl(path));
    expect(response.status, path).toBe(200);
    return response.text();
  };
  /** The text a generated image shows (its label), or undefined for a mark. */
  const textOf = (svg: string) => /<text[^>]*>([^<]*)<\/text>/.exec(svg)?.[1];

  it("draws the local chain with the mark of its coin's chain (BNB Chain), named by the network's name", async () => {
    const svg = await svgOf(`/public/getAssetImage/${localChain()}`);
    expect(svg).toContain('aria-label="BSC Local"');
    expect(svg).toContain(`d="${assetMarks.bnb.path}"`);
    expect(textOf(svg)).toBeUndefined();
    expect(svg).not.toContain('EIP');
  });

  it.each([
    ['eip155:56', 'BNB Smart Chain', 'bnb'],
    ['eip155:97', 'BNB Smart Chain Testnet', 'bnb'],
    ['eip155:1', 'Ethereum', 'ethereum'],
    ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana', 'solana'],
  ] as const)('draws network %s with its mark', async (id, name, mark) => {
    const svg = await svgOf(`/public/getAssetImage/${id}`);
    expect(svg).toContain(`aria-label="${name}"`);
    expect(svg).toContain(`d="${assetMarks[mark].path}"`);
  });

  it('labels a chain without a mark by its reference, an NFT by its number and another asset by its initials', async () => {
    expect(textOf(await svgOf('/public/getAssetImage/eip155:8453'))).toBe('8453');
    expect(textOf(await svgOf('/public/getAssetImage/nft-4'))).toBe('#4');
    expect(textOf(await svgOf('/public/getAssetImage/local-exchange'))).toBe('LE');
  });

  it('draws coins with their marks, and a coin without one by its ticker', async () => {
    const bnb = await svgOf('/public/getTokenImage/BNB');
    const usdt = await svgOf('/public/getTokenImage/USDT');
    expect(bnb).toContain(`d="${assetMarks.bnb.path}"`);
    expect(usdt).toContain(`d="${assetMarks.tether.path}"`);
    // The BNB coin and the BSC network beside it in the Account view look apart (white on yellow, yellow on black).
    expect(bnb).not.toBe(await svgOf(`/public/getAssetImage/${localChain()}`));
    expect(textOf(await svgOf('/public/getTokenImage/USDC'))).toBe('USDC');
    expect(textOf(await svgOf('/public/getTokenImage/MBT'))).toBe('MBT');
    expect(await svgOf('/public/getTokenImage/MBT')).not.toBe(await svgOf('/public/getTokenImage/MUSD'));
  });

  it('draws a currency by its sign, or its code where it has none', async () => {
    expect(textOf(await svgOf('/public/getCurrencyImage/USD'))).toBe('$');
    expect(textOf(await svgOf('/public/getCurrencyImage/EUR'))).toBe('€');
    expect(textOf(await svgOf('/public/getCurrencyImage/GBP'))).toBe('£');
    expect(textOf(await svgOf('/public/getCurrencyImage/CHF'))).toBe('CHF');
  });

  it('answers 400 for an image id with forbidden characters', async () => {
    expect((await fetch(sdkUrl('/public/getTokenImage/%3Cscript%3E'))).status).toBe(400);
  });
});

describe('analytics', () => {
  it('reports analytics enabled', async () => {
    const { status, body } = await getJson<AnalyticsConfigResponse>('/getAnalyticsConfig');
    expect(status).toBe(200);
    expect(body).toEqual({ isAnalyticsEnabled: true });
  });

  it('stores POST /e events (any Content-Type) and shows them at /__mocks/events', async () => {
    const eventId = `evt-${Date.now()}`;
    const event = { eventId, url: 'http://localhost:5173/', domain: 'localhost', timestamp: Date.now(), props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } } };
    const response = await fetch(sdkUrl('/e'), { method: 'POST', body: JSON.stringify(event), headers: { origin: 'http://localhost:5173', 'content-type': 'text/plain' } });
    expect(response.status).toBe(202);
    const { body } = await getJson<{ events: { projectId: string; origin: string; body: typeof event }[] }>('/__mocks/events', { event: 'MODAL_OPEN' });
    const stored = body.events.find((e) => e.body.eventId === eventId);
    expect(stored).toMatchObject({ projectId: projectId(), origin: 'http://localhost:5173', body: event });
  });

  it('answers 400 for an event without eventId or with a non-JSON body', async () => {
    expect((await postJson<{ field: string }>('/e', { props: {} }, { projectId: projectId() })).body.field).toBe('eventId');
    expect((await postJson('/e', 'not json', { projectId: projectId() })).status).toBe(400);
  });
});

describe('project configuration', () => {
  it('GET /appkit/v1/config lists the remote features', async () => {
    const { status, body } = await getJson<ProjectConfigResponse>('/appkit/v1/config');
    expect(status).toBe(200);
    expect(body.features.map((f) => f.id).sort()).toEqual(
      ['activity', 'email_capture', 'fund_from_exchange', 'headless', 'multi_wallet', 'onramp', 'payments', 'reown_authentication', 'reown_branding', 'social_login', 'swap'],
    );
    expect(body.features.find((f) => f.id === 'swap')).toEqual({ id: 'swap', isEnabled: true, config: ['1inch'] });
  });

  it('GET /appkit/v1/project-limits and /projects/v1/origins', async () => {
    expect((await getJson<ProjectLimitsResponse>('/appkit/v1/project-limits')).body).toEqual({ planLimits: { tier: 'none', isAboveRpcLimit: false, isAboveMauLimit: false } });
    expect((await getJson<AllowedOriginsResponse>('/projects/v1/origins')).body).toEqual({ allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'] });
  });

  it('answers 400 without a project id', async () => {
    const response = await fetch(new URL('/appkit/v1/config', inject('apiUrl')));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'missing query parameter "projectId"', field: 'projectId' });
  });
});

describe('/__mocks/directory/entries (hostile entries for the modal\'s tests)', () => {
  const chain = 'eip155:424242';
  const hostile = {
    id: 'e'.repeat(64),
    name: '<img src=x onerror=alert(1)>',
    mobile_link: 'javascript://%0aalert(document.domain);//',
    image_url: 'data:text/html,<script>alert(1)</script>',
    chains: [chain],
    unknown_field: { nested: true },
  };
  const url = new URL('/__mocks/directory/entries', inject('apiUrl'));

  it('serves injected entries first and verbatim until they are removed', async () => {
    try {
      const added = await postJson<{ injected: number }>('/__mocks/directory/entries', { entries: [hostile] });
      expect(added).toEqual({ status: 200, body: { injected: 1, ids: [hostile.id] } });
      const served = await wallets({ page: '1', entries: '40', chains: chain });
      expect(served.body).toEqual({ data: [hostile], count: 1 });
      expect((await wallets({ page: '1', entries: '1' })).body.data[0]).toEqual(hostile);
    } finally {
      const removed = await fetch(url, { method: 'DELETE' });
      expect(await removed.json()).toEqual({ removed: 1 });
    }
    expect((await wallets({ page: '1', entries: '40', chains: chain })).body).toEqual({ data: [], count: 0 });
    expect((await wallets({ page: '1', entries: '1' })).body.data[0].name).toBe('Harbor Wallet');
  });

  it('answers 400 for entries the directory itself could not filter', async () => {
    for (const entries of [[], 'x', [{ id: 'a', name: 5 }], [{ id: '', name: 'A' }], [{ id: 'a', name: 'A', chains: 'eip155:1' }], Array.from({ length: 51 }, (_, i) => ({ id: `w${i}`, name: 'W' }))]) {
      const answer = await postJson<{ error: string; field: string }>('/__mocks/directory/entries', { entries });
      expect(answer.status).toBe(400);
      expect(answer.body.field).toMatch(/^entries/);
    }
    expect((await wallets({ page: '1', entries: '1' })).body.data[0].name).toBe('Harbor Wallet');
  });
});

