import type { WcWallet } from '../../../modal/src/api/directory-types.js';
import type { MocksContext } from '../context.js';
import { badRequest, notFound, type Router } from '../http.js';
import { parseIntInRange, requireObject } from '../validate.js';

interface EventRow {
  seq: number;
  project_id: string;
  event_id: string;
  origin: string | null;
  st: string | null;
  sv: string | null;
  body: string;
  received_at: string;
}

/** At most this many injected directory entries at a time. */
const MAX_INJECTED_ENTRIES = 50;

/** Endpoints for tests and developers under `/__mocks/` (not part of the hosted contract). */
export function adminRoutes(router: Router, ctx: MocksContext): void {
  const injected = new Set<WcWallet>();

  // Extra wallet-directory entries served first and verbatim (hostile links, images and names on purpose), so that a
  // test can check what the modal makes of a bad directory. Only `id` and `name` must be strings (the directory's
  // own filters read them, and `chains` when given).
  router.post('/__mocks/directory/entries', async (req) => {
    const body = requireObject(await req.body(), 'body');
    const entries = body.entries;
    if (!Array.isArray(entries) || entries.length === 0 || entries.length + injected.size > MAX_INJECTED_ENTRIES) {
      throw badRequest(`"entries" must be an array of 1 to ${MAX_INJECTED_ENTRIES - injected.size} wallet objects`, 'entries');
    }
    entries.forEach((entry: unknown, index) => {
      const wallet = requireObject(entry, `entries[${index}]`);
      if (typeof wallet.id !== 'string' || !/^[-\w.:]{1,128}$/.test(wallet.id)) throw badRequest(`"entries[${index}].id" must be 1-128 letters, digits, "-", "_", "." or ":"`, `entries[${index}].id`);
      if (typeof wallet.name !== 'string' || wallet.name.length > 200) throw badRequest(`"entries[${index}].name" must be a string of at most 200 characters`, `entries[${index}].name`);
      if (wallet.chains !== undefined && !(Array.isArray(wallet.chains) && wallet.chains.every((chain) => typeof chain === 'string'))) {
        throw badRequest(`"entries[${index}].chains" must be an array of strings`, `entries[${index}].chains`);
      }
    });
    const wallets = entries as WcWallet[];
    ctx.wallets.unshift(...wallets);
    wallets.forEach((wallet) => injected.add(wallet));
    ctx.directoryVersion += 1;
    return { json: { injected: wallets.length, ids: wallets.map((wallet) => wallet.id) } };
  });

  router.on('DELETE', '/__mocks/directory/entries', () => {
    const before = ctx.wallets.length;
    const kept = ctx.wallets.filter((wallet) => !injected.has(wallet));
    ctx.wallets.splice(0, ctx.wallets.length, ...kept);
    injected.clear();
    ctx.directoryVersion += 1;
    return { json: { removed: before - kept.length } };
  });

  router.get('/__mocks/health', async () => {
    const block = await ctx.publicClient.getBlockNumber().catch(() => undefined);
    return { json: { ok: block !== undefined, chainId: ctx.chainId, block: block === undefined ? null : Number(block), relayUrl: ctx.relayUrl } };
  });

  router.get('/__mocks/events', (req) => {
    const projectId = req.query.get('projectId');
    const event = req.query.get('event');
    const after = parseIntInRange(req.query.get('after'), 'after', 0, Number.MAX_SAFE_INTEGER, 0);
    const limit = parseIntInRange(req.query.get('limit'), 'limit', 1, 1000, 200);
    const rows = ctx.db
      .prepare('SELECT * FROM events WHERE seq > ? AND (? IS NULL OR project_id = ?) ORDER BY seq LIMIT ?')
      .all(after, projectId, projectId, limit) as EventRow[];
    const events = rows
      .map((row) => ({ seq: row.seq, projectId: row.project_id, origin: row.origin, st: row.st, sv: row.sv, receivedAt: row.received_at, body: JSON.parse(row.body) as Record<string, unknown> }))
      .filter((entry) => event === null || (entry.body.props as { event?: string } | undefined)?.event === event);
    return { json: { events } };
  });

  router.get('/__mocks/projects/:id', (req) => {
    const project = ctx.projects.get(req.params.id);
    if (!project) throw notFound(`unknown project id "${req.params.id}"`);
    return { json: project };
  });

  router.put('/__mocks/projects/:id', async (req) => {
    const id = req.params.id;
    if (!/^[-_a-zA-Z0-9]{1,64}$/.test(id)) throw badRequest('project id must be 1-64 letters, digits, "-" or "_"', 'id');
    const body = requireObject(await req.body(), 'body');
    return { json: ctx.projects.upsert(id, body) };
  });
}
