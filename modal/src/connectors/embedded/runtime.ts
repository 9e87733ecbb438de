import type { Clock, Listener } from '../../core/types.js';

/*
 * The embedded wallet's chunk keeps its own copies of three small pieces (an error class, a store, the real clock)
 * instead of importing them: a module imported by both this lazy chunk and the first-click bundle becomes a chunk
 * of its own, and that costs about 0.3 kB gzip before the first click.
 */

/**
 * An embedded-wallet error: `shortMessage` is the human text (the spec's), `code` the EIP-1193 code when there is
 * one (4001 rejected or aborted, 4200 not allowed). Same fields as the modal's `ProviderRpcError`.
 */
export class EmbeddedWalletError extends Error {
  override name = 'EmbeddedWalletError';
  readonly shortMessage: string;
  readonly code: number;
  /**
   * Set when the frame answered it: its sentence is then the frame's, in English (the modal's own errors carry the
   * catalogue's), with what went wrong when the modal can say it itself (`reason`: an `EmbeddedErrorReason`, not
   * checked here; `minutes` with `codeLocked`, `seconds` with `tooSoon`).
   */
  readonly frame?: { reason?: unknown; minutes?: unknown; seconds?: unknown };
  constructor(code: number, shortMessage: string, frame?: { reason?: unknown; minutes?: unknown; seconds?: unknown }) {
    super(shortMessage);
    this.shortMessage = shortMessage;
    this.code = code;
    this.frame = frame;
  }
}

/** A writable store with the modal's store contract (`getState`, `subscribe(listener(state, previous))`). */
export function createEmbeddedStore<S extends object>(initial: S) {
  let state = initial;
  const listeners = new Set<Listener<S>>();
  return {
    getState: () => state,
    setState(patch: Partial<S>) {
      const previous = state;
      state = { ...state, ...patch };
      for (const listener of [...listeners]) listener(state, previous);
    },
    subscribe(listener: Listener<S>) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const browserClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};
