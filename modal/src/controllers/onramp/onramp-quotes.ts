import { fetchTokenPrices } from '../../api/convert.js';
import { fetchOnrampQuote } from '../../api/onramp.js';
import { parseAmount } from '../../core/units.js';
import { mockedQuote, NATIVE, networkOf, ONRAMP_QUOTE_DEBOUNCE_MS, plainFiatAmount, type OnrampAmountError, type OnrampContext, type OnrampState } from './onramp-state.js';
import type { OnrampPurchaseCurrency } from '../../api/onramp-types.js';

/** The payment method's limits in the payment currency. */
export function limitsOf(state: OnrampState) {
  return state.paymentCurrency?.payment_method_limits.find((l) => l.id === state.paymentMethod) ?? state.paymentCurrency?.payment_method_limits[0];
}

/** Why the typed amount cannot be bought (read from its value, parsed once when typed). */
export function amountError(state: OnrampState): OnrampAmountError | undefined {
  if (state.amountText.trim() === '') return undefined;
  const cents = state.amount;
  if (cents === undefined || cents === 0n) return 'invalid';
  const limits = limitsOf(state);
  if (!limits) return undefined;
  const min = parseAmount(limits.min, 2);
  const max = parseAmount(limits.max, 2);
  if (min !== undefined && cents < min) return 'belowMin';
  if (max !== undefined && cents > max) return 'aboveMax';
  return undefined;
}

/** The quote of the form: asked after the last change (debounced), the latest answer wins; made here when the service fails. */
export function createOnrampQuotes(ctx: OnrampContext) {
  const { deps, store, set } = ctx;
  const network = ctx.network;
  let debounce: unknown;
  let quoteSeq = 0;

  async function priceOf(currency: OnrampPurchaseCurrency): Promise<number | undefined> {
    const entry = networkOf(currency, network());
    const address = `${network().caipNetworkId}:${entry?.contract_address || NATIVE}` as const;
    try {
      const { fungibles } = await fetchTokenPrices(deps.api, { addresses: [address] });
      return fungibles[0]?.price;
    } catch {
      return undefined;
    }
  }

  function scheduleQuote() {
    if (debounce !== undefined) deps.clock.clearTimeout(debounce);
    debounce = undefined;
    const state = store.getState();
    const error = amountError(state);
    set({ amountError: error, error: undefined });
    quoteSeq++;
    if (error || state.amountText.trim() === '' || !state.paymentCurrency || !state.purchaseCurrency) {
      set({ quote: undefined, quoteLoading: false, quoteFallback: false });
      return;
    }
    set({ quoteLoading: true });
    debounce = deps.clock.setTimeout(() => {
      debounce = undefined;
      void fetchQuote();
    }, ONRAMP_QUOTE_DEBOUNCE_MS);
  }

  async function fetchQuote() {
    const seq = ++quoteSeq;
    const { paymentCurrency, purchaseCurrency } = store.getState();
    const amount = plainFiatAmount(store.getState());
    if (!paymentCurrency || !purchaseCurrency) return;
    const networkName = networkOf(purchaseCurrency, network())?.name ?? network().name;
    try {
      const quote = await fetchOnrampQuote(deps.api, { purchaseCurrency, paymentCurrency, amount, network: networkName });
      if (seq === quoteSeq) set({ quote, quoteLoading: false, quoteFallback: false });
    } catch {
      const price = await priceOf(purchaseCurrency);
      if (seq === quoteSeq) set({ quote: mockedQuote(amount, paymentCurrency.id, purchaseCurrency, price), quoteLoading: false, quoteFallback: true });
    }
  }

  return {
    schedule: scheduleQuote,
    dispose() {
      if (debounce !== undefined) deps.clock.clearTimeout(debounce);
    },
  };
}
