// The frame's storage: one key-value store in IndexedDB on the wallet's origin (device keys, key shares, the session).
import type { EmbeddedUser } from '../../../../modal/src/api/embedded-protocol.js';
import { createDeviceKeyPair } from './custody.js';

export const dbPromise = new Promise<IDBDatabase>((resolve, reject) => {
  const request = indexedDB.open('minibot-embedded-wallet', 1);
  request.onupgradeneeded = () => request.result.createObjectStore('kv');
  request.onsuccess = () => {
    // Another page of this origin upgrading or deleting the database (the visitor clearing the site's data) wins: this
    // frame lets go instead of blocking it, and holds nothing until it is loaded again.
    request.result.onversionchange = () => request.result.close();
    resolve(request.result);
  };
  request.onerror = () => reject(request.error);
});
async function idb<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await dbPromise;
  return new Promise<T>((resolve, reject) => {
    const request = run(db.transaction('kv', mode).objectStore('kv'));
    request.onsuccess = () => resolve(request.result as T);
    request.onerror = () => reject(request.error);
  });
}
export const load = <T>(key: string) => idb<T | undefined>('readonly', (s) => s.get(key));
export const save = (key: string, value: unknown) => idb<void>('readwrite', (s) => s.put(value, key));
export const remove = (key: string) => idb<void>('readwrite', (s) => s.delete(key));

export interface StoredSession {
  token: string;
  user: EmbeddedUser;
}

/** An account key as this device kept it before key shares (AES-GCM under the device key); migrated on the next login. */
export interface SealedAccount {
  address: string;
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

/** This device's share of an account's current set: the blob sealed to its ECDH key, as the service stores it too. */
export interface StoredShare {
  setId: string;
  blob: string;
}

/** The recovery share of a set, kept on the device that made it until a passkey or password protects it. */
export interface PendingRecovery {
  setId: string;
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

/** The session of the account logged in on this device. */
export const SESSION = 'session';
/** The old sealed account key of this device (before key shares). */
export const accountKey = (address: string) => `account:${address.toLowerCase()}`;
export const shareKey = (address: string) => `share:${address.toLowerCase()}`;
export const pendingRecoveryKey = (address: string) => `pendingRecovery:${address.toLowerCase()}`;

const created = new Map<string, Promise<unknown>>();
/** The value under `key`, created and stored on first use (one creation per page even when asked twice at once). */
function once<T>(key: string, create: () => Promise<T> | T): Promise<T> {
  let value = created.get(key) as Promise<T> | undefined;
  if (!value) {
    value = (async () => {
      const stored = await load<T>(key);
      if (stored) return stored;
      const fresh = await create();
      await save(key, fresh);
      return fresh;
    })();
    value.catch(() => created.delete(key));
    created.set(key, value);
  }
  return value;
}

/** This browser profile's device id (the service's sessions and the manifest's devices name it). */
export const deviceId = () => once('deviceId', () => crypto.randomUUID());

/** The device's wrapping key: AES-GCM, non-extractable (script on this origin can use it, nobody can read it). */
export const deviceKey = () => once<CryptoKey>('deviceKey', () => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']));

/** The device's ECDH key pair: its shares are sealed to the public key; the private key is non-extractable. */
export const deviceKeyPair = () => once<CryptoKeyPair>('deviceEcdh', createDeviceKeyPair);

/** Encrypts bytes under the device key (for what stays on this device only). */
export async function sealOnDevice(bytes: Uint8Array): Promise<{ iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer }> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  return { iv, data: await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await deviceKey(), bytes as Uint8Array<ArrayBuffer>) };
}

export async function openOnDevice(sealed: { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer }): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, await deviceKey(), sealed.data));
}
