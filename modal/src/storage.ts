import type { ModalStorage } from './core/types.js';

/** Storage keys the modal writes (one prefix, so disconnect can clear them). */
export const STORAGE_KEYS = {
  connectorId: 'mb:connectorId',
  /** The connected address, shown at once while a reload restores the session. */
  lastAddress: 'mb:lastAddress',
  /** The Solana session's connector (a second session beside the EVM one). */
  solanaConnectorId: 'mb:solana',
  recentWallets: 'mb:recentWallets',
  identityPrefix: 'mb:identity:',
} as const;

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
