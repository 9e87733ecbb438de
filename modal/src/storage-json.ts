import type { ModalStorage } from './core/types.js';

/*
 * JSON in the modal's storage (the recent wallets, the identity cache): used by lazy chunks only (the directory, the
 * balance and identity fetch), so a module apart from the keys and the default storage that the client loads first.
 */

/** Reads JSON, dropping what does not parse. */
export function readJson<T>(storage: ModalStorage, key: string): T | undefined {
  const raw = storage.getItem(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

export function writeJson(storage: ModalStorage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or blocked storage: caching is best effort.
  }
}
