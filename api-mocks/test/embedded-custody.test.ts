import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { combine } from 'shamir-secret-sharing';
import { toHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Db } from '../src/db.js';
import type { CustodyBundle, DevicesResponse, LoginAnswer, Sealed } from '../src/embedded/custody-types.js';
import { MASTER_KEY_FILE, seal } from '../src/embedded/keys.js';
import { CHALLENGE_MS } from '../src/embedded/custody-store.js';
import { PASSKEY_LOGIN_LIMIT, startEmbeddedService, type RunningEmbeddedService } from '../src/embedded/service.js';
import { EmbeddedStore } from '../src/embedded/store.js';
import { ProjectStore } from '../src/projects.js';
import { b64u, buildSet, FrameClient, fromB64u, newDevice, newKey, openDeviceBlob, openRecovery, openWith, rebuild, sealWith, type TestDevice } from './custody-frame.js';
import { otherKey, VirtualAuthenticator, FLAG_UP } from './virtual-authenticator.js';

// Issue 28: the wallet service keeps one share of each key (the auth share) and ciphertexts it cannot open; these
// tests act as the wallet frame from Node and check what the service accepts, refuses and never answers.

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

interface TestService {
  service: RunningEmbeddedService;
  db: Db;
  dataDir: string;
  client: FrameClient;
  advance(ms: number): void;
  close(): Promise<void>;
}

/** A wallet service of its own (data folder, clock), on a free port; `prepare` runs on its database before it starts. */
async function startService(options: { dataDir?: string; prepare?: (db: Db, dataDir: string) => void; welcomeGrantBnb?: string; challengeSweepMs?: number } = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'custody-'));
  if (!options.dataDir) dirs.push(dataDir);
  const db = openDatabase(dataDir);
  options.prepare?.(db, dataDir);
  let offset = 0;
  const service = await startEmbeddedService({
    host: '127.0.0.1',
    port: 0,
    db,
    dataDir,
    projects: new ProjectStore(db),
    chainId: inject('chainId'),
    rpcUrl: inject('rpcUrl'),
    welcomeGrantBnb: options.welcomeGrantBnb ?? '0',
    mailLimits: { addressesPerClient: { count: 1_000, windowMs: 60_000 }, addressesPerDevice: { count: 1_000, windowMs: 60_000 } },
    now: () => Date.now() + offset,
    challengeSweepMs: options.challengeSweepMs,
  });
  return {
    service,
    db,
    dataDir,
    client: new FrameClient(service.url),
    advance: (ms) => (offset += ms),
    close: async () => {
      await service.close();
      db.close();
    },
  };
}

const newEmail = () => `custody-${randomUUID().slice(0, 8)}@example.org`;
const keyHex = (key: Hex) => key.slice(2).toLowerCase();

/** A new account with its first set: one device, no recovery yet. */
async function newWallet(t: TestService) {
  const email = newEmail();
  const device = await newDevice('Chrome on Linux');
  const login = await t.client.loginByEmail(email, device.id);
  const key = newKey();
  const set = await buildSet({ key, previousSetId: null, devices: [device] });
  const rotated = await t.client.call('/api/custody/rotate', set.request, login.token);
  expect(rotated).toEqual({ status: 200, body: { setId: set.setId } });
  return { email, device, login, token: login.token, key, address: privateKeyToAccount(key).address, set };
}

