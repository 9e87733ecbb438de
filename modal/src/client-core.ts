import type { CreateModalEnvironment, ViemBindings } from './client-base.js';
import type { ModalClient, ModalOptions } from './core/types.js';
import { createLazyClient } from './client-lazy.js';
import { modalShell } from './client-shell.js';

export type { CreateModalEnvironment, ViemBindings } from './client-base.js';

/** The modal's Lit shell. One import of it for every caller: a bundler writes the preload list of each import it sees. */
export const litShell = modalShell(() => import('./elements/modal/mount.js'));

/**
 * The modal client without viem: controllers, EIP-6963 discovery, reconnect on load, and the modal's Lit shell.
 * Its controllers are a chunk loaded on the first interaction (`prefetch()`, which `<mb-connect-button>` calls on
 * hover and focus, `open()`, an action), beside the shell's, or at once when a stored session is to be restored or the
 * modal is embedded; `loadControllers(client)` waits for them. `getWalletClient` and `getPublicClient` need `viem`
 * bindings (see `createModal`); without them they throw.
 */
export function createModalCore(options: ModalOptions, environment: CreateModalEnvironment = {}, viem?: ViemBindings): ModalClient {
  return createLazyClient(options, environment, viem, litShell);
}
