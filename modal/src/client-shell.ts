import type { ClientShellOf, ModalShellModule } from './client-base.js';
import type { MountModal } from './controllers/bag.js';

/**
 * The element client's shell (see `ClientShell`): the Lit shell's chunk that `mountModule` loads, with the preload of
 * the view `open()` leads to, requested once (again after a failure) and mounted once.
 */
export function modalShell(mountModule: () => Promise<ModalShellModule>): ClientShellOf {
  const shellOf: ClientShellOf = (controllers, environment, startChecks) => {
    let loading: Promise<MountModal> | undefined;
    /** The shell's chunk, and with a connected account the hub's, requested together. */
    const load = () => {
      if (!loading) {
        if (controllers.getAccount().isConnected) void controllers.hub.load().catch(() => undefined);
        const loadShell = () => mountModule().then((m) => (m.preloadOpeningView(controllers), m.mountModal));
        loading = (environment.loadMount ?? loadShell)().then(
          (mountModal) => {
            // After the shell's chunks, so that their requests do not wait behind the checks'.
            startChecks();
            return mountModal;
          },
          (error: unknown) => {
            loading = undefined;
            throw error;
          },
        );
      }
      return loading;
    };
    let mounting: Promise<void> | undefined;
    return {
      load,
      mount: () =>
        (mounting ??= load()
          .then((mountModal) => mountModal(controllers))
          .catch((error: unknown) => {
            mounting = undefined;
            throw error;
          })),
      mountShell: (c) => mountModule().then((m) => m.mountModal(c)),
    };
  };
  // Requested beside the controllers' chunk on the first interaction; a failure is met again by `load`.
  shellOf.warm = () => void mountModule().catch(() => undefined);
  return shellOf;
}
