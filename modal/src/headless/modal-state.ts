import type { ModalControllers } from '../controllers/bag.js';
import type { ViewName } from '../core/types.js';
import { derivedStore, watchAll, type ExternalStore } from './external-store.js';

export interface ModalStateSnapshot {
  /** Someone asked for the modal: `open()`, the wagmi connector's `connect`, a sign-in request, an unsupported chain. */
  open: boolean;
  /** What it was asked for (e.g. 'Connect', 'Account', 'SIWXSignMessage', 'UnsupportedChain'). */
  view: ViewName;
}

export interface ModalStateStore extends ExternalStore<ModalStateSnapshot> {
  /** Opens it (`client.open`): sets `open`, and the view the opening rules pick unless `view` is given. */
  show(options?: { view?: ViewName }): Promise<void>;
  /** Closes it; a connect under way is abandoned (the wagmi connector's `connect` rejects as a user rejection). */
  close(): void;
}

/** The modal's open state, for a dialog of the dapp's own: with no elements, `open()` only sets it. */
export function createModalStateStore(controllers: ModalControllers, open: (options?: { view?: ViewName }) => Promise<void>): ModalStateStore {
  const { modal, router } = controllers;
  return {
    ...derivedStore(
      (changed) => watchAll([modal, router], changed),
      () => ({ open: modal.getState().open, view: router.getState().view }),
    ),
    show: open,
    close: () => modal.close(),
  };
}
