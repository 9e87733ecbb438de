// The embedded wallet's key custody (issue 28's design): the account key k split 2-of-N (auth, recovery, one share
// per device), device shares sealed to each device's ECDH key, the recovery share under a recovery key Kr that each
// factor (a passkey's PRF output, a recovery password) wraps, and the manifest of a set signed by k. Pure WebCrypto
// and small libraries: the frame runs it in the browser, the unit tests in Node.
import { argon2idAsync } from '@noble/hashes/argon2';
import { combine, split } from 'shamir-secret-sharing';
import { bytesToHex, getAddress, verifyMessage, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { Argon2Params, Manifest, ManifestDevice, RotateRequest, Sealed } from '../custody-types.js';
import type { FrameReason } from './errors.js';

// The set's and the ciphertexts' shapes are the service's contract (one definition, types only).
export type { Argon2Params, Manifest, ManifestDevice, Sealed } from '../custody-types.js';

const encoder = new TextEncoder();
const utf8 = (text: string) => encoder.encode(text);

// ---- base64url -----------------------------------------------------------------------------------------------
/** Bytes as unpadded base64url. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Unpadded (or padded) base64url as bytes; throws on anything else. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) throw new CustodyError('Malformed base64url');
  const binary = atob(text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A custody check failed (wrong key, a share of another set, a forged manifest): one sentence. */
export class CustodyError extends Error {
  override name = 'CustodyError';
  constructor(
    message: string,
    /** What went wrong when the person can act on it (the panels say it in their language); else a general sentence. */
    readonly reason?: FrameReason,
  ) {
    super(message);
  }
}

/** Overwrites secret bytes once they are used (a best effort: the engine may have copied them). */
export function wipe(...arrays: (Uint8Array | undefined)[]): void {
  for (const array of arrays) array?.fill(0);
}

export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  const bytes = typeof data === 'string' ? utf8(data) : data;
  return bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>))).slice(2);
}

const ZERO_SALT = new Uint8Array(32);

/** HKDF-SHA-256 of `secret` (salt 32 zero bytes) into an AES-GCM-256 key for `usages`. */
async function hkdfAesKey(secret: Uint8Array | ArrayBuffer, info: string, usages: KeyUsage[]): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', secret as Uint8Array<ArrayBuffer>, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: ZERO_SALT, info: utf8(info) }, base, { name: 'AES-GCM', length: 256 }, false, usages);
}

async function aesEncrypt(key: CryptoKey, plaintext: Uint8Array, aad?: string): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, ...(aad === undefined ? {} : { additionalData: utf8(aad) }) }, key, plaintext as Uint8Array<ArrayBuffer>);
  return { iv: toBase64Url(iv), data: toBase64Url(new Uint8Array(data)) };
}

async function aesDecrypt(key: CryptoKey, sealed: Sealed, aad: string | undefined, failure: string, reason?: FrameReason): Promise<Uint8Array> {
  try {
    const iv = fromBase64Url(sealed.iv);
    const data = await crypto.subtle.decrypt({ name: 'AES-GCM', iv, ...(aad === undefined ? {} : { additionalData: utf8(aad) }) }, key, fromBase64Url(sealed.data));
    return new Uint8Array(data);
  } catch {
    throw new CustodyError(failure, reason);
  }
}

const rawAesKey = (bytes: Uint8Array, usages: KeyUsage[]) => crypto.subtle.importKey('raw', bytes as Uint8Array<ArrayBuffer>, 'AES-GCM', false, usages);

// ---- devices ------------------------------------------------------------------------------------------------
const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;

/** A device's ECDH P-256 key pair: the private key cannot be exported (only this origin's script can use it). */
export function createDeviceKeyPair(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(ECDH, false, ['deriveBits']);
}

/** The device's public key as the manifest names it: the JSON string of its JWK (kty, crv, x, y). */
export async function devicePublicKey(pair: CryptoKeyPair): Promise<string> {
  const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', pair.publicKey);
  return JSON.stringify({ kty, crv, x, y });
}

const deviceInfo = (setId: string, deviceId: string) => `minibot-device-share|${setId}|${deviceId}`;

/**
 * Seals `share` to a device (ECDH-ES): an ephemeral P-256 pair agrees 256 bits with the device's public key,
 * HKDF turns them into the AES-GCM key of this set and device. Answers the blob (a JSON string) the service stores.
 */
export async function sealToDevice(share: Uint8Array, publicKey: string, setId: string, deviceId: string): Promise<string> {
  const { kty, crv, x, y } = JSON.parse(publicKey) as JsonWebKey;
  const recipient = await crypto.subtle.importKey('jwk', { kty, crv, x, y }, ECDH, true, []);
  const ephemeral = await crypto.subtle.generateKey(ECDH, true, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'ECDH', public: recipient }, ephemeral.privateKey, 256);
  const key = await hkdfAesKey(bits, deviceInfo(setId, deviceId), ['encrypt']);
  const epk = await crypto.subtle.exportKey('jwk', ephemeral.publicKey);
  const { iv, data } = await aesEncrypt(key, share);
  return JSON.stringify({ epk: { kty: epk.kty, crv: epk.crv, x: epk.x, y: epk.y }, iv, data });
}

