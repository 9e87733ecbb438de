import type { ModalStorage } from './types.js';

/*
 * The storage a client uses when given none (storage.ts, the `./storage` entry, re-exports it). The modules of the first
 * load import it from here, not from storage.ts, whose re-exports would bring the JSON helpers (storage-json.ts, which
 * only lazy chunks use) into a dapp's first load as a file of their own.
 */

/** In-memory storage: the default outside a browser and in tests. */
export function createMemoryStorage(initial: Record<string, string> = {}): ModalStorage {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

/** localStorage when usable (called lazily, never at import), memory otherwise. */
export function createDefaultStorage(): ModalStorage {
  try {
    if (typeof globalThis.localStorage !== 'undefined') {
      const probe = 'mb:probe';
      globalThis.localStorage.setItem(probe, '1');
      globalThis.localStorage.removeItem(probe);
      return globalThis.localStorage;
    }
  } catch {
    // Private mode or blocked storage: fall through.
  }
  return createMemoryStorage();
}
