import { createStore } from '../core/store.js';
import type { SendController, SendState } from '../core/types.js';

const initialSendState = (): SendState => ({ loading: false, tokenBalances: [] });

/** The send form's state: one store for the Send views and `useSend` (its actions are `send-flow.ts`); namespace switching resets it. */
export function createSendController(): SendController {
  const store = createStore<SendState>(initialSendState());
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    set: (patch) => store.setState(patch),
    reset: () => store.setState(() => initialSendState()),
  };
}
