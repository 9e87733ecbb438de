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

/** Endpoints for tests and developers under `/__mocks/` (not part of the hosted contract). */
export function adminRoutes(router: Router, ctx: MocksContext): void {
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
