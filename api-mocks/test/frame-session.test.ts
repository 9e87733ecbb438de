import { getAddress, verifyMessage, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createDeviceKeyPair, fromBase64Url, newRecoveryKey, passwordKeys, sha256Hex, toBase64Url, wrapRecoveryKey, type Manifest } from '../src/embedded/frame/custody.js';
import type { CustodyBundle } from '../src/embedded/frame/wallet-service.js';

// The wallet frame's session and custody flows (session.ts) in Node: each "device" is its own key-value store, and a
// small in-memory service keeps the rules of the design's HTTP section that the frame relies on.
interface Device {
  id: string;
  kv: Map<string, unknown>;
  aes?: CryptoKey;
}
let device: Device;
const devices = new Map<string, Device>();
function useDevice(id: string) {
  device = devices.get(id) ?? { id, kv: new Map() };
  devices.set(id, device);
}

vi.mock('../src/embedded/frame/storage.js', () => {
  const aes = async () => (device.aes ??= await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']));
  return {
    load: async (key: string) => device.kv.get(key),
    save: async (key: string, value: unknown) => void device.kv.set(key, value),
    remove: async (key: string) => void device.kv.delete(key),
    SESSION: 'session',
    accountKey: (address: string) => `account:${address.toLowerCase()}`,
    shareKey: (address: string) => `share:${address.toLowerCase()}`,
    pendingRecoveryKey: (address: string) => `pendingRecovery:${address.toLowerCase()}`,
    deviceId: async () => device.id,
    deviceKeyPair: async () => {
      if (!device.kv.has('deviceEcdh')) device.kv.set('deviceEcdh', await createDeviceKeyPair());
      return device.kv.get('deviceEcdh');
    },
    sealOnDevice: async (bytes: Uint8Array) => {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      return { iv, data: await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await aes(), bytes as Uint8Array<ArrayBuffer>) };
    },
    openOnDevice: async (sealed: { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer }) => new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, await aes(), sealed.data)),
  };
});

const session = await import('../src/embedded/frame/session.js');

/** The service's side of one account, as the design's HTTP section describes it. */
interface Service {
  address: string;
  set?: { setId: string; manifest: string; signature: string; authShare: string; recovery: string | null; deviceShares: Record<string, string> };
  factors: CustodyBundle['factors'];
  password?: { verifierHash: string; wrap: { iv: string; data: string } };
  legacyKey?: Hex;
}
let service: Service;
const tokenOf = (deviceId: string) => `token-${deviceId}`;
const deviceOf = (init?: RequestInit) => String((init?.headers as Record<string, string>).authorization).replace('Bearer token-', '');
const inSet = (deviceId: string) => Boolean(service.set && (JSON.parse(service.set.manifest) as Manifest).devices.some((d) => d.id === deviceId));

function bundleFor(deviceId: string): CustodyBundle {
  const common = { factors: service.factors, passkeys: 0 };
  if (service.set) {
    const { setId, manifest, signature, recovery, deviceShares } = service.set;
    return { state: 'ready', setId, manifest, signature, recovery, ...(deviceShares[deviceId] ? { deviceShare: deviceShares[deviceId] } : {}), ...common };
  }
  if (!service.address) return { state: 'new', ...common };
  return { state: 'legacy', ...(service.legacyKey ? { legacyKey: service.legacyKey } : {}), ...common };
}

const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function fakeFetch(path: string, init?: RequestInit): Promise<Response> {
  const deviceId = deviceOf(init);
  const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
  switch (path) {
    case '/api/custody':
      return reply(200, bundleFor(deviceId));
    case '/api/custody/rotate': {
      const { manifest: text, signature, authShare, recovery, deviceShares } = body as Required<Service>['set'];
      const manifest = JSON.parse(text) as Manifest;
      if (service.address && manifest.account !== service.address) return reply(403, { error: 'Another account.' });
      if (!(await verifyMessage({ address: manifest.account, message: text, signature: signature as Hex }))) return reply(403, { error: 'Not signed.' });
      if (manifest.previousSetId !== (service.set?.setId ?? null)) return reply(409, { error: 'The key shares changed meanwhile.' });
      if ((await sha256Hex(fromBase64Url(authShare))) !== manifest.authShareHash) return reply(400, { error: 'Auth share.' });
      if ((recovery === null ? null : await sha256Hex(recovery)) !== manifest.recoveryHash) return reply(400, { error: 'Recovery.' });
      if (recovery === null && (service.set?.recovery != null || service.factors.length)) return reply(400, { error: 'The recovery share cannot be dropped.' });
      for (const d of manifest.devices) if ((await sha256Hex(deviceShares[d.id])) !== d.shareHash) return reply(400, { error: 'Device share.' });
      if (!manifest.devices.some((d) => d.id === deviceId)) return reply(403, { error: 'This device must be in the manifest.' });
      service.address = manifest.account;
      service.set = { setId: manifest.setId, manifest: text, signature, authShare, recovery, deviceShares };
      return reply(200, { setId: manifest.setId });
    }
    case '/api/custody/auth-share':
      if (!service.set) return reply(403, { error: 'This wallet has no key yet.' });
      if (body?.purpose !== 'recover' && !inSet(deviceId)) return reply(403, { error: 'This device holds no share of the key.' });
      return reply(200, { setId: service.set.setId, authShare: service.set.authShare });
    case '/api/custody/factors': {
      if (!inSet(deviceId)) return reply(403, { error: 'Only a device holding a share of the key may protect it.' });
      const { salt, kdf, wrap, verifier } = body as { salt: string; kdf: { alg: 'argon2id'; m: number; t: number; p: number }; wrap: { iv: string; data: string }; verifier: string };
      service.factors = [...service.factors.filter((f) => f.kind !== 'password'), { kind: 'password', salt, kdf }];
      service.password = { verifierHash: await sha256Hex(fromBase64Url(verifier)), wrap };
      return reply(200, { factors: service.factors });
    }
    case '/api/custody/password':
      if ((await sha256Hex(fromBase64Url(String(body?.verifier)))) !== service.password?.verifierHash) return reply(400, { error: 'Wrong password' });
      return reply(200, { wrap: service.password.wrap });
  }
  return reply(404, { error: 'Not found' });
}

