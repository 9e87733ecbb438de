import { randomBytes } from 'node:crypto';
import { verifyMessage } from 'viem';
import { generateSiweNonce, parseSiweMessage } from 'viem/siwe';
import type { AuthAuthenticateResponse, AuthMeResponse, AuthNonceResponse } from '../../../modal/src/api/types.js';
import type { MocksContext } from '../context.js';
import { HttpError, badRequest, type RequestContext, type Router } from '../http.js';
import { parseHex, requireObject, requireSdk, requireString } from '../validate.js';

/** How long a sign-in nonce stays valid. */
const NONCE_TTL_MS = 5 * 60_000;

function bearer(value: string | string[] | undefined, header: string): string {
  const text = Array.isArray(value) ? value[0] : value;
  const found = /^Bearer ([-_.a-zA-Z0-9]{16,200})$/.exec(text ?? '');
  if (!found) throw new HttpError(401, { error: `missing or malformed "${header}: Bearer <token>" header`, field: header });
  return found[1];
}

interface SessionRow {
  token: string;
  project_id: string;
  address: string;
  chain_id: number;
  metadata: string;
}

/**
 * The optional sign-in service (row 33): a nonce, SIWE authentication with the wallet's signature,
 * the signed-in account and its metadata. E-mail OTP is not offered locally (501).
 */
export function authRoutes(router: Router, ctx: MocksContext): void {
  const session = (req: RequestContext): SessionRow => {
    const token = bearer(req.req.headers.authorization, 'authorization');
    const row = ctx.db.prepare('SELECT * FROM auth_sessions WHERE token = ?').get(token) as SessionRow | undefined;
    if (!row) throw new HttpError(401, { error: 'unknown or signed-out session token' });
    return row;
  };
  const me = (row: SessionRow): AuthMeResponse => ({ address: row.address, chainId: row.chain_id, metadata: JSON.parse(row.metadata) as Record<string, unknown> });

  router.get('/auth/v1/nonce', (req) => {
    requireSdk(req.query);
    const nonce = generateSiweNonce();
    const token = randomBytes(24).toString('base64url');
    ctx.db.prepare('DELETE FROM auth_nonces WHERE expires_at < ?').run(Date.now());
    ctx.db.prepare('INSERT INTO auth_nonces (token, nonce, expires_at) VALUES (?, ?, ?)').run(token, nonce, Date.now() + NONCE_TTL_MS);
    const body: AuthNonceResponse = { nonce, token };
    return { json: body };
  });

  router.post('/auth/v1/authenticate', async (req) => {
    const { projectId } = requireSdk(req.query);
    const nonceToken = bearer(req.req.headers['x-nonce-jwt'], 'x-nonce-jwt');
    const body = requireObject(await req.body(), 'body');
    const message = requireString(body.message, 'message');
    const signature = parseHex(body.signature, 'signature');
    const stored = ctx.db.prepare('SELECT nonce, expires_at FROM auth_nonces WHERE token = ?').get(nonceToken) as { nonce: string; expires_at: number } | undefined;
    if (!stored || stored.expires_at < Date.now()) throw new HttpError(401, { error: 'the nonce token is unknown or expired; fetch a new nonce', field: 'x-nonce-jwt' });
    const siwe = parseSiweMessage(message);
    if (!siwe.address || siwe.chainId === undefined) throw badRequest('"message" is not a sign-in message with an address and a chain id', 'message');
    if (siwe.nonce !== stored.nonce) throw badRequest('the message carries another nonce than the one issued', 'message');
    const valid = await verifyMessage({ address: siwe.address, message, signature }).catch(() => false);
    if (!valid) throw new HttpError(401, { error: `the signature is not ${siwe.address}'s`, field: 'signature' });
    ctx.db.prepare('DELETE FROM auth_nonces WHERE token = ?').run(nonceToken);
    const token = randomBytes(32).toString('base64url');
    ctx.db
      .prepare('INSERT INTO auth_sessions (token, project_id, address, chain_id, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(token, projectId, siwe.address, siwe.chainId, '{}', new Date().toISOString());
    const response: AuthAuthenticateResponse = { token };
    return { json: response };
  });

  router.get('/auth/v1/me', (req) => {
    requireSdk(req.query);
    return { json: me(session(req)) };
  });

  router.put('/auth/v1/account-metadata', async (req) => {
    requireSdk(req.query);
    const row = session(req);
    const body = requireObject(await req.body(), 'body');
    const metadata = requireObject(body.metadata, 'metadata');
    ctx.db.prepare('UPDATE auth_sessions SET metadata = ? WHERE token = ?').run(JSON.stringify(metadata), row.token);
    return { json: me({ ...row, metadata: JSON.stringify(metadata) }) };
  });

  const noOtp = () => {
    throw new HttpError(501, { error: 'e-mail one-time codes are not available on the local stack' });
  };
  router.post('/auth/v1/otp', noOtp);
  router.put('/auth/v1/otp', noOtp);
}
