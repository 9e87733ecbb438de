import { fetchAllowance, fetchSwapQuotes } from '../../api/convert.js';
import type { SwapContext } from './swap-context.js';
import { SWAP_QUOTE_DEBOUNCE_MS, SWAP_QUOTE_TTL_MS } from './swap-state.js';

/** The quote of the form: asked after the last keystroke (debounced), the latest answer wins, expired after its lifetime; the allowance comes with it. */
export interface SwapQuotes {
  /** Drops the quote under way and asks again after `delay` (none without both tokens and an amount). */
  schedule(delay?: number): void;
  /** Asks now (an expired or failed quote). */
  refresh(): Promise<void>;
  /** Stops the timers and ignores every answer under way. */
  cancel(): void;
  /** Stops the timers. */
  clearTimers(): void;
}

export function createSwapQuotes(ctx: SwapContext): SwapQuotes {
  const { deps, store, set } = ctx;
  let debounce: unknown;
  let expiry: unknown;
  let quoteSeq = 0;
  const userCaip = ctx.userCaip;

  function clearTimers() {
    if (debounce !== undefined) deps.clock.clearTimeout(debounce);
    if (expiry !== undefined) deps.clock.clearTimeout(expiry);
    debounce = expiry = undefined;
  }

  async function loadAllowance() {
    const { from, amount } = store.getState();
    if (!from || from.isNative || !deps.address()) return set({ allowance: undefined });
    try {
      const { allowance } = await fetchAllowance(deps.api, { tokenAddress: from.address, userAddress: userCaip() });
      if (store.getState().from?.address === from.address) set({ allowance: BigInt(allowance) });
    } catch {
      // Unknown allowance counts as none: the approval step runs (an approval of an approved amount is harmless).
      if (store.getState().amount === amount) set({ allowance: 0n });
    }
  }

  function scheduleQuote(delay = SWAP_QUOTE_DEBOUNCE_MS) {
    if (debounce !== undefined) deps.clock.clearTimeout(debounce);
    if (expiry !== undefined) deps.clock.clearTimeout(expiry);
    debounce = expiry = undefined;
    const { from, to, amount } = store.getState();
    quoteSeq++;
    if (!from || !to || amount === undefined || amount === 0n) {
      set({ quote: undefined, quoteLoading: false, quoteError: undefined, quoteExpired: false });
      return;
    }
    set({ quote: undefined, quoteLoading: true, quoteError: undefined, quoteExpired: false });
    debounce = deps.clock.setTimeout(() => {
      debounce = undefined;
      void fetchQuote();
    }, delay);
  }

  async function fetchQuote(): Promise<void> {
    const seq = ++quoteSeq;
    const { from, to, amount, gasPrice } = store.getState();
    if (!from || !to || amount === undefined || amount === 0n) return;
    set({ quoteLoading: true, quoteError: undefined });
    try {
      const [response] = await Promise.all([
        fetchSwapQuotes(deps.api, { amount: amount.toString(), userAddress: userCaip(), from: from.address, to: to.address, gasPrice: gasPrice?.toString() ?? '' }),
        loadAllowance(),
      ]);
      if (seq !== quoteSeq || ctx.disposed()) return;
      const first = response.quotes[0];
      const toAmount = first ? BigInt(first.toAmount) : 0n;
      set({ quote: { fromAmount: amount, toAmount, at: deps.clock.now() }, quoteLoading: false, quoteExpired: false });
      expiry = deps.clock.setTimeout(() => {
        expiry = undefined;
        if (store.getState().quote?.at !== undefined) set({ quoteExpired: true });
      }, SWAP_QUOTE_TTL_MS);
    } catch (error) {
      if (seq !== quoteSeq || ctx.disposed()) return;
      set({ quoteLoading: false, quoteError: ctx.messageOf(error, 'Swap quote failed') });
    }
  }

  return {
    schedule: scheduleQuote,
    async refresh() {
      clearTimers();
      set({ quoteExpired: false });
      await fetchQuote();
    },
    cancel() {
      clearTimers();
      quoteSeq++;
    },
    clearTimers,
  };
}
