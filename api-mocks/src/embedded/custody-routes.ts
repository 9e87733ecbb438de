import { timingSafeEqual } from 'node:crypto';
import { verifyMessage, type Hex } from 'viem';
import { badRequest, forbidden, HttpError, type Handler, type RequestContext } from '../http.js';
import type { CustodyStore } from './custody-store.js';
import type { Argon2Params, AuthSharePurpose, CustodyBundle, DevicesResponse, Manifest, Sealed } from './custody-types.js';
import { deleteMasterKey } from './keys.js';
import { parseManifest, sha256Hex } from './manifest.js';
import { codeProblem, jsonBody, requireString } from './request.js';
import type { EmbeddedStore, MailSender, SessionRow } from './store.js';

/** A signed-in session with its token. */
export type Session = SessionRow & { token: string };

/** What the custody and passkey routes get from the service. */
export interface CustodyRouteContext {
  router: { get(path: string, handler: Handler): unknown; post(path: string, handler: Handler): unknown };
  store: EmbeddedStore;
  custody: CustodyStore;
  sessionOf(ctx: RequestContext): Session;
  dataDir: string;
  now(): number;
  /** The welcome grant of an account that just got its address. */
  grantWelcome(address: string): Promise<void>;
  /** Checks the 30 s rule and the mail limits for one mail of `subject` to `email`; the sender to mail as. */
  mailAllowed(ctx: RequestContext, email: string, subject: string, deviceId: string): MailSender;
}

const FRESH_MAIL = 'Confirm it is you';
const PASSWORD_FAILURES = 'recovery-password';
const B64U_RE = /^[A-Za-z0-9_-]+$/;
const MAX_BLOB = 10_000;

/** Bytes of a base64url field, `length` of them when given (400 naming the field otherwise). */
function base64urlField(body: Record<string, unknown>, field: string, length?: [number, number]): Buffer {
  const value = body[field];
  const bytes = typeof value === 'string' && value.length <= MAX_BLOB && B64U_RE.test(value) ? Buffer.from(value, 'base64url') : undefined;
  if (!bytes || (length && (bytes.length < length[0] || bytes.length > length[1]))) throw badRequest(`"${field}" must be base64url`, field);
  return bytes;
}

function sealedField(body: Record<string, unknown>, field: string): Sealed {
  const value = body[field];
  if (typeof value !== 'object' || value === null) throw badRequest(`"${field}" must be {iv, data}`, field);
  const sealed = value as Record<string, unknown>;
  base64urlField(sealed, 'iv', [12, 12]);
  base64urlField(sealed, 'data', [16, 1_000]);
  return { iv: sealed.iv as string, data: sealed.data as string };
}

/** Argon2id parameters no weaker than the design's (m 19456 KiB, t 2, p 1) and no heavier than a phone can run. */
function kdfField(body: Record<string, unknown>): Argon2Params {
  const kdf = body.kdf as Record<string, unknown> | null | undefined;
  const within = (value: unknown, min: number, max: number) => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
  if (typeof kdf !== 'object' || kdf === null || kdf.alg !== 'argon2id' || !within(kdf.m, 19_456, 262_144) || !within(kdf.t, 2, 10) || !within(kdf.p, 1, 4)) {
    throw badRequest('"kdf" must be argon2id with m >= 19456, t >= 2, p >= 1', 'kdf');
  }
  return { alg: 'argon2id', m: kdf.m as number, t: kdf.t as number, p: kdf.p as number };
}

const manifestOf = (text: string) => JSON.parse(text) as Manifest;

/** The custody bundle a session gets (GET /api/custody and every login answer). */
export function custodyBundle(store: EmbeddedStore, custody: CustodyStore, session: { account: SessionRow['account']; deviceId: string }): CustodyBundle {
  const { account } = session;
  const common = { factors: custody.factors(account.id), passkeys: custody.passkeys(account.id).length };
  const set = custody.currentSet(account.id);
  if (set) {
    const deviceShare = custody.deviceShare(set.set_id, session.deviceId);
    return { state: 'ready', setId: set.set_id, manifest: set.manifest, signature: set.signature, ...(deviceShare ? { deviceShare } : {}), recovery: set.recovery, ...common };
  }
  if (account.address === '') return { state: 'new', ...common };
  if (account.sealed_key === '') {
    // An address without a set or a sealed key cannot happen; the frame's old local copy may still open it.
    console.error(`[embedded] account ${account.id} has an address but neither a share set nor a sealed key`);
    return { state: 'legacy', ...common };
  }
  try {
    return { state: 'legacy', legacyKey: store.legacyKey(account), ...common };
  } catch (error) {
    // The frame may still hold its own old copy of the key.
    console.error('[embedded] legacy key unavailable', error);
    return { state: 'legacy', ...common };
  }
}

