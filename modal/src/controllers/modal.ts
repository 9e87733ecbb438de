import { SHAKE_DURATION_MS } from '../core/core-constants.js';
import { createStore } from '../core/store.js';
import type { Clock, Store, ViewName } from '../core/types.js';
import type { RouterController } from './router.js';

export interface ModalState {
  open: boolean;
  embedded: boolean;
  /** True for `SHAKE_DURATION_MS` (500 ms) after `shake()`. */
  shake: boolean;
}

export interface ModalController extends Store<ModalState> {
  /** Opens with the view of the opening rules (spec section 2), or `options.view` when forced. */
  open(options?: { view?: ViewName }): void;
  /** Closes; in embedded mode the view becomes Account if connected, otherwise Connect. */
  close(): void;
  shake(): void;
}

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
