import { createHash, randomBytes } from 'node:crypto';
import { AbiCoder, JsonRpcProvider, concat, dataLength, dataSlice, hashMessage } from 'ethers';
import { SiweMessage, type SiweResponse } from 'siwe';
import { erc6492CheckBytecode } from '../../../contracts/generated/erc6492Check.js';
import type { Hex } from 'viem';
import { generateSiweNonce, parseSiweMessage, verifySiweMessage } from 'viem/siwe';
import type { AuthAuthenticateResponse, AuthMeResponse, AuthNonceResponse } from '../../../modal/src/api/auth-types.js';
import type { MocksContext } from '../context.js';
import { HttpError, badRequest, forbidden, type RequestContext, type Router } from '../http.js';
import { isOriginAllowed } from '../projects.js';
import { decodeSolanaSignature, isSolanaSignInMessage, parseSolanaSignInMessage, verifySolanaSignIn } from '../solana/siwx.js';
import { parseHex, requireObject, requireSdk, requireString } from '../validate.js';

/** How long a sign-in nonce stays valid (it is also spent by the first attempt that uses it). */
export const NONCE_TTL_MS = 5 * 60_000;
/** Lifetime of a session whose message names no expiration time, and the longest any session lives. */
export const DEFAULT_SESSION_MS = 24 * 3_600_000;
export const MAX_SESSION_MS = 7 * 24 * 3_600_000;
/** Clock difference tolerated between the wallet's `Issued At` and the server. */
const CLOCK_SKEW_MS = 60_000;

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
  chain_id: number | string;
  metadata: string;
  expires_at: number;
}

const refused = (error: string, field = 'message') => new HttpError(401, { error, field });

/** Session tokens are kept only as SHA-256 hashes: the database (and its WAL) holds nothing a request can replay. */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const ERC6492_SUFFIX = '6492'.repeat(16);

/**
 * The ethers side's ERC-6492 check (the siwe package has none): the signature of a smart account that is not deployed
 * yet carries its factory call; `Erc6492Check` (contracts/src/dev) runs it and ERC-1271 inside one `eth_call`.
 */
async function checkErc6492WithEthers(provider: JsonRpcProvider, message: SiweMessage, signature: Hex): Promise<SiweResponse> {
  const args = AbiCoder.defaultAbiCoder().encode(['address', 'bytes32', 'bytes'], [message.address, hashMessage(message.prepareMessage()), signature]);
  const verdict = await provider.call({ data: concat([erc6492CheckBytecode, args]) });
  return { success: verdict === '0x01', data: message };
}

/**
 * Two independent checks of one signed EIP-4361 message: the `siwe` package (its ABNF parser, ethers for the
 * signature, for EIP-1271 through the node, and for ERC-6492 through `checkErc6492WithEthers`) and viem
 * (`verifySiweMessage`: EOA, EIP-1271 and ERC-6492 through the node). Both must accept; a disagreement is refused
 * and reported.
 */
async function verifyTwice(ctx: MocksContext, message: string, signature: Hex, expected: { domain: string; nonce: string }): Promise<void> {
  const provider = new JsonRpcProvider(ctx.rpcUrl, ctx.chainId, { staticNetwork: true });
  try {
    // The siwe parser (ABNF) may refuse a text viem's parser accepted: a refusal too, not a server error.
    let siweParsed = true;
    const checkWithSiwe = async () => {
      let parsed: SiweMessage;
      try {
        parsed = new SiweMessage(message);
      } catch {
        siweParsed = false;
        return false;
      }
      if (!signature.toLowerCase().endsWith(ERC6492_SUFFIX)) {
        return (await parsed.verify({ signature, domain: expected.domain, nonce: expected.nonce }, { provider: provider as never, suppressExceptions: true })).success;
      }
      // siwe still checks the fields; it is handed the wrapped 65-byte signature (which it cannot match to the
      // undeployed account), and its fallback gives the verdict on the whole ERC-6492 signature.
      const [, , inner] = AbiCoder.defaultAbiCoder().decode(['address', 'bytes', 'bytes'], dataSlice(signature, 0, dataLength(signature) - 32)) as unknown as [string, string, string];
      const verificationFallback = () => checkErc6492WithEthers(provider, parsed, signature);
      return (await parsed.verify({ signature: inner, domain: expected.domain, nonce: expected.nonce }, { provider: provider as never, suppressExceptions: true, verificationFallback })).success;
    };
    const [bySiwe, byViem] = await Promise.all([
      checkWithSiwe().catch(() => false),
      verifySiweMessage(ctx.publicClient, { message, signature, domain: expected.domain, nonce: expected.nonce }).catch(() => false),
    ]);
    if (bySiwe !== byViem) console.warn(`sign-in: siwe says ${bySiwe}, viem says ${byViem} for one message; refused`);
    if (!siweParsed) throw refused('the message is not EIP-4361 for the siwe parser');
    if (!bySiwe || !byViem) throw refused("the signature is not the message's account's (checked as an EOA, as an EIP-1271 contract wallet and as an ERC-6492 counterfactual one)", 'signature');
  } finally {
    provider.destroy();
  }
}

