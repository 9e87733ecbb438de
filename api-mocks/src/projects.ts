import type { Db } from './db.js';
import type { PlanTier, ProjectFeature, ProjectLimitsResponse } from '../../modal/src/api/directory-types.js';
import { forbidden, badRequest, type RequestContext } from './http.js';

/** Origins the default project accepts unless configured otherwise: any loopback port. */
export const DEFAULT_ALLOWED_ORIGINS = ['http://127.0.0.1:*', 'http://localhost:*'];

/** Remote features the local project has, in the shape of `/appkit/v1/config`. */
export const DEFAULT_FEATURES: ProjectFeature[] = [
  { id: 'activity', isEnabled: true, config: null },
  { id: 'onramp', isEnabled: true, config: ['coinbase'] },
  { id: 'swap', isEnabled: true, config: ['1inch'] },
  { id: 'social_login', isEnabled: false, config: null },
  { id: 'email_capture', isEnabled: false, config: null },
  { id: 'reown_branding', isEnabled: true, config: null },
  { id: 'multi_wallet', isEnabled: false, config: null },
  { id: 'fund_from_exchange', isEnabled: true, config: null },
  { id: 'payments', isEnabled: false, config: null },
  { id: 'reown_authentication', isEnabled: false, config: null },
  { id: 'headless', isEnabled: false, config: null },
];

export interface Project {
  id: string;
  allowedOrigins: string[];
  features: ProjectFeature[];
  limits: ProjectLimitsResponse['planLimits'];
  analyticsEnabled: boolean;
}

interface ProjectRow {
  id: string;
  allowed_origins: string;
  features: string | null;
  limits: string | null;
  analytics_enabled: number;
}

const DEFAULT_LIMITS: Project['limits'] = { tier: 'none', isAboveRpcLimit: false, isAboveMauLimit: false };
const TIERS: PlanTier[] = ['none', 'starter', 'pro', 'enteprise'];

/** `http://127.0.0.1:*` style pattern -> RegExp (`*` matches within one URL part). */
function originPattern(pattern: string): RegExp {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
  return new RegExp(`^${source}$`);
}

export function isOriginAllowed(origin: string, allowed: string[]): boolean {
  return allowed.some((pattern) => pattern === '*' || originPattern(pattern).test(origin));
}

/** Projects (id, allowed origins, remote features, plan limits), kept in SQLite. */
export class ProjectStore {
  private readonly cache = new Map<string, Project | null>();

  constructor(private readonly db: Db) {}

  /** Makes sure the configured project exists with the configured origins. */
  ensure(id: string, allowedOrigins: string[]): void {
    this.db
      .prepare('INSERT INTO projects (id, allowed_origins) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET allowed_origins = excluded.allowed_origins')
      .run(id, JSON.stringify(allowedOrigins));
    this.cache.delete(id);
  }

  get(id: string): Project | undefined {
    if (this.cache.has(id)) return this.cache.get(id) ?? undefined;
    const row = this.db.prepare('SELECT * FROM projects WHERE id = ?').get(id) as ProjectRow | undefined;
    const project = row
      ? {
          id: row.id,
          allowedOrigins: JSON.parse(row.allowed_origins) as string[],
          features: row.features ? (JSON.parse(row.features) as ProjectFeature[]) : DEFAULT_FEATURES,
          limits: row.limits ? (JSON.parse(row.limits) as Project['limits']) : DEFAULT_LIMITS,
          analyticsEnabled: row.analytics_enabled === 1,
        }
      : null;
    this.cache.set(id, project);
    return project ?? undefined;
  }

  /** Whether some project allows `origin` (the pages that may embed the wallet's frame). */
  allowsAnywhere(origin: string): boolean {
    const rows = this.db.prepare('SELECT allowed_origins FROM projects').all() as { allowed_origins: string }[];
    return rows.some((row) => isOriginAllowed(origin, JSON.parse(row.allowed_origins) as string[]));
  }

  /** Creates or changes a project (admin endpoint `PUT /__mocks/projects/{id}`). */
  upsert(id: string, change: { allowedOrigins?: unknown; features?: unknown; limits?: unknown; analyticsEnabled?: unknown }): Project {
    const current = this.get(id);
    const allowedOrigins = change.allowedOrigins ?? current?.allowedOrigins ?? [];
    if (!Array.isArray(allowedOrigins) || !allowedOrigins.every((origin) => typeof origin === 'string')) {
      throw badRequest('"allowedOrigins" must be an array of origin strings', 'allowedOrigins');
    }
    const features = change.features ?? current?.features ?? DEFAULT_FEATURES;
    if (!Array.isArray(features) || !features.every((f) => typeof f === 'object' && f !== null && typeof f.id === 'string' && typeof f.isEnabled === 'boolean')) {
      throw badRequest('"features" must be an array of {id, isEnabled, config}', 'features');
    }
    const limits = (change.limits ?? current?.limits ?? DEFAULT_LIMITS) as Project['limits'];
    if (typeof limits !== 'object' || limits === null || !TIERS.includes(limits.tier) || typeof limits.isAboveRpcLimit !== 'boolean' || typeof limits.isAboveMauLimit !== 'boolean') {
      throw badRequest(`"limits" must be {tier: ${TIERS.join('|')}, isAboveRpcLimit: boolean, isAboveMauLimit: boolean}`, 'limits');
    }
    const analyticsEnabled = change.analyticsEnabled ?? current?.analyticsEnabled ?? true;
    if (typeof analyticsEnabled !== 'boolean') throw badRequest('"analyticsEnabled" must be a boolean', 'analyticsEnabled');
    this.db
      .prepare(
        `INSERT INTO projects (id, allowed_origins, features, limits, analytics_enabled) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET allowed_origins = excluded.allowed_origins, features = excluded.features,
         limits = excluded.limits, analytics_enabled = excluded.analytics_enabled`,
      )
      .run(id, JSON.stringify(allowedOrigins), JSON.stringify(features), JSON.stringify(limits), analyticsEnabled ? 1 : 0);
    this.cache.delete(id);
    return this.get(id) as Project;
  }

  /**
   * The project a directory/analytics/config request names, or a 403 when the project id is
   * unknown or the request's Origin is not on its allow-list (requests without Origin pass).
   */
  authorize(ctx: RequestContext): Project {
    const projectId = ctx.query.get('projectId');
    if (projectId === null || projectId === '') throw badRequest('missing query parameter "projectId"', 'projectId');
    const project = this.get(projectId);
    if (!project) throw forbidden(`unknown project id "${projectId}"`);
    if (ctx.origin !== undefined && !isOriginAllowed(ctx.origin, project.allowedOrigins)) {
      throw forbidden(`origin ${ctx.origin} is not allowed for project "${projectId}"`);
    }
    return project;
  }
}
