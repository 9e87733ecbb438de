import { createClient, type CreateModalEnvironment, type ViemBindings } from './client-base.js';
import type { ModalClient, ModalOptions } from './core/types.js';
import { viemClients } from './client-viem.js';
import { modalShell } from './client-shell.js';

export type { CreateModalEnvironment, ViemBindings } from './client-base.js';

/**
 * The modal client without viem: controllers, EIP-6963 discovery, reconnect on load, and the modal's Lit shell,
 * loaded on the first interaction. `getWalletClient` and `getPublicClient` need `viem` bindings (see `createModal`);
 * without them they throw.
 */
export function createModalCore(options: ModalOptions, environment: CreateModalEnvironment = {}, viem?: ViemBindings): ModalClient {
  // One import of the modal's shell for every caller: a bundler writes the preload list of each import it sees.
  return createClient(options, environment, viem && viemClients(viem), modalShell(() => import('./elements/modal/mount.js')));
}
