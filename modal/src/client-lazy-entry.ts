import type { ModalClient, ModalOptions } from './core/types.js';
import type { ModalControllers } from './controllers/bag.js';
import { controllersOf } from './client-registry.js';

/*
 * The clients that make their controllers on first use (client-lazy.ts), beside client-registry.ts: a module of its
 * own, which only what reads such a client before its controllers imports (the connect button, the modal's element,
 * the React hub hooks), so that a page whose client makes them at once loads none of it.
 */

/** What a client that makes its controllers on first use (client-lazy.ts) tells before they are made. */
export interface LazyEntry {
  /** The options it was made with (the controllers, once made, hold them resolved). */
  options: ModalOptions;
  /** Resolves when the controllers are made; loads nothing. */
  ready: Promise<ModalControllers>;
  /** Makes the controllers (loads their chunk). */
  load(): Promise<ModalControllers>;
  /** While a stored session waits to be restored: its last address. */
  restoringAddress(): string | undefined;
}
const lazyByClient = new WeakMap<ModalClient, LazyEntry>();

/** Registers a client whose controllers are made on first use. */
export function registerLazyClient(client: ModalClient, entry: LazyEntry): void {
  lazyByClient.set(client, entry);
}

/**
 * The controllers behind a client made by `createModal`, made (their chunk loaded) if they are not yet.
 * @example const controllers = await loadControllers(modal);
 */
export function loadControllers(client: ModalClient): Promise<ModalControllers> {
  const controllers = controllersOf(client);
  if (controllers) return Promise.resolve(controllers);
  return lazyByClient.get(client)?.load() ?? Promise.reject(new TypeError('This client was not made by createModal'));
}

/** Whether `createModal` (or the headless client) made `client`. */
export function isModalClient(client: ModalClient | undefined): boolean {
  return !!client && (!!controllersOf(client) || lazyByClient.has(client));
}

/**
 * The options of a client made by `createModal`: resolved once its controllers are made (`setLocale` changes them),
 * as given before.
 */
export function optionsOf(client: ModalClient | undefined): ModalOptions | undefined {
  return client && (controllersOf(client) ?? lazyByClient.get(client))?.options;
}

/** Resolves with the client's controllers once they are made (at once when they are); loads nothing. */
export function whenControllers(client: ModalClient | undefined): Promise<ModalControllers> | undefined {
  const controllers = client && controllersOf(client);
  return controllers ? Promise.resolve(controllers) : client && lazyByClient.get(client)?.ready;
}

/** While a reload restores the client's stored session: its last address (before the controllers are made too). */
export function restoringAddressOf(client: ModalClient | undefined): string | undefined {
  const controllers = client && controllersOf(client);
  return controllers ? controllers.connection.getState().restoringAddress : client && lazyByClient.get(client)?.restoringAddress();
}