/**
 * The optional sign-in service (row 33): a single-use nonce, SIWE authentication with the wallet's signature (EOA or
 * EIP-1271 contract wallet on the local chain; domain and URI on the project's allowed origins; expiry enforced),
 * the signed-in account and its metadata, and sign-out. E-mail OTP is not offered locally (501).
 */
/**
 * The origin of the page that sends a request: its `Origin` header, or, for a same-origin GET (browsers send no
 * `Origin` there, but do with the POST that follows), this service's own origin as the browser's `Sec-Fetch-Site`
 * tells it. A program sends neither: undefined.
 */
function requestOrigin(req: RequestContext): string | undefined {
  if (req.origin !== undefined) return req.origin;
  const host = req.req.headers.host;
  return req.req.headers['sec-fetch-site'] === 'same-origin' && host ? `http://${host}` : undefined;
}

export function authRoutes(router: Router, ctx: MocksContext, settings: { nonceTtlMs?: number } = {}): void {
  const nonceTtlMs = settings.nonceTtlMs ?? NONCE_TTL_MS;
  const session = (req: RequestContext): SessionRow => {
    const token = tokenHash(bearer(req.req.headers.authorization, 'authorization'));
    const row = ctx.db.prepare('SELECT * FROM auth_sessions WHERE token = ?').get(token) as SessionRow | undefined;
    if (!row) throw new HttpError(401, { error: 'unknown or signed-out session token' });
    if (row.expires_at <= Date.now()) {
      ctx.db.prepare('DELETE FROM auth_sessions WHERE token = ?').run(token);
      throw new HttpError(401, { error: 'the session expired; sign in again' });
    }
    return row;
  };
  const me = (row: SessionRow): AuthMeResponse => ({ address: row.address, chainId: row.chain_id, metadata: JSON.parse(row.metadata) as Record<string, unknown> });

  router.get('/auth/v1/nonce', (req) => {
    // The nonce belongs to the project and the origin that ask for it (a page's Origin; none for a program): only they
    // redeem it, for a message of that origin.
    requireSdk(req.query);
    const project = ctx.projects.authorize(req);
    const nonce = generateSiweNonce();
    const token = randomBytes(24).toString('base64url');
    ctx.db.prepare('DELETE FROM auth_nonces WHERE expires_at < ?').run(Date.now());
    ctx.db
      .prepare('INSERT INTO auth_nonces (token, nonce, expires_at, project_id, origin) VALUES (?, ?, ?, ?, ?)')
      .run(tokenHash(token), nonce, Date.now() + nonceTtlMs, project.id, requestOrigin(req) ?? null);
    const body: AuthNonceResponse = { nonce, token };
    return { json: body };
  });

  router.post('/auth/v1/authenticate', async (req) => {
    const { projectId } = requireSdk(req.query);
    const project = ctx.projects.get(projectId);
    if (!project) throw forbidden(`unknown project id "${projectId}"`);
    const nonceToken = bearer(req.req.headers['x-nonce-jwt'], 'x-nonce-jwt');
    const body = requireObject(await req.body(), 'body');
    const message = requireString(body.message, 'message');
    const solana = isSolanaSignInMessage(message);
    const signature = solana ? decodeSolanaSignature(body.signature) : parseHex(body.signature, 'signature');
    if (!signature) throw badRequest('"signature" must be the 64-byte Ed25519 signature in base58 (or 0x-hex)', 'signature');
    // Single use: the first attempt spends the nonce, whatever its outcome.
    const stored = ctx.db.prepare('DELETE FROM auth_nonces WHERE token = ? RETURNING nonce, expires_at, project_id, origin').get(tokenHash(nonceToken)) as
      | { nonce: string; expires_at: number; project_id: string | null; origin: string | null }
      | undefined;
    if (!stored || stored.expires_at < Date.now()) throw refused('the nonce is unknown, spent or expired; fetch a new nonce', 'x-nonce-jwt');
    if (stored.project_id !== projectId) throw refused(`the nonce was issued for another project than "${projectId}"`, 'x-nonce-jwt');
    if ((stored.origin ?? undefined) !== requestOrigin(req)) {
      throw refused(`the nonce was issued to ${stored.origin ?? 'a client without an origin'}, not to ${requestOrigin(req) ?? 'a client without an origin'}`, 'x-nonce-jwt');
    }

    let fields: { address: string; chainId: number | string; domain: string; scheme?: string; uri: string; nonce: string; issuedAt?: Date; notBefore?: Date; expirationTime?: Date };
    if (solana) {
      let parsed;
      try {
        parsed = parseSolanaSignInMessage(message);
      } catch (error) {
        throw badRequest(`"message" is not a Solana sign-in message: ${(error as Error).message}`, 'message');
      }
      const chain = ctx.solana?.caip2;
      if (!chain) throw badRequest('this service has no Solana chain to verify accounts on', 'message');
      const reference = chain.slice('solana:'.length);
      if (parsed.chainId !== reference && parsed.chainId !== chain) throw badRequest(`the message is for Solana chain ${parsed.chainId}; this service verifies accounts on ${chain}`, 'message');
      fields = { ...parsed, chainId: chain };
    } else {
      const siwe = parseSiweMessage(message);
      if (!siwe.address || siwe.chainId === undefined || !siwe.domain || !siwe.uri || !siwe.nonce) {
        throw badRequest('"message" is not an EIP-4361 sign-in message (domain, address, URI, chain id and nonce are required)', 'message');
      }
      if (siwe.chainId !== ctx.chainId) throw badRequest(`the message is for chain ${siwe.chainId}; this service verifies accounts on chain ${ctx.chainId}`, 'message');
      fields = { address: siwe.address, chainId: siwe.chainId, domain: siwe.domain, uri: siwe.uri, nonce: siwe.nonce, issuedAt: siwe.issuedAt, notBefore: siwe.notBefore, expirationTime: siwe.expirationTime };
      if (siwe.scheme !== undefined) fields.scheme = siwe.scheme;
    }
    if (fields.nonce !== stored.nonce) throw refused('the message carries another nonce than the one issued');
    let uri: URL;
    try {
      uri = new URL(fields.uri);
    } catch {
      throw badRequest('the message\'s URI is not a URL', 'message');
    }
    if (uri.host !== fields.domain) throw refused(`the message's domain ${fields.domain} is not its URI's host ${uri.host}`);
    // The domain with its scheme (the message's own, else the URI's) is the origin the signature is for.
    const scheme = fields.scheme ?? uri.protocol.slice(0, -1);
    const domainOrigin = `${scheme}://${fields.domain}`;
    if (scheme !== uri.protocol.slice(0, -1)) throw refused(`the message's scheme ${scheme} is not its URI's ${uri.protocol.slice(0, -1)}`);
    if (!isOriginAllowed(domainOrigin, project.allowedOrigins)) throw refused(`the message's domain ${domainOrigin} is not an allowed origin of project "${projectId}"`);
    if (req.origin !== undefined && req.origin !== uri.origin) throw refused(`the request comes from ${req.origin}, the message names ${uri.origin}`);
    const now = Date.now();
    if (fields.issuedAt && fields.issuedAt.getTime() > now + CLOCK_SKEW_MS) throw refused('the message is issued in the future');
    if (fields.notBefore && fields.notBefore.getTime() > now) throw refused('the message is not valid yet (Not Before)');
    if (fields.expirationTime && fields.expirationTime.getTime() <= now) throw refused('the message expired (Expiration Time)');

    if (solana) {
      if (!verifySolanaSignIn(message, fields.address, signature as Uint8Array)) throw refused("the signature is not the message's Solana account's (Ed25519 over the message text)", 'signature');
    } else {
      await verifyTwice(ctx, message, signature as Hex, { domain: fields.domain, nonce: stored.nonce });
    }

    const expiresAt = Math.min(fields.expirationTime?.getTime() ?? now + DEFAULT_SESSION_MS, now + MAX_SESSION_MS);
    const token = randomBytes(32).toString('base64url');
    ctx.db
      .prepare('INSERT INTO auth_sessions (token, project_id, address, chain_id, metadata, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(tokenHash(token), projectId, fields.address, fields.chainId, '{}', new Date(now).toISOString(), expiresAt);
    const response: AuthAuthenticateResponse = { token };
    return { json: response };
  });

  router.get('/auth/v1/me', (req) => {
    requireSdk(req.query);
    return { json: me(session(req)) };
  });

  // Not in the hosted contract (its client only forgets the token): ends the session here too.
  router.on('DELETE', '/auth/v1/session', (req) => {
    requireSdk(req.query);
    const row = session(req);
    ctx.db.prepare('DELETE FROM auth_sessions WHERE token = ?').run(row.token);
    return { json: { signedOut: true } };
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
