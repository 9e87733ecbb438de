import { createHash, randomUUID } from 'node:crypto';
import { combine, split } from 'shamir-secret-sharing';
import { hexToBytes, toHex, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { CustodyBundle, LoginAnswer, Manifest, Sealed } from '../src/embedded/custody-types.js';

// The wallet frame's half of issue 28's custody, in Node (WebCrypto, shamir-secret-sharing, viem): what the tests
// of the service need to act as the frame would.

const subtle = globalThis.crypto.subtle;
const b64u = (bytes: Uint8Array | ArrayBuffer) => Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('base64url');
const fromB64u = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));
export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** A device of the frame: its id and ECDH P-256 key pair (private key not extractable, as in IndexedDB). */
export interface TestDevice {
  id: string;
  label: string;
  keys: CryptoKeyPair;
  publicJwk: string;
}

export async function newDevice(label = 'Node on Linux', id: string = randomUUID()): Promise<TestDevice> {
  const keys = (await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits'])) as CryptoKeyPair;
  const jwk = await subtle.exportKey('jwk', keys.publicKey);
  return { id, label, keys, publicJwk: JSON.stringify({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }) };
}

async function deviceAesKey(bits: ArrayBuffer, setId: string, deviceId: string): Promise<CryptoKey> {
  const hkdf = await subtle.importKey('raw', bits, 'HKDF', false, ['deriveKey']);
  return subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(32), info: new TextEncoder().encode(`minibot-device-share|${setId}|${deviceId}`) }, hkdf, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

/** "Seal to device": ephemeral ECDH, HKDF, AES-GCM; the blob is {epk, iv, data}. */
export async function sealToDevice(share: Uint8Array, setId: string, deviceId: string, publicJwk: string): Promise<string> {
  const recipient = await subtle.importKey('jwk', JSON.parse(publicJwk) as JsonWebKey, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const ephemeral = (await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const bits = await subtle.deriveBits({ name: 'ECDH', public: recipient }, ephemeral.privateKey, 256);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const data = await subtle.encrypt({ name: 'AES-GCM', iv }, await deviceAesKey(bits, setId, deviceId), new Uint8Array(share));
  return JSON.stringify({ epk: await subtle.exportKey('jwk', ephemeral.publicKey), iv: b64u(iv), data: b64u(data) });
}

export async function openDeviceBlob(blob: string, setId: string, device: TestDevice): Promise<Uint8Array> {
  const { epk, iv, data } = JSON.parse(blob) as { epk: JsonWebKey; iv: string; data: string };
  const sender = await subtle.importKey('jwk', epk, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const bits = await subtle.deriveBits({ name: 'ECDH', public: sender }, device.keys.privateKey, 256);
  return new Uint8Array(await subtle.decrypt({ name: 'AES-GCM', iv: fromB64u(iv) }, await deviceAesKey(bits, setId, device.id), fromB64u(data)));
}

async function aes(key: Uint8Array): Promise<CryptoKey> {
  return subtle.importKey('raw', new Uint8Array(key), 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export async function sealWith(key: Uint8Array, plaintext: Uint8Array, aad: string): Promise<Sealed> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  return { iv: b64u(iv), data: b64u(await subtle.encrypt({ name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(aad) }, await aes(key), new Uint8Array(plaintext))) };
}

export async function openWith(key: Uint8Array, sealed: Sealed, aad: string): Promise<Uint8Array> {
  return new Uint8Array(await subtle.decrypt({ name: 'AES-GCM', iv: fromB64u(sealed.iv), additionalData: new TextEncoder().encode(aad) }, await aes(key), fromB64u(sealed.data)));
}

/** The recovery share under the recovery key Kr, as the recovery ciphertext string. */
export async function sealRecovery(share: Uint8Array, kr: Uint8Array, address: string, setId: string): Promise<string> {
  return JSON.stringify(await sealWith(kr, share, `minibot-recovery|${address}|${setId}`));
}

export async function openRecovery(recovery: string, kr: Uint8Array, address: string, setId: string): Promise<Uint8Array> {
  return openWith(kr, JSON.parse(recovery) as Sealed, `minibot-recovery|${address}|${setId}`);
}

/** A new set of `key` (2-of-N): the rotate request and the shares the test keeps. */
export interface BuiltSet {
  setId: string;
  manifest: Manifest;
  request: { manifest: string; signature: Hex; authShare: string; recovery: string | null; deviceShares: Record<string, string> };
  authShare: Uint8Array;
  recoveryShare: Uint8Array;
  deviceShares: Record<string, Uint8Array>;
}

export async function buildSet(options: {
  key: Hex;
  previousSetId: string | null;
  devices: { id: string; label: string; publicJwk: string; addedAt?: number }[];
  /** The recovery key: the recovery share goes encrypted in the request (else recovery is null). */
  kr?: Uint8Array;
  /** Signs the manifest with another key (a forgery). */
  signWith?: Hex;
  /** The manifest's account, when not the key's own. */
  account?: Hex;
}): Promise<BuiltSet> {
  const account = privateKeyToAccount(options.key).address;
  const setId = randomUUID();
  const shares = await split(hexToBytes(options.key), 2 + options.devices.length, 2);
  const recovery = options.kr ? await sealRecovery(shares[1], options.kr, account, setId) : null;
  const deviceShares: Record<string, string> = {};
  const devices = await Promise.all(
    options.devices.map(async (device, index) => {
      const blob = await sealToDevice(shares[2 + index], setId, device.id, device.publicJwk);
      deviceShares[device.id] = blob;
      return { id: device.id, publicKey: device.publicJwk, label: device.label, addedAt: device.addedAt ?? Date.now(), shareHash: sha256Hex(blob) };
    }),
  );
  const manifest: Manifest = {
    v: 1,
    account: options.account ?? account,
    setId,
    previousSetId: options.previousSetId,
    createdAt: Date.now(),
    authShareHash: sha256Hex(shares[0]),
    recoveryHash: recovery === null ? null : sha256Hex(recovery),
    devices,
  };
  const text = JSON.stringify(manifest);
  const signature = await privateKeyToAccount(options.signWith ?? options.key).signMessage({ message: text });
  return {
    setId,
    manifest,
    request: { manifest: text, signature, authShare: b64u(shares[0]), recovery, deviceShares },
    authShare: shares[0],
    recoveryShare: shares[1],
    deviceShares: Object.fromEntries(options.devices.map((device, index) => [device.id, shares[2 + index]])),
  };
}

/** Rebuilds the key from two shares; its hex. */
export async function rebuild(a: Uint8Array, b: Uint8Array): Promise<Hex> {
  return toHex(await combine([a, b]));
}

export const newKey = () => generatePrivateKey();
export { b64u, fromB64u };

/** An HTTP client of the wallet service that sends the service's own Origin, as the frame does; it logs every answer. */
export class FrameClient {
  /** Every answer's text, for the "never k" checks. */
  readonly answers: string[] = [];
  constructor(readonly origin: string) {}

  async call<T = Record<string, unknown>>(path: string, body?: unknown, token?: string): Promise<{ status: number; body: T & { error?: string } }> {
    const response = await fetch(`${this.origin}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { origin: this.origin, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    this.answers.push(text);
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T & { error?: string } };
  }

  async latestCode(email: string): Promise<string> {
    const { body } = await this.call<{ messages: { code?: string }[] }>(`/mailbox.json?to=${encodeURIComponent(email)}`);
    return body.messages[0]?.code ?? '';
  }

  /** E-mail login of a new e-mail (or a device approved for it). */
  async loginByEmail(email: string, deviceId: string): Promise<LoginAnswer> {
    const start = await this.call('/api/email/start', { email, deviceId });
    if (start.body.action !== 'VERIFY_OTP') throw new Error(`unexpected ${JSON.stringify(start.body)}`);
    const verified = await this.call<LoginAnswer>('/api/email/verify', { email, deviceId, otp: await this.latestCode(email) });
    if (verified.status !== 200) throw new Error(`login failed: ${JSON.stringify(verified.body)}`);
    return verified.body;
  }

  /** A social login (no device approval): the same name is the same account. */
  async loginBySocial(name: string, deviceId: string): Promise<LoginAnswer> {
    const start = await this.call<{ uri: string; state: string }>('/api/social/start', { provider: 'github', deviceId });
    const consent = await fetch(start.body.uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: this.origin },
      body: new URLSearchParams({ state: start.body.state, account: name, decision: 'allow' }).toString(),
      redirect: 'manual',
    });
    const code = new URL(consent.headers.get('location')!, this.origin).searchParams.get('code');
    const exchanged = await this.call<LoginAnswer>('/api/social/exchange', { state: start.body.state, code, deviceId });
    if (exchanged.status !== 200) throw new Error(`login failed: ${JSON.stringify(exchanged.body)}`);
    return exchanged.body;
  }

  custody(token: string) {
    return this.call<CustodyBundle>('/api/custody', undefined, token);
  }

  /** Makes the session fresh with an e-mail code. */
  async freshByEmail(email: string, token: string): Promise<void> {
    const sent = await this.call('/api/fresh/code', {}, token);
    if (sent.status !== 200) throw new Error(`fresh code failed: ${JSON.stringify(sent.body)}`);
    const verified = await this.call('/api/fresh/verify', { otp: await this.latestCode(email) }, token);
    if (verified.status !== 200) throw new Error(`fresh verify failed: ${JSON.stringify(verified.body)}`);
  }
}