/** Opens a device blob with the device's private key; throws for a blob of another device, set or key. */
export async function openDeviceShare(blob: string, privateKey: CryptoKey, setId: string, deviceId: string): Promise<Uint8Array> {
  let parsed: { epk: JsonWebKey } & Sealed;
  let bits: ArrayBuffer;
  try {
    parsed = JSON.parse(blob) as { epk: JsonWebKey } & Sealed;
    const { kty, crv, x, y } = parsed.epk;
    const epk = await crypto.subtle.importKey('jwk', { kty, crv, x, y }, ECDH, true, []);
    bits = await crypto.subtle.deriveBits({ name: 'ECDH', public: epk }, privateKey, 256);
  } catch {
    throw new CustodyError('This device cannot open its share of the key', 'deviceShareUnreadable');
  }
  const key = await hkdfAesKey(bits, deviceInfo(setId, deviceId), ['decrypt']);
  return aesDecrypt(key, parsed, undefined, 'This device cannot open its share of the key', 'deviceShareUnreadable');
}

// ---- shares ----------------------------------------------------------------------------------------------------
/** The shares of one set: [0] auth, [1] recovery, [2 + i] device i (2-of-N, one polynomial). */
export interface KeyShares {
  auth: Uint8Array;
  recovery: Uint8Array;
  devices: Uint8Array[];
}

/** Splits the 32-byte key into the shares of a new set for `deviceCount` devices. */
export async function splitKey(k: Uint8Array, deviceCount: number): Promise<KeyShares> {
  if (k.length !== 32) throw new CustodyError('The key must be 32 bytes');
  const [auth, recovery, ...devices] = await split(k, 2 + deviceCount, 2);
  return { auth, recovery, devices };
}

/**
 * Rebuilds the key from two shares and checks that it is the account's (shares of different sets rebuild another
 * number). Wipes both shares. Answers the key as hex.
 */
export async function combineKey(a: Uint8Array, b: Uint8Array, address: string): Promise<Hex> {
  let k: Uint8Array | undefined;
  try {
    k = await combine([a, b]);
    const hex = bytesToHex(k);
    if (privateKeyToAccount(hex).address.toLowerCase() !== address.toLowerCase()) throw new Error('other account');
    return hex;
  } catch {
    throw new CustodyError('The key shares do not belong together');
  } finally {
    wipe(a, b, k);
  }
}

/** A new account key: 32 random bytes (viem checks that they are a valid secp256k1 scalar). */
export function newAccountKey(): { k: Uint8Array; account: PrivateKeyAccount } {
  for (;;) {
    const k = crypto.getRandomValues(new Uint8Array(32));
    try {
      return { k, account: privateKeyToAccount(bytesToHex(k)) };
    } catch {
      wipe(k);
    }
  }
}

// ---- recovery --------------------------------------------------------------------------------------------------
/** A new recovery key Kr (32 random bytes). */
export const newRecoveryKey = () => crypto.getRandomValues(new Uint8Array(32));

const recoveryAad = (address: string, setId: string) => `minibot-recovery|${address}|${setId}`;
const wrapAad = (address: string) => `minibot-recovery-wrap|${address}`;

/** The recovery share under Kr, bound to the account and the set: the JSON string {iv, data}. */
export async function encryptRecovery(share: Uint8Array, kr: Uint8Array, address: string, setId: string): Promise<string> {
  return JSON.stringify(await aesEncrypt(await rawAesKey(kr, ['encrypt']), share, recoveryAad(address, setId)));
}

export async function decryptRecovery(ciphertext: string, kr: Uint8Array, address: string, setId: string): Promise<Uint8Array> {
  let sealed: Sealed;
  try {
    sealed = JSON.parse(ciphertext) as Sealed;
  } catch {
    throw new CustodyError('The recovery share is damaged');
  }
  return aesDecrypt(await rawAesKey(kr, ['decrypt']), sealed, recoveryAad(address, setId), 'The recovery key does not open the recovery share');
}

/** Wraps Kr under a factor's 32-byte wrap key (AES-GCM, bound to the account). */
export async function wrapRecoveryKey(kr: Uint8Array, wrapKey: Uint8Array, address: string): Promise<Sealed> {
  return aesEncrypt(await rawAesKey(wrapKey, ['encrypt']), kr, wrapAad(address));
}

export async function unwrapRecoveryKey(wrap: Sealed, wrapKey: Uint8Array, address: string): Promise<Uint8Array> {
  return aesDecrypt(await rawAesKey(wrapKey, ['decrypt']), wrap, wrapAad(address), 'This factor does not unlock the recovery key');
}

/** The PRF input of every recovery passkey (constant: a discoverable login does not know the account yet). */
export const PRF_LABEL = 'minibot wallet recovery v1';
export async function prfSalt(): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', utf8(PRF_LABEL)));
}