const user = (address = '') => ({ address, chainId: 31337, accounts: [], authProvider: 'email' });
/** A login of the current device: its session and the service's bundle for it. */
const login = () => session.settleCustody({ token: tokenOf(device.id), user: user(service.address) }, bundleFor(device.id));
const stored = async () => (await session.currentSession()) as Awaited<ReturnType<typeof session.currentSession>>;

/** What the protect panel does with a recovery password: a new Kr, a new set with the recovery share under it, the factor. */
async function protectWithPassword(password: string) {
  const s = await stored();
  const custody = await session.fetchCustody(s);
  const kr = newRecoveryKey();
  await session.resplit(s, custody, new Uint8Array(kr));
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const { wrapKey, verifier } = await passwordKeys(password, salt);
  const wrap = await wrapRecoveryKey(kr, wrapKey, s.user.address);
  await fakeFetch('/api/custody/factors', {
    method: 'POST',
    headers: { authorization: `Bearer ${s.token}` },
    body: JSON.stringify({ kind: 'password', salt: toBase64Url(salt), kdf: { alg: 'argon2id', m: 19456, t: 2, p: 1 }, wrap, verifier: toBase64Url(verifier) }),
  });
  return kr;
}

describe('frame session and custody', () => {
  beforeEach(() => {
    devices.clear();
    service = { address: '', factors: [] };
    vi.stubGlobal('fetch', fakeFetch);
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36', language: 'en' });
  });

  it('a new account: the frame creates the key, keeps its share and the recovery share, and signs with device + auth share', async () => {
    useDevice('device-a');
    const created = await login();
    expect(created.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(created.security).toEqual({ state: 'protect', passkeys: 0, password: false });
    expect(service.set!.recovery).toBeNull();
    expect(device.kv.has(`pendingRecovery:${created.address.toLowerCase()}`)).toBe(true);
    const manifest = JSON.parse(service.set!.manifest) as Manifest;
    expect(manifest.devices.map((d) => [d.id, d.label])).toEqual([['device-a', 'Chrome on Linux']]);
    const signature = await session.withAccount(await stored(), (account) => account.signMessage({ message: 'hi' }));
    expect(await verifyMessage({ address: getAddress(created.address), message: 'hi', signature })).toBe(true);
    // Reload: the same answer, nothing rotated.
    expect((await login()).security?.state).toBe('protect');
    expect(service.set!.setId).toBe(manifest.setId);
  });

  it('protect, then recover on a new device with the password, then remove that device', async () => {
    useDevice('device-a');
    const { address } = await login();
    const kr = await protectWithPassword('correct horse battery');
    expect(service.set!.recovery).not.toBeNull();
    expect(device.kv.has(`pendingRecovery:${address.toLowerCase()}`)).toBe(false);
    expect((await login()).security).toEqual({ state: 'ready', passkeys: 0, password: true });

    useDevice('device-b');
    expect((await login()).security?.state).toBe('recover');
    await expect(session.withAccount(await stored(), async () => 'signed')).rejects.toThrow();
    const b = await stored();
    await session.recoverDevice(b, await session.fetchCustody(b), new Uint8Array(kr));
    expect((await login()).security?.state).toBe('ready');
    expect(await session.withAccount(b, async (account) => account.address)).toBe(getAddress(address));

    // Device A's share was re-sealed to it in the new set: it picks it up on its next signature.
    useDevice('device-a');
    const a = await stored();
    expect(await session.withAccount(a, async (account) => account.address)).toBe(getAddress(address));
    await session.resplit(a, await session.fetchCustody(a), new Uint8Array(kr), 'device-b');
    expect((JSON.parse(service.set!.manifest) as Manifest).devices.map((d) => d.id)).toEqual(['device-a']);
    useDevice('device-b');
    await expect(session.withAccount(b, async () => 'signed')).rejects.toThrow('holds no share');
  }, 30_000);

  it('a legacy account: the old key is split at once and the local copy dropped', async () => {
    const key = generatePrivateKey();
    service = { address: privateKeyToAccount(key).address, factors: [], legacyKey: key };
    useDevice('device-a');
    device.kv.set(`account:${service.address.toLowerCase()}`, { stale: true });
    const migrated = await login();
    expect(migrated.security?.state).toBe('protect');
    expect(service.set).toBeDefined();
    expect(device.kv.has(`account:${service.address.toLowerCase()}`)).toBe(false);
    expect(await session.withAccount(await stored(), async (account) => account.address)).toBe(service.address);
  });

  it('a manifest edited in the database (a device added) is refused', async () => {
    useDevice('device-a');
    await login();
    const manifest = JSON.parse(service.set!.manifest) as Manifest;
    manifest.devices.push({ ...manifest.devices[0], id: 'intruder' });
    service.set!.manifest = JSON.stringify(manifest);
    await expect(login()).rejects.toThrow('not signed by its key');
  });
});
