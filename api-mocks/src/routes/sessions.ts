import { randomBytes } from 'node:crypto';
import type { RevokeSessionResponse, SessionsResponse, SmartSession } from '../../../modal/src/api/blockchain-types.js';
import type { MocksContext } from '../context.js';
import { HttpError, badRequest, notFound, type Router } from '../http.js';
import { parseAddress, parseCaip10, parseHex, requireObject, requireParam, requireSdk, requireString } from '../validate.js';

interface SessionRow {
  pci: string;
  account: string;
  address: string;
  expiry: number;
  permissions: string;
  policies: string;
  created_at: string;
  revoked_at: string | null;
}

function toSession(row: SessionRow): SmartSession {
  return {
    pci: row.pci,
    expiry: row.expiry,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    permissions: JSON.parse(row.permissions) as SmartSession['permissions'],
    policies: JSON.parse(row.policies) as SmartSession['policies'],
  };
}

/**
 * Smart sessions: listed by account, revoked with a signature of the `pci` text by the account's
 * address. Sessions are created through the admin endpoint `POST /__mocks/sessions`.
 */
export function sessionRoutes(router: Router, ctx: MocksContext): void {
  router.get('/v1/sessions/:account', (req) => {
    const account = parseCaip10(req.params.account, 'account');
    requireSdk(req.query);
    const rows = ctx.db.prepare('SELECT * FROM sessions WHERE account = ? ORDER BY created_at, pci').all(account.caip10) as SessionRow[];
    const body: SessionsResponse = { address: account.caip10, sessions: rows.map(toSession) };
    return { json: body };
  });

  router.post('/v1/sessions/:address/revoke', async (req) => {
    const address = parseAddress(req.params.address, 'address');
    requireParam(req.query, 'projectId');
    const body = requireObject(await req.body(), 'body');
    const pci = requireString(body.pci, 'pci');
    const signature = parseHex(body.signature, 'signature');
    const row = ctx.db.prepare('SELECT * FROM sessions WHERE pci = ? AND address = ?').get(pci, address) as SessionRow | undefined;
    if (!row) throw notFound(`no session ${pci} for ${address}`);
    // Through the chain, so a smart account's signature (ERC-1271 or ERC-6492) revokes as well as an EOA's.
    const valid = await ctx.publicClient.verifyMessage({ address, message: pci, signature }).catch(() => false);
    if (!valid) throw new HttpError(401, { error: `the signature is not ${address}'s signature of the pci`, field: 'signature' });
    const revokedAt = row.revoked_at ?? new Date().toISOString();
    ctx.db.prepare('UPDATE sessions SET revoked_at = ? WHERE pci = ?').run(revokedAt, pci);
    const response: RevokeSessionResponse = { pci, revokedAt };
    return { json: response };
  });

  router.post('/__mocks/sessions', async (req) => {
    const body = requireObject(await req.body(), 'body');
    const account = parseCaip10(body.account, 'account');
    const pci = body.pci === undefined ? `0x${randomBytes(16).toString('hex')}` : requireString(body.pci, 'pci');
    const expiry = body.expiry === undefined ? Math.floor(Date.now() / 1000) + 86_400 : body.expiry;
    if (typeof expiry !== 'number' || !Number.isInteger(expiry) || expiry <= 0) throw badRequest('"expiry" must be unix seconds', 'expiry');
    const permissions = body.permissions ?? [{ type: 'contract-call', data: { address: ctx.deployment.presale, functions: ['mint'] } }];
    const policies = body.policies ?? [];
    if (!Array.isArray(permissions) || !Array.isArray(policies)) throw badRequest('"permissions" and "policies" must be arrays', 'permissions');
    const created = new Date().toISOString();
    const result = ctx.db
      .prepare('INSERT OR IGNORE INTO sessions (pci, account, address, expiry, permissions, policies, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(pci, account.caip10, account.address, expiry, JSON.stringify(permissions), JSON.stringify(policies), created);
    if (result.changes === 0) throw new HttpError(409, { error: `session ${pci} exists`, field: 'pci' });
    return { status: 201, json: toSession(ctx.db.prepare('SELECT * FROM sessions WHERE pci = ?').get(pci) as SessionRow) };
  });
}