describe('key custody of the embedded wallet', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startService({ welcomeGrantBnb: '1' });
  });
  afterAll(() => t.close());

  it('publishes the wallet on localhost (WebAuthn refuses an IP address as RP ID) and answers that Host', async () => {
    expect(new URL(t.service.url).hostname).toBe('localhost');
    expect((await t.client.call('/api/chain')).status).toBe(200);
  });

  it('creates an account without a key; its first signed manifest sets the address and brings the welcome grant', async () => {
    const email = newEmail();
    const device = await newDevice();
    const login = await t.client.loginByEmail(email, device.id);
    expect(login).not.toHaveProperty('privateKey');
    expect(login.user).toMatchObject({ email, address: '', accounts: [], authProvider: 'email' });
    expect(login.custody).toEqual({ state: 'new', factors: [], passkeys: 0 });
    const key = newKey();
    const set = await buildSet({ key, previousSetId: null, devices: [device] });
    expect((await t.client.call('/api/custody/rotate', set.request, login.token)).body).toEqual({ setId: set.setId });
    const address = privateKeyToAccount(key).address;
    expect((await t.client.call('/api/me', undefined, login.token)).body).toMatchObject({ address, accounts: [{ address, type: 'eoa' }] });
    const bundle = (await t.client.custody(login.token)).body;
    expect(bundle).toMatchObject({ state: 'ready', setId: set.setId, manifest: set.request.manifest, signature: set.request.signature, recovery: null, factors: [], passkeys: 0 });
    // This device's blob opens to its share; with the auth share it rebuilds the key.
    const mine = await openDeviceBlob(bundle.deviceShare!, set.setId, device);
    const auth = await t.client.call<{ setId: string; authShare: string }>('/api/custody/auth-share', { purpose: 'sign' }, login.token);
    expect(auth.body.setId).toBe(set.setId);
    expect(await rebuild(fromB64u(auth.body.authShare), mine)).toBe(key);
    const balance = await fetch(inject('rpcUrl'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [address, 'latest'] }) });
    expect(BigInt(((await balance.json()) as { result: string }).result)).toBe(10n ** 18n);
    // A new login of the same account carries the same bundle: no key.
    t.advance(31_000);
    const again = await t.client.loginByEmail(email, device.id);
    expect(again.custody).toMatchObject({ state: 'ready', setId: set.setId, deviceShare: bundle.deviceShare });
  });

  it('refuses a bad signature, a stale previousSetId, hashes that do not match and another account’s manifest', async () => {
    const wallet = await newWallet(t);
    const rotate = (request: unknown, token = wallet.token) => t.client.call('/api/custody/rotate', request, token);
    const next = (extra: Partial<Parameters<typeof buildSet>[0]> = {}) => buildSet({ key: wallet.key, previousSetId: wallet.set.setId, devices: [wallet.device], ...extra });

    const forged = await next({ signWith: newKey() });
    expect(await rotate(forged.request)).toEqual({ status: 403, body: { error: "The manifest's signature is not the account's." } });
    const stale = await next({ previousSetId: null });
    expect(await rotate(stale.request)).toEqual({ status: 409, body: { error: 'The key shares changed meanwhile. Please reload and try again.', reason: 'keySetChanged' } });
    const good = await next();
    expect((await rotate({ ...good.request, authShare: b64u(randomBytes(33)) })).body.error).toBe('The auth share does not match the manifest.');
    expect((await rotate({ ...good.request, deviceShares: { [wallet.device.id]: good.request.deviceShares[wallet.device.id] + ' ' } })).body.error).toBe("The device shares do not match the manifest's devices.");
    expect((await rotate({ ...good.request, deviceShares: {} })).status).toBe(400);
    expect((await rotate({ ...good.request, recovery: '{"iv":"x","data":"y"}' })).body.error).toBe('The recovery share does not match the manifest.');
    expect((await rotate({ ...good.request, manifest: good.request.manifest.replace('"v":1', '"v":2') })).body.error).toBe('The manifest is not valid');
    // A manifest whose devices leave out the session's own device.
    const elsewhere = await next({ devices: [await newDevice()] });
    expect(await rotate(elsewhere.request)).toEqual({ status: 403, body: { error: 'This device must be in the manifest.' } });

    // Another account's manifest: refused for an account that has its address, and for a new one.
    const other = await newWallet(t);
    const theirs = await buildSet({ key: other.key, previousSetId: wallet.set.setId, devices: [wallet.device] });
    expect(await rotate(theirs.request)).toEqual({ status: 403, body: { error: 'This manifest is for another account.' } });
    const stranger = await newDevice();
    const fresh = await t.client.loginByEmail(newEmail(), stranger.id);
    expect((await rotate(other.set.request, fresh.token)).status).toBe(409);
    const claim = await buildSet({ key: other.key, previousSetId: null, devices: [stranger] });
    expect(await rotate(claim.request, fresh.token)).toEqual({ status: 409, body: { error: 'Another wallet uses this address.' } });

    // After all that the set is unchanged, and the good rotation still goes through.
    expect((await t.client.custody(wallet.token)).body.setId).toBe(wallet.set.setId);
    expect((await rotate(good.request)).body).toEqual({ setId: good.setId });
    expect((await rotate(good.request)).status).toBe(409);
  });

  it('releases the auth share to sign only to a device in the manifest, to recover or export only to a fresh session', async () => {
    const wallet = await newWallet(t);
    const share = (purpose: string, token: string) => t.client.call<{ authShare: string }>('/api/custody/auth-share', { purpose }, token);
    expect((await share('sign', wallet.token)).status).toBe(200);
    expect(await share('export', wallet.token)).toEqual({ status: 403, body: { error: 'Please confirm it is you first.', reason: 'confirmItIsYou' } });
    expect((await share('steal', wallet.token)).status).toBe(400);

    // A second device of the account: not in the manifest.
    const second = await newDevice('Firefox on Linux');
    const other = await approveAndLogin(t, wallet.email, second);
    expect(other.custody).toMatchObject({ state: 'ready', setId: wallet.set.setId });
    expect(other.custody).not.toHaveProperty('deviceShare');
    expect(await share('sign', other.token)).toEqual({ status: 403, body: { error: 'This device holds no share of the key.', reason: 'noDeviceShare' } });
    expect((await share('recover', other.token)).status).toBe(403);
    await t.client.freshByEmail(wallet.email, other.token);
    expect((await share('recover', other.token)).status).toBe(200);
    expect((await share('export', other.token)).status).toBe(403);

    t.advance(31_000);
    await t.client.freshByEmail(wallet.email, wallet.token);
    expect((await share('export', wallet.token)).status).toBe(200);
    // Fresh lasts 5 minutes.
    t.advance(5 * 60_000 + 1);
    expect((await share('export', wallet.token)).status).toBe(403);
    expect((await share('recover', other.token)).status).toBe(403);
    expect((await share('sign', wallet.token)).status).toBe(200);
    const wrongCode = await t.client.call('/api/fresh/verify', { otp: '000000' }, wallet.token);
    expect(wrongCode.status).toBe(400);
  });

  it('recovers on a new device with the recovery password; the dropped device’s sessions end', async () => {
    const wallet = await newWallet(t);
    // Protect: a recovery key Kr, wrapped by the password's key; the recovery share goes up with a rotation.
    const kr = randomBytes(32);
    const wrapKey = randomBytes(32);
    const verifier = randomBytes(32);
    const wrap = await sealWith(wrapKey, kr, `minibot-recovery-wrap|${wallet.address}`);
    const salt = b64u(randomBytes(16));
    const kdf = { alg: 'argon2id', m: 19456, t: 2, p: 1 };
    expect((await t.client.call('/api/custody/factors', { kind: 'password', salt, kdf: { ...kdf, m: 1024 }, wrap, verifier: b64u(verifier) }, wallet.token)).status).toBe(400);
    const added = await t.client.call('/api/custody/factors', { kind: 'password', salt, kdf, wrap, verifier: b64u(verifier) }, wallet.token);
    expect(added).toEqual({ status: 200, body: { factors: [{ kind: 'password', salt, kdf }] } });
    // Once a factor exists, a rotation may not drop the recovery share.
    const unprotected = await buildSet({ key: wallet.key, previousSetId: wallet.set.setId, devices: [wallet.device] });
    expect((await t.client.call('/api/custody/rotate', unprotected.request, wallet.token)).body.error).toBe('The recovery share cannot be dropped.');
    const protectedSet = await buildSet({ key: wallet.key, previousSetId: wallet.set.setId, devices: [wallet.device], kr });
    expect((await t.client.call('/api/custody/rotate', protectedSet.request, wallet.token)).status).toBe(200);

    // A new device: logged in, holds nothing; the password's verifier gives the wrap and a fresh session.
    const laptop = await newDevice('Safari on macOS');
    const login = await approveAndLogin(t, wallet.email, laptop);
    expect(login.custody).toMatchObject({ state: 'ready', recovery: protectedSet.request.recovery, factors: [{ kind: 'password', salt, kdf }] });
    expect(JSON.stringify(login.custody)).not.toContain(wrap.data);
    expect(await t.client.call('/api/custody/password', { verifier: b64u(randomBytes(32)) }, login.token)).toEqual({ status: 400, body: { error: 'Wrong password', field: 'verifier', reason: 'passwordWrong' } });
    const unlocked = await t.client.call<{ wrap: Sealed }>('/api/custody/password', { verifier: b64u(verifier) }, login.token);
    expect(unlocked).toEqual({ status: 200, body: { wrap } });
    const recoveredKr = await openWith(wrapKey, unlocked.body.wrap, `minibot-recovery-wrap|${wallet.address}`);
    const recoveryShare = await openRecovery(login.custody.recovery!, recoveredKr, wallet.address, protectedSet.setId);
    const auth = await t.client.call<{ authShare: string }>('/api/custody/auth-share', { purpose: 'recover' }, login.token);
    const key = await rebuild(fromB64u(auth.body.authShare), recoveryShare);
    expect(key).toBe(wallet.key);

    // The new device rotates itself in and the old one out (removed): the old device's sessions end at once.
    const moved = await buildSet({ key, previousSetId: protectedSet.setId, devices: [laptop], kr: recoveredKr });
    expect((await t.client.call('/api/custody/rotate', moved.request, login.token)).status).toBe(200);
    expect((await t.client.call('/api/me', undefined, wallet.token)).status).toBe(401);
    expect((await t.client.call('/api/me', undefined, login.token)).status).toBe(200);
    const devices = await t.client.call<DevicesResponse>('/api/devices', undefined, login.token);
    expect(devices.body.devices).toEqual([{ id: laptop.id, label: 'Safari on macOS', addedAt: expect.any(Number), lastUsedAt: expect.any(Number), current: true }]);
    // The old device's shares (its blob of any set) with today's auth share do not rebuild the key.
    const today = await t.client.call<{ authShare: string }>('/api/custody/auth-share', { purpose: 'sign' }, login.token);
    expect(await rebuild(fromB64u(today.body.authShare), protectedSet.deviceShares[wallet.device.id]).catch(() => 'none')).not.toBe(wallet.key);
  });

  it('counts wrong recovery passwords: 5 per 15 minutes per account, then 429', async () => {
    const wallet = await newWallet(t);
    const verifier = randomBytes(32);
    const wrap = await sealWith(randomBytes(32), randomBytes(32), `minibot-recovery-wrap|${wallet.address}`);
    expect((await t.client.call('/api/custody/password', { verifier: b64u(verifier) }, wallet.token)).body.error).toBe('No recovery password is set.');
    await t.client.call('/api/custody/factors', { kind: 'password', salt: b64u(randomBytes(16)), kdf: { alg: 'argon2id', m: 19456, t: 2, p: 1 }, wrap, verifier: b64u(verifier) }, wallet.token);
    for (let i = 0; i < 5; i++) expect((await t.client.call('/api/custody/password', { verifier: b64u(randomBytes(32)) }, wallet.token)).body.error).toBe('Wrong password');
    const locked = await t.client.call('/api/custody/password', { verifier: b64u(verifier) }, wallet.token);
    expect(locked).toEqual({ status: 429, body: { error: 'Too many wrong passwords. Please try again after 15 minutes', reason: 'passwordLocked', minutes: 15 } });
    // Another session of the account is locked out too.
    t.advance(31_000);
    const again = await t.client.loginByEmail(wallet.email, wallet.device.id);
    expect((await t.client.call('/api/custody/password', { verifier: b64u(verifier) }, again.token)).status).toBe(429);
    t.advance(15 * 60_000 + 1);
    expect((await t.client.call('/api/custody/password', { verifier: b64u(verifier) }, wallet.token)).status).toBe(200);
  });

  it('never answers the key, and the auth share with everything stored does not rebuild it without the recovery key', async () => {
    const client = new FrameClient(t.service.url);
    const wallet = await newWallet({ ...t, client });
    const kr = randomBytes(32);
    const wrap = await sealWith(randomBytes(32), kr, `minibot-recovery-wrap|${wallet.address}`);
    await client.call('/api/custody/factors', { kind: 'password', salt: b64u(randomBytes(16)), kdf: { alg: 'argon2id', m: 19456, t: 2, p: 1 }, wrap, verifier: b64u(randomBytes(32)) }, wallet.token);
    const second = await newDevice();
    const set = await buildSet({ key: wallet.key, previousSetId: wallet.set.setId, devices: [wallet.device, second], kr });
    expect((await client.call('/api/custody/rotate', set.request, wallet.token)).status).toBe(200);
    await client.call('/api/custody/auth-share', { purpose: 'sign' }, wallet.token);
    await client.call('/api/custody', undefined, wallet.token);
    await client.call('/api/devices', undefined, wallet.token);
    await client.call('/api/me', undefined, wallet.token);
    await client.freshByEmail(wallet.email, wallet.token);
    await client.call('/api/custody/auth-share', { purpose: 'export' }, wallet.token);
    for (const answer of client.answers) expect(answer.toLowerCase()).not.toContain(keyHex(wallet.key));

    // Every value stored anywhere in the database, decoded every way a share could be written, beside the auth share.
    const authShare = fromB64u(((await client.call<{ authShare: string }>('/api/custody/auth-share', { purpose: 'sign' }, wallet.token)).body).authShare);
    const candidates = storedByteStrings(t.db);
    expect(candidates.some((bytes) => Buffer.from(bytes).equals(Buffer.from(authShare)))).toBe(true);
    for (const bytes of candidates) {
      expect(Buffer.from(bytes).toString('hex')).not.toContain(keyHex(wallet.key));
      if (bytes.length !== authShare.length || Buffer.from(bytes).equals(Buffer.from(authShare))) continue;
      const combined = await combine([authShare, bytes]).then(toHex, () => undefined);
      expect(combined).not.toBe(wallet.key);
    }
    // With the recovery key (a factor's secret, never on the service) the stored recovery ciphertext does complete it.
    const stored = t.db.prepare('SELECT recovery FROM embedded_share_sets WHERE set_id = ?').get(set.setId) as { recovery: string };
    expect(await rebuild(authShare, await openRecovery(stored.recovery, kr, wallet.address, set.setId))).toBe(wallet.key);
  });
});

