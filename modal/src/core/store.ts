import type { Listener, Store } from './types.js';

/** A writable store: controllers keep one and expose its read side. */
export interface WritableStore<S> extends Store<S> {
  setState(patch: Partial<S> | ((state: S) => S)): void;
}

/**
 * Minimal observable state: each change makes a new snapshot and calls listeners with (state, previous).
 * @example const store = createStore({ open: false }); store.setState({ open: true });
 */
export function createStore<S extends object>(initial: S): WritableStore<S> {
  let state = initial;
  const listeners = new Set<Listener<S>>();
  return {
    getState: () => state,
    setState(patch) {
      const previous = state;
      state = typeof patch === 'function' ? patch(state) : { ...state, ...patch };
      if (state === previous) return;
      for (const listener of [...listeners]) listener(state, previous);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
