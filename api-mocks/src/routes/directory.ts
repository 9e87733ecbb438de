import type {
  AllowedOriginsResponse,
  AnalyticsConfigResponse,
  GetWalletsResponse,
  ProjectConfigResponse,
  ProjectLimitsResponse,
} from '../../../modal/src/api/directory-types.js';
import type { MocksContext } from '../context.js';
import { badRequest, notFound, type Router } from '../http.js';
import { assetImageSvg, currencyImageSvg, tokenImageSvg } from '../asset-images.js';
import { iconSvg, SVG_CONTENT_TYPE } from '../images.js';
import { parseCaip2, parseIntInRange, requireObject, requireString } from '../validate.js';
import { queryWallets } from '../wallets.js';

const IMAGE_HEADERS = { 'Cache-Control': 'public, max-age=86400' };

function list(value: string | null): string[] | undefined {
  if (value === null || value.trim() === '') return undefined;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function walletIds(value: string | null, field: string): string[] | undefined {
  const ids = list(value);
  for (const id of ids ?? []) {
    if (!/^[0-9a-f]{64}$/i.test(id)) throw badRequest(`"${field}" must be comma-separated wallet ids (64 hex digits), got "${id}"`, field);
  }
  return ids?.map((id) => id.toLowerCase());
}

/** Answers of the directory by query (the data set never changes while the server runs). */
const MAX_CACHED_PAGES = 2000;

/** Wallet directory, images, analytics and project configuration (the hosted api.web3modal.org). */
export function directoryRoutes(router: Router, ctx: MocksContext): void {
  const pages = new Map<string, string>();

  router.get('/getWallets', (req) => {
    ctx.projects.authorize(req);
    const q = req.query;
    const key = [...q.entries()]
      .filter(([name]) => name !== 'projectId' && name !== 'st' && name !== 'sv')
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, value]) => `${name}=${value}`)
      .join('&')
      .concat(`#${ctx.directoryVersion}`);
    const cached = pages.get(key);
    if (cached !== undefined) return { text: cached, contentType: 'application/json; charset=utf-8' };
    const chains = list(q.get('chains'));
    chains?.forEach((chain) => parseCaip2(chain, 'chains'));
    const badgeType = q.get('badge_type') ?? undefined;
    if (badgeType !== undefined && badgeType !== '' && badgeType !== 'none' && badgeType !== 'certified') {
      throw badRequest(`"badge_type" must be none or certified, got "${badgeType}"`, 'badge_type');
    }
    const search = q.get('search') ?? undefined;
    if (search !== undefined && search.length > 100) throw badRequest('"search" must be at most 100 characters', 'search');
    const body: GetWalletsResponse = queryWallets(ctx.wallets, {
      page: parseIntInRange(q.get('page'), 'page', 1, 100_000, 1),
      entries: parseIntInRange(q.get('entries'), 'entries', 1, 500, 40),
      chains,
      search,
      badgeType: badgeType || undefined,
      include: walletIds(q.get('include'), 'include'),
      exclude: walletIds(q.get('exclude'), 'exclude'),
      names: list(q.get('names')),
      rdns: list(q.get('rdns')),
    });
    const text = JSON.stringify(body);
    if (pages.size >= MAX_CACHED_PAGES) pages.clear();
    pages.set(key, text);
    return { text, contentType: 'application/json; charset=utf-8' };
  });

  router.get('/getWalletImage/:id', (req) => {
    ctx.projects.authorize(req);
    const wallet = ctx.walletsByImageId.get(req.params.id) ?? ctx.wallets.find((item) => item.id === req.params.id);
    if (!wallet) throw notFound(`no wallet image "${req.params.id}"`);
    return { text: iconSvg(wallet.id, wallet.name), contentType: SVG_CONTENT_TYPE, headers: IMAGE_HEADERS };
  });

  const local = { id: ctx.localChain, name: ctx.chain.name, nativeSymbol: ctx.chain.nativeCurrency.symbol };
  const imageRoute = (path: string, kind: string, draw: (id: string) => string) =>
    router.get(path, (req) => {
      ctx.projects.authorize(req);
      const id = req.params.id;
      if (!/^[-_.:a-zA-Z0-9]{1,100}$/.test(id)) throw badRequest(`"${kind}" must be 1-100 letters, digits, "-", "_", "." or ":", got "${id}"`, kind);
      return { text: draw(id), contentType: SVG_CONTENT_TYPE, headers: IMAGE_HEADERS };
    });
  imageRoute('/public/getAssetImage/:id', 'id', (id) => assetImageSvg(id, local));
  imageRoute('/public/getTokenImage/:id', 'symbol', tokenImageSvg);
  imageRoute('/public/getCurrencyImage/:id', 'code', currencyImageSvg);

  router.get('/getAnalyticsConfig', (req) => {
    const project = ctx.projects.authorize(req);
    const body: AnalyticsConfigResponse = { isAnalyticsEnabled: project.analyticsEnabled };
    return { json: body };
  });

  router.post('/e', async (req) => {
    const project = ctx.projects.authorize(req);
    const event = requireObject(await req.body(), 'body');
    const eventId = requireString(event.eventId, 'eventId');
    if (event.props !== undefined) requireObject(event.props, 'props');
    if (event.timestamp !== undefined && (typeof event.timestamp !== 'number' || !Number.isFinite(event.timestamp))) {
      throw badRequest('"timestamp" must be a number (milliseconds)', 'timestamp');
    }
    ctx.db
      .prepare('INSERT INTO events (project_id, event_id, origin, st, sv, body, received_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(project.id, eventId, req.origin ?? null, req.query.get('st'), req.query.get('sv'), JSON.stringify(event), new Date().toISOString());
    return { status: 202, json: { ok: true } };
  });

  router.get('/appkit/v1/config', (req) => {
    const project = ctx.projects.authorize(req);
    const body: ProjectConfigResponse = { features: project.features };
    return { json: body };
  });

  router.get('/appkit/v1/project-limits', (req) => {
    const project = ctx.projects.authorize(req);
    const body: ProjectLimitsResponse = { planLimits: project.limits };
    return { json: body };
  });

  router.get('/projects/v1/origins', (req) => {
    const project = ctx.projects.authorize(req);
    const body: AllowedOriginsResponse = { allowedOrigins: project.allowedOrigins };
    return { json: body };
  });
}
