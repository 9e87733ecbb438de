import type { ModalClient } from './core/types.js';
import type { ModalControllers } from './controllers/bag.js';

// Module state only: nothing here touches window, document or storage.
let defaultClient: ModalClient | undefined;
const controllersByClient = new WeakMap<ModalClient, ModalControllers>();

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

/**
 * The controllers behind a client made by `createModal`: undefined until they are made. Those of `@minibot/modal` and
 * the headless entry are made with the client; the element entry's on the first interaction (see `loadControllers`).
 */
export function controllersOf(client: ModalClient): ModalControllers | undefined {
  return controllersByClient.get(client);
}