/** Approves a new device of `email` through its mailed link, then logs it in. */
async function approveAndLogin(t: TestService, email: string, device: TestDevice): Promise<LoginAnswer> {
  t.advance(31_000);
  expect((await t.client.call('/api/email/start', { email, deviceId: device.id })).body).toEqual({ action: 'VERIFY_DEVICE' });
  const { body } = await t.client.call<{ messages: { link?: string }[] }>(`/mailbox.json?to=${encodeURIComponent(email)}`);
  const approved = await fetch(body.messages[0].link!, { method: 'POST', headers: { origin: t.service.url } });
  expect(approved.status).toBe(200);
  expect((await t.client.call('/api/email/device', { email, deviceId: device.id, waitMs: 10 })).body).toEqual({ approved: true });
  const verified = await t.client.call<LoginAnswer>('/api/email/verify', { email, deviceId: device.id, otp: await t.client.latestCode(email) });
  expect(verified.status).toBe(200);
  return verified.body;
}

/** Every string cell of every table, decoded as base64url, base64, hex and (inside JSON) each string value. */
function storedByteStrings(db: Db): Uint8Array[] {
  const out: Uint8Array[] = [];
  const texts: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') texts.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
  for (const { name } of tables) {
    for (const row of db.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[]) {
      for (const cell of Object.values(row)) {
        if (typeof cell !== 'string') continue;
        walk(cell);
        try {
          walk(JSON.parse(cell));
        } catch {
          // not JSON
        }
      }
    }
  }
  for (const text of texts) {
    if (/^[A-Za-z0-9_-]+$/.test(text)) out.push(new Uint8Array(Buffer.from(text, 'base64url')));
    if (/^(0x)?[0-9a-f]+$/i.test(text)) out.push(new Uint8Array(Buffer.from(text.replace(/^0x/, ''), 'hex')));
  }
  return out;
}

