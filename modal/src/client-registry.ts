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

/** Links a client to its controllers (done by `createModal`). */
export function registerControllers(client: ModalClient, controllers: ModalControllers): void {
  controllersByClient.set(client, controllers);
}

/** The controllers behind a client made by `createModal`. */
export function controllersOf(client: ModalClient): ModalControllers | undefined {
  return controllersByClient.get(client);
}