/** /api/custody*, /api/fresh/* and /api/devices (design of issue 28, "HTTP"). */
export function custodyRoutes(c: CustodyRouteContext): void {
  const { router, store, custody } = c;
  const isFresh = (session: Session) => session.freshUntil > c.now();
  const deviceInSet = (accountId: string, deviceId: string) => {
    const set = custody.currentSet(accountId);
    return Boolean(set && manifestOf(set.manifest).devices.some((device) => device.id === deviceId));
  };

  router.get('/api/custody', (ctx) => ({ json: custodyBundle(store, custody, c.sessionOf(ctx)) }));

  router.post('/api/custody/rotate', async (ctx) => {
    const session = c.sessionOf(ctx);
    const { account } = session;
    const body = await jsonBody(ctx);
    const manifestText = requireString(body, 'manifest');
    if (manifestText.length > 50_000) throw badRequest('The manifest is not valid', 'manifest');
    const signature = requireString(body, 'signature');
    if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) throw badRequest('"signature" must be a 65-byte hex signature', 'signature');
    const authShare = base64urlField(body, 'authShare', [2, 256]);
    const recovery = body.recovery;
    if (recovery !== null && (typeof recovery !== 'string' || recovery === '' || recovery.length > MAX_BLOB)) throw badRequest('"recovery" must be a string or null', 'recovery');
    const deviceShares = body.deviceShares;
    if (typeof deviceShares !== 'object' || deviceShares === null || Array.isArray(deviceShares)) throw badRequest('"deviceShares" must be an object', 'deviceShares');

    const manifest = parseManifest(manifestText);
    if (account.address !== '' && manifest.account !== account.address) throw forbidden('This manifest is for another account.');
    const signed = await verifyMessage({ address: manifest.account as Hex, message: manifestText, signature: signature as Hex }).catch(() => false);
    if (!signed) throw forbidden("The manifest's signature is not the account's.");
    if (custody.isSetIdTaken(manifest.setId)) throw new HttpError(409, { error: 'This key-share set exists already.' });
    if (sha256Hex(authShare) !== manifest.authShareHash) throw badRequest('The auth share does not match the manifest.', 'authShare');
    if ((recovery === null) !== (manifest.recoveryHash === null) || (recovery !== null && sha256Hex(recovery as string) !== manifest.recoveryHash)) {
      throw badRequest('The recovery share does not match the manifest.', 'recovery');
    }
    const shares = deviceShares as Record<string, unknown>;
    const ids = manifest.devices.map((device) => device.id);
    if (Object.keys(shares).length !== ids.length || manifest.devices.some((device) => typeof shares[device.id] !== 'string' || (shares[device.id] as string).length > MAX_BLOB || sha256Hex(shares[device.id] as string) !== device.shareHash)) {
      throw badRequest("The device shares do not match the manifest's devices.", 'deviceShares');
    }
    if (!ids.includes(session.deviceId)) throw forbidden('This device must be in the manifest.');
    const current = custody.currentSet(account.id);
    if (recovery === null && (current?.recovery != null || custody.factors(account.id).length > 0)) throw badRequest('The recovery share cannot be dropped.', 'recovery');

    const result = custody.rotate(account.id, { manifest, manifestText, signature, authShare: authShare.toString('base64url'), recovery: recovery as string | null, deviceShares: shares as Record<string, string> });
    if (!result.ok) {
      throw new HttpError(409, result.reason === 'conflict' ? { error: 'The key shares changed meanwhile. Please reload and try again.', reason: 'keySetChanged' } : { error: 'Another wallet uses this address.' });
    }
    if (result.legacyCleared && custody.legacyAccounts() === 0) deleteMasterKey(c.dataDir);
    if (result.newAddress) await c.grantWelcome(manifest.account);
    return { json: { setId: manifest.setId } };
  });

  router.post('/api/custody/auth-share', async (ctx) => {
    const session = c.sessionOf(ctx);
    const purpose = (await jsonBody(ctx)).purpose as AuthSharePurpose;
    if (!['sign', 'recover', 'export'].includes(purpose)) throw badRequest('"purpose" must be sign, recover or export', 'purpose');
    const set = custody.currentSet(session.account.id);
    if (!set) throw forbidden('This wallet has no key yet.');
    const inSet = manifestOf(set.manifest).devices.some((device) => device.id === session.deviceId);
    if (purpose !== 'recover' && !inSet) throw new HttpError(403, { error: 'This device holds no share of the key.', reason: 'noDeviceShare' });
    if (purpose !== 'sign' && !isFresh(session)) throw new HttpError(403, { error: 'Please confirm it is you first.', reason: 'confirmItIsYou' });
    if (purpose !== 'recover') store.markUsed(session.token);
    return { json: { setId: set.set_id, authShare: set.auth_share } };
  });

  router.post('/api/custody/factors', async (ctx) => {
    const session = c.sessionOf(ctx);
    const { account } = session;
    const body = await jsonBody(ctx);
    if (!deviceInSet(account.id, session.deviceId)) throw new HttpError(403, { error: 'Only a device holding a share of the key may protect it.', reason: 'noDeviceShare' });
    const wrap = sealedField(body, 'wrap');
    if (body.kind === 'passkey') {
      const credentialId = requireString(body, 'credentialId');
      const passkey = custody.passkey(credentialId);
      if (!passkey || passkey.account_id !== account.id) throw badRequest('This passkey is not registered with this wallet.', 'credentialId');
      if (!passkey.prf) throw new HttpError(400, { error: 'This passkey cannot protect your recovery share.', field: 'credentialId', reason: 'passkeyNoPrf' });
      custody.setPasskeyFactor(account.id, credentialId, wrap);
    } else if (body.kind === 'password') {
      const salt = base64urlField(body, 'salt', [16, 16]).toString('base64url');
      const verifier = base64urlField(body, 'verifier', [32, 32]);
      custody.setPasswordFactor(account.id, { salt, kdf: kdfField(body), wrap, verifierHash: sha256Hex(verifier) });
    } else {
      throw badRequest('"kind" must be passkey or password', 'kind');
    }
    return { json: { factors: custody.factors(account.id) } };
  });

  router.post('/api/custody/password', async (ctx) => {
    const session = c.sessionOf(ctx);
    const { account } = session;
    const verifier = base64urlField(await jsonBody(ctx), 'verifier', [1, 64]);
    const locked = store.lockedFor(PASSWORD_FAILURES, account.id);
    if (locked !== undefined) {
      const minutes = Math.ceil(locked / 60_000);
      throw new HttpError(429, { error: `Too many wrong passwords. Please try again after ${minutes} minutes`, reason: 'passwordLocked', minutes });
    }
    const factor = custody.passwordFactor(account.id);
    if (!factor) throw new HttpError(400, { error: 'No recovery password is set.', field: 'verifier', reason: 'passwordMissing' });
    const given = Buffer.from(sha256Hex(verifier), 'hex');
    if (!timingSafeEqual(given, Buffer.from(factor.verifierHash, 'hex'))) {
      store.countFailure(PASSWORD_FAILURES, account.id);
      throw new HttpError(400, { error: 'Wrong password', field: 'verifier', reason: 'passwordWrong' });
    }
    store.markFresh(session.token);
    return { json: { wrap: factor.wrap } };
  });

  // ---- fresh: proof of the person just now (export, recovery on a new device) --------------------------------
  router.post('/api/fresh/code', (ctx) => {
    const { account, deviceId } = c.sessionOf(ctx);
    if (!account.email) throw badRequest('This account has no e-mail.');
    const sender = c.mailAllowed(ctx, account.email, FRESH_MAIL, deviceId);
    const code = store.issueCode('fresh', account.email, deviceId);
    store.sendMail({ recipient: account.email, subject: FRESH_MAIL, body: `Your code is ${code}. It is valid for 10 minutes.`, code }, sender);
    return { json: { action: 'VERIFY_OTP' } };
  });
  router.post('/api/fresh/verify', async (ctx) => {
    const session = c.sessionOf(ctx);
    const otp = requireString(await jsonBody(ctx), 'otp');
    if (!/^\d{6}$/.test(otp)) throw new HttpError(400, { error: 'The code has 6 digits', field: 'otp', reason: 'codeWrong' });
    if (!session.account.email) throw badRequest('This account has no e-mail.');
    const result = store.checkCode('fresh', session.account.email, otp, session.deviceId);
    if (result !== 'ok') throw codeProblem(result, 'otp');
    store.markFresh(session.token);
    return { json: { ok: true } };
  });

  router.get('/api/devices', (ctx) => {
    const session = c.sessionOf(ctx);
    const set = custody.currentSet(session.account.id);
    const lastUsed = store.devicesLastUsed(session.account.id);
    const devices: DevicesResponse['devices'] = (set ? manifestOf(set.manifest).devices : []).map((device) => ({
      id: device.id,
      label: device.label,
      addedAt: device.addedAt,
      lastUsedAt: lastUsed.get(device.id) ?? null,
      current: device.id === session.deviceId,
    }));
    return { json: { devices } satisfies DevicesResponse };
  });
}
