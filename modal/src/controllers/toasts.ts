import { TOAST_DURATION_MS, TOAST_SWAP_DELAY_MS } from '../core/core-constants.js';
import { createStore } from '../core/store.js';
import type { Clock, Store } from '../core/types.js';

export type ToastVariant = 'loading' | 'success' | 'error';

export interface ToastState {
  open: boolean;
  variant: ToastVariant;
  message: string;
}

export interface ToastController extends Store<ToastState> {
  show(variant: ToastVariant, message: string): void;
  hide(): void;
}

/** Toasts: a new toast while one is open hides it, then shows after 150 ms. Loading stays until replaced. */
export function createToastController(deps: { clock: Clock }): ToastController {
  const store = createStore<ToastState>({ open: false, variant: 'success', message: '' });
  let swapTimer: unknown;
  let hideTimer: unknown;
  const clear = () => {
    if (swapTimer !== undefined) deps.clock.clearTimeout(swapTimer);
    if (hideTimer !== undefined) deps.clock.clearTimeout(hideTimer);
    swapTimer = hideTimer = undefined;
  };
  const present = (variant: ToastState['variant'], message: string) => {
    store.setState({ open: true, variant, message });
    if (variant !== 'loading') {
      hideTimer = deps.clock.setTimeout(() => {
        hideTimer = undefined;
        store.setState({ open: false });
      }, TOAST_DURATION_MS);
    }
  };
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    show(variant, message) {
      clear();
      if (!store.getState().open) return present(variant, message);
      store.setState({ open: false });
      swapTimer = deps.clock.setTimeout(() => {
        swapTimer = undefined;
        present(variant, message);
      }, TOAST_SWAP_DELAY_MS);
    },
    hide() {
      clear();
      store.setState({ open: false });
    },
  };
}