describe('legacy accounts (the service kept their keys before issue 28)', () => {
  const legacyKeys = [newKey(), newKey()];
  const names = ['legacy-a', 'legacy-b'];
  let t: TestService;
  let dataDir: string;
  beforeAll(async () => {
    t = await startService({
      prepare: (db, dir) => {
        const master = randomBytes(32);
        writeFileSync(join(dir, MASTER_KEY_FILE), master.toString('base64') + '\n', { mode: 0o600 });
        new EmbeddedStore(db, () => master); // the schema
        legacyKeys.forEach((key, index) => {
          const id = randomUUID();
          const address = privateKeyToAccount(key).address;
          db.prepare('INSERT INTO embedded_accounts (id, social, user_name, address, sealed_key, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
            id, `github:${names[index]}`, names[index], address, seal(master, key, `${id}:${address}`), Date.now(),
          );
        });
      },
    });
    dataDir = t.dataDir;
  });
  afterAll(() => t.close());

  it('hands a legacy key to its account’s session until the first rotation; the master key goes with the last one', async () => {
    for (const [index, key] of legacyKeys.entries()) {
      const device = await newDevice();
      const login = await t.client.loginBySocial(names[index], device.id);
      const address = privateKeyToAccount(key).address;
      expect(login.user.address).toBe(address);
      expect(login.custody).toEqual({ state: 'legacy', legacyKey: key, factors: [], passkeys: 0 });
      expect(existsSync(join(dataDir, MASTER_KEY_FILE))).toBe(true);
      // Signed by the legacy key itself; the first set names no previous one.
      expect((await t.client.call('/api/custody/rotate', (await buildSet({ key, previousSetId: 'f'.repeat(8) + '-0000-4000-8000-' + '0'.repeat(12), devices: [device] })).request, login.token)).status).toBe(409);
      const set = await buildSet({ key, previousSetId: null, devices: [device] });
      expect((await t.client.call('/api/custody/rotate', set.request, login.token)).status).toBe(200);
      const bundle = (await t.client.custody(login.token)).body;
      expect(bundle).toMatchObject({ state: 'ready', setId: set.setId });
      expect(bundle).not.toHaveProperty('legacyKey');
      expect((t.db.prepare('SELECT sealed_key FROM embedded_accounts WHERE address = ?').get(address) as { sealed_key: string }).sealed_key).toBe('');
      expect(existsSync(join(dataDir, MASTER_KEY_FILE))).toBe(index < legacyKeys.length - 1);
    }
  });

  it('never creates a master key; a legacy row without one answers state legacy without a key', async () => {
    await t.close();
    const db = openDatabase(dataDir);
    const key = newKey();
    const address = privateKeyToAccount(key).address;
    db.prepare('INSERT INTO embedded_accounts (id, social, user_name, address, sealed_key, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(randomUUID(), 'github:legacy-c', 'legacy-c', address, 'v1.AAAA.AAAA.AAAA', Date.now());
    db.close();
    t = await startService({ dataDir });
    expect(existsSync(join(dataDir, MASTER_KEY_FILE))).toBe(false);
    const login = await t.client.loginBySocial('legacy-c', (await newDevice()).id);
    expect(login.custody).toEqual({ state: 'legacy', factors: [], passkeys: 0 } satisfies CustodyBundle);
    expect(existsSync(join(dataDir, MASTER_KEY_FILE))).toBe(false);
  });
});

describe('passkeys of the wallet origin', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startService();
  });
  afterAll(() => t.close());

  const registerPasskey = async (token: string, authenticator: VirtualAuthenticator, prf = true) => {
    const options = await t.client.call<{ challenge: string }>('/api/passkey/register/options', {}, token);
    return t.client.call<{ credentialId: string }>('/api/passkey/register', { response: authenticator.register(options.body.challenge), prf }, token);
  };
  const loginOptions = async (deviceId: string) => (await t.client.call<{ challenge: string }>('/api/passkey/login/options', { deviceId })).body.challenge;

  it('gives creation options for a discoverable credential with user verification on the localhost RP, excluding the account’s own', async () => {
    const wallet = await newWallet(t);
    const options = await t.client.call<Record<string, unknown>>('/api/passkey/register/options', {}, wallet.token);
    expect(options.body).toMatchObject({
      rp: { name: 'Minibot wallet', id: 'localhost' },
      user: { name: wallet.email },
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const authenticator = new VirtualAuthenticator('localhost', t.service.url);
    expect((await registerPasskey(wallet.token, authenticator)).body).toEqual({ credentialId: authenticator.id });
    const second = await t.client.call<{ excludeCredentials: { id: string }[] }>('/api/passkey/register/options', {}, wallet.token);
    expect(second.body.excludeCredentials.map((c) => c.id)).toEqual([authenticator.id]);
    const login = await t.client.call<Record<string, unknown>>('/api/passkey/login/options', { deviceId: 'd' });
    expect(login.body).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(login.body.allowCredentials ?? []).toEqual([]);
    expect(await t.client.call('/api/passkey/register/options', {})).toEqual({ status: 401, body: { error: 'Not logged in', reason: 'signedOut' } });
  });

  it('refuses forged registrations: unknown challenge, another origin or RP, no user verification, garbage', async () => {
    const wallet = await newWallet(t);
    const options = async () => (await t.client.call<{ challenge: string }>('/api/passkey/register/options', {}, wallet.token)).body.challenge;
    const register = (response: unknown) => t.client.call('/api/passkey/register', { response, prf: true }, wallet.token);
    const authenticator = new VirtualAuthenticator('localhost', t.service.url);
    // Each refusal with the reason the frame's panel says in its language.
    expect((await register(authenticator.register('not-issued'))).body).toMatchObject({ error: 'This passkey request expired. Please try again.', reason: 'passkeyExpired' });
    expect((await register(authenticator.register(await options(), { origin: 'http://127.0.0.1:5173' }))).body).toMatchObject({ error: 'The passkey could not be verified.', reason: 'passkeyNotVerified' });
    expect((await register(new VirtualAuthenticator('evil.example', t.service.url).register(await options()))).body.error).toBe('The passkey could not be verified.');
    expect((await register(authenticator.register(await options(), { flags: FLAG_UP | 0x40 }))).body.error).toBe('The passkey could not be verified.');
    expect((await register({ id: 'x', response: { clientDataJSON: 'garbage' } })).status).toBe(400);
    expect((await register('nope')).status).toBe(400);
    // A challenge is good for one ceremony.
    const challenge = await options();
    expect((await register(authenticator.register(challenge))).status).toBe(200);
    expect((await register(authenticator.register(challenge))).body.error).toBe('This passkey request expired. Please try again.');
    expect((await t.client.custody(wallet.token)).body.passkeys).toBe(1);
  });

  it('logs in with a passkey: a fresh session that approves the device; counters must grow; forgeries are refused', async () => {
    const wallet = await newWallet(t);
    const authenticator = new VirtualAuthenticator('localhost', t.service.url);
    await registerPasskey(wallet.token, authenticator);
    const laptop = await newDevice('Edge on Windows');
    const login = (response: unknown, deviceId = laptop.id) => t.client.call<LoginAnswer>('/api/passkey/login', { deviceId, response });

    expect((await login(authenticator.authenticate(await loginOptions(laptop.id), { signWith: otherKey() }))).body.error).toBe('The passkey could not be verified.');
    expect((await login(authenticator.authenticate(await loginOptions('another-device')))).body.error).toBe('This passkey request expired. Please try again.');
    expect((await login(authenticator.authenticate(await loginOptions(laptop.id), { origin: 'https://evil.example' }))).status).toBe(400);
    expect((await login(authenticator.authenticate(await loginOptions(laptop.id), { flags: FLAG_UP }))).status).toBe(400);
    expect((await login(new VirtualAuthenticator('localhost', t.service.url).authenticate(await loginOptions(laptop.id)))).body).toMatchObject({ error: 'This passkey is not registered with this wallet.', reason: 'passkeyUnknown' });
    expect((await login(authenticator.authenticate(await loginOptions(laptop.id), { userHandle: b64u(Buffer.from('someone-else')) }))).status).toBe(400);

    const answer = await login(authenticator.authenticate(await loginOptions(laptop.id)));
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ address: wallet.address, authProvider: 'passkey', email: wallet.email });
    expect(answer.body.custody).toMatchObject({ state: 'ready', setId: wallet.set.setId, passkeys: 1 });
    // Fresh: the new device may fetch the auth share to recover; and it is approved for e-mail logins.
    expect((await t.client.call('/api/custody/auth-share', { purpose: 'recover' }, answer.body.token)).status).toBe(200);
    t.advance(31_000);
    expect((await t.client.call('/api/email/start', { email: wallet.email, deviceId: laptop.id })).body).toEqual({ action: 'VERIFY_OTP' });

    // The counter must grow: the same counter again (a cloned authenticator) is refused.
    const used = authenticator.counter;
    expect((await login(authenticator.authenticate(await loginOptions(laptop.id), { counter: used }))).body.error).toBe('The passkey could not be verified.');
    expect((await login(authenticator.authenticate(await loginOptions(laptop.id), { counter: used + 1 }))).status).toBe(200);
  });

  it('verifies a passkey of the account to make a session fresh, and takes only PRF passkeys as recovery factors', async () => {
    const wallet = await newWallet(t);
    expect((await t.client.call('/api/passkey/verify/options', {}, wallet.token)).body.error).toBe('This wallet has no passkey.');
    const prf = new VirtualAuthenticator('localhost', t.service.url);
    const plain = new VirtualAuthenticator('localhost', t.service.url);
    await registerPasskey(wallet.token, prf, true);
    await registerPasskey(wallet.token, plain, false);
    const options = await t.client.call<{ challenge: string; allowCredentials: { id: string }[] }>('/api/passkey/verify/options', {}, wallet.token);
    expect(options.body.allowCredentials.map((c) => c.id).sort()).toEqual([prf.id, plain.id].sort());
    expect((await t.client.call('/api/custody/auth-share', { purpose: 'export' }, wallet.token)).status).toBe(403);
    // Another account's passkey does not verify this one.
    const other = await newWallet(t);
    const theirs = new VirtualAuthenticator('localhost', t.service.url);
    await registerPasskey(other.token, theirs);
    expect((await t.client.call('/api/passkey/verify', { response: theirs.authenticate(options.body.challenge) }, wallet.token)).status).toBe(400);
    const again = await t.client.call<{ challenge: string }>('/api/passkey/verify/options', {}, wallet.token);
    expect((await t.client.call('/api/passkey/verify', { response: prf.authenticate(again.body.challenge) }, wallet.token)).body).toEqual({ ok: true });
    expect((await t.client.call('/api/custody/auth-share', { purpose: 'export' }, wallet.token)).status).toBe(200);

    const wrap = await sealWith(randomBytes(32), randomBytes(32), `minibot-recovery-wrap|${wallet.address}`);
    expect((await t.client.call('/api/custody/factors', { kind: 'passkey', credentialId: plain.id, wrap }, wallet.token)).body.error).toBe('This passkey cannot protect your recovery share.');
    expect((await t.client.call('/api/custody/factors', { kind: 'passkey', credentialId: theirs.id, wrap }, wallet.token)).body.error).toBe('This passkey is not registered with this wallet.');
    expect((await t.client.call('/api/custody/factors', { kind: 'passkey', credentialId: prf.id, wrap }, wallet.token)).body).toEqual({ factors: [{ kind: 'passkey', credentialId: prf.id, wrap }] });
    expect((await t.client.custody(wallet.token)).body).toMatchObject({ passkeys: 2, factors: [{ kind: 'passkey', credentialId: prf.id, wrap }] });
  });
});

