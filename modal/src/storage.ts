/**
 * @minibot/modal/storage: the modal's storage keys, its default storage and the JSON helpers over it. Each lives in
 * the module its users load: the keys with the first load's constants (core/core-constants.ts), the default storage
 * in core/default-storage.ts (the client), the JSON helpers in storage-json.ts (the directory's recent wallets and the
 * identity cache, lazy chunks).
 */
export { STORAGE_KEYS } from './core/core-constants.js';
export { createMemoryStorage, createDefaultStorage } from './core/default-storage.js';
export { readJson, writeJson } from './storage-json.js';
