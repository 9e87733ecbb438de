import { createStore } from '../core/store.js';
import type { SendController, SendState } from '../core/types.js';

const initialSendState = (): SendState => ({ loading: false, tokenBalances: [] });

/** The send form's state (the Send view arrives in a later issue; namespace switching resets it now). */
export function createSendController(): SendController {
  const store = createStore<SendState>(initialSendState());
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    set: (patch) => store.setState(patch),
    reset: () => store.setState(() => initialSendState()),
  };
}
