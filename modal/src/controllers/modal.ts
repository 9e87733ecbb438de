import { SHAKE_DURATION_MS } from '../core/constants.js';
import { createStore } from '../core/store.js';
import type { Clock, ModalController, ModalState, RouterController, ViewName } from '../core/types.js';

export interface ModalControllerDeps {
  clock: Clock;
  router: RouterController;
  embedded: boolean;
  /** The opening rules (see `resolveOpenView`), given the forced view. */
  openView: (forcedView?: ViewName) => ViewName;
  isConnected: () => boolean;
}

export function createModalController(deps: ModalControllerDeps): ModalController {
  const store = createStore<ModalState>({ open: false, embedded: deps.embedded, shake: false });
  let shakeTimer: unknown;
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    open(options = {}) {
      deps.router.reset(deps.openView(options.view));
      store.setState({ open: true });
    },
    close() {
      store.setState({ open: false });
      if (deps.embedded) deps.router.reset(deps.isConnected() ? 'Account' : 'Connect');
    },
    shake() {
      if (shakeTimer !== undefined) deps.clock.clearTimeout(shakeTimer);
      store.setState({ shake: true });
      shakeTimer = deps.clock.setTimeout(() => {
        shakeTimer = undefined;
        store.setState({ shake: false });
      }, SHAKE_DURATION_MS);
    },
  };
}