describe('passkey login options: what anyone may ask for', () => {
  const challengeRows = (t: TestService) => (t.db.prepare('SELECT COUNT(*) AS n FROM embedded_webauthn_challenges').get() as { n: number }).n;
  const askOptions = (t: TestService, deviceId: string = randomUUID()) => t.client.call<{ challenge?: string; error?: string }>('/api/passkey/login/options', { deviceId });

  it('a loopback client hammering the login options gets 429 past its limit; the challenges stay bounded and the service keeps serving', async () => {
    const t = await startService();
    try {
      const answers = await Promise.all(Array.from({ length: 200 }, () => askOptions(t)));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(PASSKEY_LOGIN_LIMIT.count);
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused).toHaveLength(200 - PASSKEY_LOGIN_LIMIT.count);
      expect(refused[0].body.error).toMatch(/^Please try again after \d+ seconds$/);
      expect(challengeRows(t)).toBe(PASSKEY_LOGIN_LIMIT.count);
      // The service stays fine: an e-mail login, its key set and a passkey registration's options still go through.
      const wallet = await newWallet(t);
      expect((await t.client.call('/api/passkey/register/options', {}, wallet.token)).status).toBe(200);
      // Once the window has passed, the client may ask again.
      t.advance(PASSKEY_LOGIN_LIMIT.windowMs);
      expect((await askOptions(t)).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('drops challenges nobody answered once they expire: on the next use, and on the periodic sweep', async () => {
    const t = await startService({ challengeSweepMs: 50 });
    try {
      const authenticator = new VirtualAuthenticator('localhost', t.service.url);
      for (let i = 0; i < 3; i++) expect((await askOptions(t)).status).toBe(200);
      expect(challengeRows(t)).toBe(3);
      // Used: an answer to an expired challenge is refused, and every expired challenge goes with it.
      const deviceId = randomUUID();
      const challenge = (await askOptions(t, deviceId)).body.challenge!;
      t.advance(CHALLENGE_MS + 1);
      const late = await t.client.call<{ error?: string }>('/api/passkey/login', { deviceId, response: authenticator.authenticate(challenge) });
      expect(late.body.error).toBe('This passkey request expired. Please try again.');
      expect(challengeRows(t)).toBe(0);
      // Unused: the sweep drops them without any request.
      for (let i = 0; i < 2; i++) expect((await askOptions(t)).status).toBe(200);
      expect(challengeRows(t)).toBe(2);
      t.advance(CHALLENGE_MS + 1);
      await expect.poll(() => challengeRows(t), { timeout: 2_000 }).toBe(0);
    } finally {
      await t.close();
    }
  });
});
