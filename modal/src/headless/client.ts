import { createClient, type ClientShellOf, type CreateModalEnvironment } from '../client-base.js';
import type { ModalClient, ModalOptions } from '../core/types.js';

/**
 * No shell to mount: showing the modal only starts the first interaction's checks, once, with the hub's chunk
 * requested beside them when an account is connected (as the element client requests it beside its shell's).
 */
const noShell: ClientShellOf = (controllers, _environment, startChecks) => {
  let loading: Promise<void> | undefined;
  const load = () => (loading ??= (controllers.getAccount().isConnected && void controllers.hub.load().catch(() => undefined), Promise.resolve().then(startChecks)));
  return { load, mount: load, mountShell: () => Promise.resolve() };
};

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
