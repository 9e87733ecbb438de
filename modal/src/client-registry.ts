import type { ModalClient, ModalOptions } from './core/types.js';
import type { ModalControllers } from './controllers/bag.js';

// Module state only: nothing here touches window, document or storage.
let defaultClient: ModalClient | undefined;
const controllersByClient = new WeakMap<ModalClient, ModalControllers>();

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

/** Makes `client` the one `<mb-connect-button>` and `<mb-modal>` use when given none. */
export function setDefaultClient(client: ModalClient | undefined): void {
  defaultClient = client;
}

/** The client registered by the first `createModal` (or `setDefaultClient`). */
export function getDefaultClient(): ModalClient | undefined {
  return defaultClient;
}

/** Links a client to its controllers (done by `createModal`, once they are made). */
export function registerControllers(client: ModalClient, controllers: ModalControllers): void {
  controllersByClient.set(client, controllers);
}

/** Registers a client whose controllers are made on first use. */
export function registerLazyClient(client: ModalClient, entry: LazyEntry): void {
  lazyByClient.set(client, entry);
}

/**
 * The controllers behind a client made by `createModal`: undefined until they are made. Those of `@minibot/modal` and
 * the headless entry are made with the client; the element entry's on the first interaction (see `loadControllers`).
 */
export function controllersOf(client: ModalClient): ModalControllers | undefined {
  return controllersByClient.get(client);
}

/**
 * The controllers behind a client made by `createModal`, made (their chunk loaded) if they are not yet.
 * @example const controllers = await loadControllers(modal);
 */
export function loadControllers(client: ModalClient): Promise<ModalControllers> {
  const controllers = controllersByClient.get(client);
  if (controllers) return Promise.resolve(controllers);
  return lazyByClient.get(client)?.load() ?? Promise.reject(new TypeError('This client was not made by createModal'));
}

/** Whether `createModal` (or the headless client) made `client`. */
export function isModalClient(client: ModalClient | undefined): boolean {
  return !!client && (controllersByClient.has(client) || lazyByClient.has(client));
}

/**
 * The options of a client made by `createModal`: resolved once its controllers are made (`setLocale` changes them),
 * as given before.
 */
export function optionsOf(client: ModalClient | undefined): ModalOptions | undefined {
  return client && (controllersByClient.get(client) ?? lazyByClient.get(client))?.options;
}

/** Resolves with the client's controllers once they are made (at once when they are); loads nothing. */
export function whenControllers(client: ModalClient | undefined): Promise<ModalControllers> | undefined {
  const controllers = client && controllersByClient.get(client);
  return controllers ? Promise.resolve(controllers) : client && lazyByClient.get(client)?.ready;
}

/** While a reload restores the client's stored session: its last address (before the controllers are made too). */
export function restoringAddressOf(client: ModalClient | undefined): string | undefined {
  const controllers = client && controllersByClient.get(client);
  return controllers ? controllers.connection.getState().restoringAddress : client && lazyByClient.get(client)?.restoringAddress();
}