/** A passkey factor's wrap key: HKDF-SHA-256 of its PRF output, bound to the credential. */
export async function prfWrapKey(prfOutput: Uint8Array | ArrayBuffer, credentialId: string): Promise<Uint8Array> {
  const base = await crypto.subtle.importKey('raw', prfOutput as Uint8Array<ArrayBuffer>, 'HKDF', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: ZERO_SALT, info: utf8(wrapAad(credentialId)) }, base, 256);
  return new Uint8Array(bits);
}

/** The password factor's KDF (the design's argon2id parameters). */
export const PASSWORD_KDF = { alg: 'argon2id', m: 19_456, t: 2, p: 1 } as const;

/** argon2id of the password (NFKC): bytes 0..31 wrap Kr, bytes 32..63 are the verifier the service checks. */
export async function passwordKeys(password: string, salt: Uint8Array, kdf: Argon2Params = PASSWORD_KDF): Promise<{ wrapKey: Uint8Array; verifier: Uint8Array }> {
  if (kdf.alg !== 'argon2id') throw new CustodyError('Unknown password scheme');
  const out = await argon2idAsync(utf8(password.normalize('NFKC')), salt, { m: kdf.m, t: kdf.t, p: kdf.p, dkLen: 64 });
  const keys = { wrapKey: out.slice(0, 32), verifier: out.slice(32, 64) };
  wipe(out);
  return keys;
}

// ---- manifest ---------------------------------------------------------------------------------------------------
/** The manifest's text (the exact string that is signed and stored): JSON.stringify with the design's key order. */
export function manifestText(manifest: Manifest): string {
  const { v, account, setId, previousSetId, createdAt, authShareHash, recoveryHash, devices } = manifest;
  return JSON.stringify({
    v,
    account,
    setId,
    previousSetId,
    createdAt,
    authShareHash,
    recoveryHash,
    devices: devices.map(({ id, publicKey, label, addedAt, shareHash }) => ({ id, publicKey, label, addedAt, shareHash })),
  });
}

/** EIP-191 signature of the manifest's text by the account key. */
export async function signManifest(text: string, account: PrivateKeyAccount): Promise<Hex> {
  return account.signMessage({ message: text });
}

/** A device as a new set names it (its share's hash comes with the set). */
export type SetDevice = Omit<ManifestDevice, 'shareHash'>;

/** A new set of the key: the service's rotate request, and the recovery share for its caller to keep or drop. */
export interface NewSet {
  setId: string;
  manifest: Manifest;
  request: RotateRequest;
  /** Encrypted under Kr in `request.recovery` when Kr was given; the caller wipes it. */
  recoveryShare: Uint8Array;
}

/**
 * Splits the key `k` of `account` into a new set: the auth share, the recovery share (under Kr, when given) and one
 * share per device sealed to it, named by a manifest that the key signs. Wipes the auth and device shares.
 */
export async function makeSet(parameters: { k: Uint8Array; account: PrivateKeyAccount; previousSetId: string | null; devices: SetDevice[]; kr?: Uint8Array }): Promise<NewSet> {
  const { k, account, previousSetId, devices, kr } = parameters;
  const shares = await splitKey(k, devices.length);
  try {
    const setId = crypto.randomUUID();
    const recovery = kr ? await encryptRecovery(shares.recovery, kr, account.address, setId) : null;
    const blobs = await Promise.all(devices.map((device, index) => sealToDevice(shares.devices[index], device.publicKey, setId, device.id)));
    const manifest: Manifest = {
      v: 1,
      account: account.address,
      setId,
      previousSetId,
      createdAt: Date.now(),
      authShareHash: await sha256Hex(shares.auth),
      recoveryHash: recovery === null ? null : await sha256Hex(recovery),
      devices: await Promise.all(devices.map(async (device, index) => ({ ...device, shareHash: await sha256Hex(blobs[index]) }))),
    };
    const text = manifestText(manifest);
    const deviceShares = Object.fromEntries(devices.map((device, index) => [device.id, blobs[index]]));
    const request = { manifest: text, signature: await signManifest(text, account), authShare: toBase64Url(shares.auth), recovery, deviceShares };
    return { setId, manifest, request, recoveryShare: shares.recovery };
  } catch (error) {
    wipe(shares.recovery);
    throw error;
  } finally {
    wipe(shares.auth, ...shares.devices);
  }
}

/**
 * Reads a manifest the service handed back and checks it: signed by `account` (and naming it), version 1. Answers
 * the manifest; throws for a forged or edited one.
 */
export async function verifyManifest(text: string, signature: string, account: string): Promise<Manifest> {
  let manifest: Manifest;
  let valid = false;
  try {
    manifest = JSON.parse(text) as Manifest;
    valid =
      manifest.v === 1 &&
      getAddress(manifest.account) === getAddress(account) &&
      Array.isArray(manifest.devices) &&
      (await verifyMessage({ address: getAddress(account), message: text, signature: signature as Hex }));
  } catch {
    valid = false;
  }
  if (!valid) throw new CustodyError('The key set of this account is not signed by its key');
  return manifest!;
}
