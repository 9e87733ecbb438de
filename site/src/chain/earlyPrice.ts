/**
 * The price that the page's inline price script (earlyPriceScript.ts) read and wrote into the prerendered page before
 * its JavaScript ran. The script keeps its state under this global; `main.tsx` closes it right before hydration starts,
 * so that the script never changes the page under React, and the Hero's first render shows the same text the page
 * already shows (hydration then matches).
 */
export const EARLY_PRICE_GLOBAL = '__minibotEarlyPrice';

/** What the inline script keeps: `shown` is the answer it wrote into the page (the contract's 32-byte word). */
export interface EarlyPriceState {
  closed: boolean;
  shown?: string;
}

let taken: bigint | undefined;

/**
 * Called once right before hydration: stops the inline script from writing (an answer after this is dropped: the
 * page's own read shows it) and keeps the price it has shown, if any, for the Hero's first render.
 */
export function takeEarlyPrice(): void {
  const state = (window as unknown as Record<string, EarlyPriceState | undefined>)[EARLY_PRICE_GLOBAL];
  if (!state) return;
  state.closed = true;
  // The script wrote the page only for a well-formed word; the check is repeated because the global is writable.
  taken = state.shown !== undefined && /^0x[0-9a-fA-F]{64}$/.test(state.shown) ? BigInt(state.shown) : undefined;
}

/** The price the page showed before hydration, until the Hero has hydrated (undefined on the server). */
export function earlyPrice(): bigint | undefined {
  return taken;
}

/**
 * Once the Hero has hydrated, its own read takes over: a Hero mounted later (back from /terms) starts from
 * 'Loading...' rather than from a price that may have changed since the page loaded.
 */
export function forgetEarlyPrice(): void {
  taken = undefined;
}
