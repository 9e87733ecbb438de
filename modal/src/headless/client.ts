import { createClient, type CreateModalEnvironment } from '../client-base.js';
import type { ModalClient, ModalOptions } from '../core/types.js';

const noShell = () => Promise.resolve({ mountModal() {}, preloadOpeningView() {} });

/**
 * The modal's client without its elements: the controllers, EIP-6963 discovery and the reconnect on load, and no Lit.
 * `open()` and `close()` only set the modal's state (`subscribeState`, the headless `modal` store), which a dialog of
 * the dapp's own follows; the wagmi connector's `connect` opens it so. No viem clients (`getWalletClient` throws); no
 * embedded (e-mail and social) wallet, whose frame lives in the modal's shell.
 * @example const client = createHeadlessClient({ projectId, networks: [bscNetwork], metadata });
 */
export function createHeadlessClient(options: ModalOptions, environment: Omit<CreateModalEnvironment, 'loadMount'> = {}): ModalClient {
  return createClient(options, environment, undefined, noShell);
}
