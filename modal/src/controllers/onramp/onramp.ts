import { notifyAccountActivity } from '../activity/account-activity.js';
import type { ApiContext } from '../../api/http.js';
import type { OnrampPaymentCurrency, OnrampPurchaseCurrency, OnrampQuote } from '../../api/types.js';
import { fetchBalances } from '../../api/blockchain.js';
import { fetchHistory } from '../../api/history.js';
import { fetchTokenPrices } from '../../api/convert.js';
import { fetchOnrampOptions, fetchOnrampQuote, generateOnrampUrl } from '../../api/onramp.js';
import { createStore } from '../../core/store.js';
import { messages as englishMessages } from '../../texts/messages.js';
import { messagesOf } from '../../texts/messages-of.js';
import type { Clock, ModalNetwork, Store } from '../../core/types.js';
import type { CoreControllers } from '../core-controllers.js';
import { safeLinkUrl } from '../../core/safe-url.js';
import { ModalError, ResponseValidationError } from '../../errors.js';
import { formatAmount, parseAmount, unitsOfDecimalText } from '../../core/units.js';
import { priceMicros } from '../swap/amounts.js';

/** Spec section 9: the built-in sample options (card 10.00-7500.00, bank account 10.00-25000.00; USD and EUR). */
export const SAMPLE_PAYMENT_CURRENCIES: OnrampPaymentCurrency[] = ['USD', 'EUR'].map((id) => ({
  id,
  payment_method_limits: [
    { id: 'card', min: '10.00', max: '7500.00' },
    { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
  ],
}));
/** The provider whose URL `/v1/generators/onrampurl` makes. */
export const ONRAMP_PROVIDER = { id: 'coinbase', name: 'Coinbase' } as const;
export const ONRAMP_QUOTE_DEBOUNCE_MS = 300;
/** BuyInProgress checks the order and the balance this often, and gives up after the timeout (ours). */
export const ONRAMP_POLL_MS = 2_000;
export const ONRAMP_WATCH_TIMEOUT_MS = 10 * 60_000;
/** The quote id of a quote made here when the service has none. */
export const MOCKED_QUOTE_ID = 'mocked-quote';

export type OnrampAmountError = 'invalid' | 'belowMin' | 'aboveMax';
export type PurchaseProgress = 'idle' | 'watching' | 'completed' | 'failed';

export interface OnrampPurchase {
  url: string;
  startedAt: number;
  /** Balance of the purchased asset when the provider opened (smallest unit). */
  startBalance: bigint;
  currency: OnrampPurchaseCurrency;
  /** Purchase amount of the quote (decimal text), when known. */
  expectedAmount?: string;
}

export interface OnrampState {
  status: 'idle' | 'loading' | 'ready';
  /** Network and account the options were loaded for. */
  loadedFor?: string;
  paymentCurrencies: OnrampPaymentCurrency[];
  purchaseCurrencies: OnrampPurchaseCurrency[];
  /** The options are the built-in sample (the service failed). */
  optionsFallback: boolean;
  paymentCurrency?: OnrampPaymentCurrency;
  purchaseCurrency?: OnrampPurchaseCurrency;
  paymentMethod: string;
  amountText: string;
  amountError?: OnrampAmountError;
  quote?: OnrampQuote;
  quoteLoading: boolean;
  /** The quote was made here (the service failed): the provider shows the final one. */
  quoteFallback: boolean;
  purchase?: OnrampPurchase;
  progress: PurchaseProgress;
  /** The purchase's transaction once seen. */
  progressTxHash?: string;
  /** Why the provider could not be opened. */
  error?: string;
}

export interface OnrampController extends Store<OnrampState> {
  /** Options of the service, or the sample options when it fails. */
  init(): Promise<void>;
  setAmount(text: string): void;
  selectPaymentCurrency(id: string): void;
  selectPurchaseCurrency(id: string): void;
  setPaymentMethod(id: string): void;
  /** The current limits of the payment method in the payment currency. */
  limits(): { min: string; max: string } | undefined;
  /** Asks the service for the provider URL; returns it once it passed the URL gate, else undefined (see `error`). */
  createPurchaseUrl(): Promise<string | undefined>;
  /** Watches the order and the balance until the purchase completes, fails or times out. */
  watchPurchase(): void;
  stopWatching(): void;
  /** Back to the form (a new purchase). */
  resetPurchase(): void;
  onPurchaseComplete(listener: (purchase: OnrampPurchase) => void): () => void;
  dispose(): void;
}

export interface OnrampControllerDeps {
  api: ApiContext;
  clock: Clock;
  activeNetwork: () => ModalNetwork;
  address: () => string | undefined;
  refreshAccount?: () => void;
  messages?: { somethingWentWrong: string };
}

const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

/** The purchase currencies of the sample options: the active network's native coin. */
function sampleCurrencies(network: ModalNetwork): OnrampPurchaseCurrency[] {
  const { symbol, name } = network.nativeCurrency;
  return [{ id: symbol.toLowerCase(), name, symbol, networks: [{ name: network.name, display_name: network.name, chain_id: String(network.id), contract_address: '' }] }];
}

/** The entry of a currency's networks for the active chain. */
export function networkOf(currency: OnrampPurchaseCurrency | undefined, network: ModalNetwork) {
  return currency?.networks.find((n) => n.chain_id === String(network.id));
}

/**
 * A quote computed here when the service fails: no fees known, the whole amount buys at the known price.
 * Amounts are decimal texts (cents and 8 decimals) computed in bigints.
 */
export function mockedQuote(amountText: string, fiat: string, currency: OnrampPurchaseCurrency, price: number | undefined): OnrampQuote {
  const cents = parseAmount(amountText, 2) ?? 0n;
  const money = formatAmount(cents, 2, 2);
  const fixed = (text: string) => (text.includes('.') ? text.padEnd(text.indexOf('.') + 3, '0') : `${text}.00`);
  const micros = priceMicros(price);
  // cents / 100 / price, with 8 decimals: cents * 1e6 (micros) * 1e8 / (100 * micros)
  const units = micros ? (cents * 10n ** 14n) / (100n * micros) : undefined;
  return {
    paymentTotal: { amount: fixed(money), currency: fiat },
    paymentSubtotal: { amount: fixed(money), currency: fiat },
    purchaseAmount: { amount: units === undefined ? '' : formatAmount(units, 8), currency: currency.symbol },
    coinbaseFee: { amount: '0.00', currency: fiat },
    networkFee: { amount: '0.00', currency: fiat },
    quoteId: MOCKED_QUOTE_ID,
  };
}

/** Buying crypto with fiat: options, quote, the provider URL, and watching the purchase arrive. */
export function createOnrampController(deps: OnrampControllerDeps): OnrampController {
  const text = deps.messages ?? englishMessages;
  const store = createStore<OnrampState>({
    status: 'idle',
    paymentCurrencies: [],
    purchaseCurrencies: [],
    optionsFallback: false,
    paymentMethod: 'card',
    amountText: '',
    quoteLoading: false,
    quoteFallback: false,
    progress: 'idle',
  });
  const listeners = new Set<(purchase: OnrampPurchase) => void>();
  let debounce: unknown;
  let poll: unknown;
  let quoteSeq = 0;
  let watchSeq = 0;
  let seenBuys = new Set<string>();
  const set = (patch: Partial<OnrampState>) => store.setState(patch);
  const network = () => deps.activeNetwork();

  function limitsOf(state: OnrampState) {
    return state.paymentCurrency?.payment_method_limits.find((l) => l.id === state.paymentMethod) ?? state.paymentCurrency?.payment_method_limits[0];
  }

  function amountError(state: OnrampState): OnrampAmountError | undefined {
    if (state.amountText.trim() === '') return undefined;
    const cents = parseAmount(state.amountText, 2);
    if (cents === undefined || cents === 0n) return 'invalid';
    const limits = limitsOf(state);
    if (!limits) return undefined;
    const min = parseAmount(limits.min, 2);
    const max = parseAmount(limits.max, 2);
    if (min !== undefined && cents < min) return 'belowMin';
    if (max !== undefined && cents > max) return 'aboveMax';
    return undefined;
  }

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
    const { paymentCurrency, purchaseCurrency, amountText } = store.getState();
    if (!paymentCurrency || !purchaseCurrency) return;
    const networkName = networkOf(purchaseCurrency, network())?.name ?? network().name;
    try {
      const quote = await fetchOnrampQuote(deps.api, { purchaseCurrency, paymentCurrency, amount: amountText.trim(), network: networkName });
      if (seq === quoteSeq) set({ quote, quoteLoading: false, quoteFallback: false });
    } catch {
      const price = await priceOf(purchaseCurrency);
      if (seq === quoteSeq) set({ quote: mockedQuote(amountText.trim(), paymentCurrency.id, purchaseCurrency, price), quoteLoading: false, quoteFallback: true });
    }
  }

  async function assetBalance(currency: OnrampPurchaseCurrency): Promise<bigint> {
    const address = deps.address();
    if (!address) return 0n;
    const net = network();
    const contract = networkOf(currency, net)?.contract_address;
    const { balances } = await fetchBalances(deps.api, { address, chainId: net.caipNetworkId, currency: 'usd', forceUpdate: `${net.caipNetworkId}:${address}` });
    const held = balances.find((b) => (contract ? b.address?.toLowerCase().endsWith(contract.toLowerCase()) : !b.address && b.symbol === currency.symbol));
    if (!held) return 0n;
    return unitsOfDecimalText(held.quantity.numeric, Number(held.quantity.decimals));
  }

  async function buyIds(): Promise<{ id: string; hash: string; status: string; minedAt: string }[]> {
    const address = deps.address();
    if (!address) return [];
    const { data } = await fetchHistory(deps.api, { address, chainId: network().caipNetworkId, onramp: ONRAMP_PROVIDER.id });
    return data.filter((tx) => tx.metadata.operationType === 'buy').map((tx) => ({ id: tx.id, hash: tx.metadata.hash, status: tx.metadata.status, minedAt: tx.metadata.minedAt }));
  }

  function finish(progress: 'completed' | 'failed', hash?: string) {
    if (poll !== undefined) deps.clock.clearTimeout(poll);
    poll = undefined;
    watchSeq++;
    set({ progress, progressTxHash: hash });
    if (progress === 'completed') {
      deps.refreshAccount?.();
      const purchase = store.getState().purchase;
      if (purchase) for (const listener of [...listeners]) listener(purchase);
    }
  }

  async function check(seq: number) {
    const purchase = store.getState().purchase;
    if (!purchase || seq !== watchSeq) return;
    try {
      const buys = (await buyIds()).filter((b) => !seenBuys.has(b.id));
      if (seq !== watchSeq) return;
      const failed = buys.find((b) => b.status === 'failed');
      const confirmed = buys.find((b) => b.status === 'confirmed');
      if (confirmed) return finish('completed', confirmed.hash);
      if (failed) return finish('failed', failed.hash);
      if ((await assetBalance(purchase.currency)) > purchase.startBalance && seq === watchSeq) return finish('completed');
    } catch {
      // A failed check is retried on the next tick.
    }
    if (seq !== watchSeq) return;
    if (deps.clock.now() - purchase.startedAt >= ONRAMP_WATCH_TIMEOUT_MS) return finish('failed');
    poll = deps.clock.setTimeout(() => void check(seq), ONRAMP_POLL_MS);
  }

  const controller: OnrampController = {
    getState: store.getState,
    subscribe: store.subscribe,
    async init() {
      const key = `${network().caipNetworkId}:${deps.address() ?? ''}`;
      if (store.getState().status !== 'idle' && store.getState().loadedFor === key) return;
      set({ status: 'loading', loadedFor: key });
      let paymentCurrencies = SAMPLE_PAYMENT_CURRENCIES;
      let purchaseCurrencies = sampleCurrencies(network());
      let optionsFallback = true;
      try {
        const options = await fetchOnrampOptions(deps.api);
        const onChain = options.purchaseCurrencies.filter((c) => networkOf(c, network()));
        if (options.paymentCurrencies.length > 0 && onChain.length > 0) {
          paymentCurrencies = options.paymentCurrencies;
          purchaseCurrencies = onChain;
          optionsFallback = false;
        }
      } catch {
        // Spec: on failure the built-in sample options are used.
      }
      const native = network().nativeCurrency.symbol;
      set({
        status: 'ready',
        paymentCurrencies,
        purchaseCurrencies,
        optionsFallback,
        paymentCurrency: paymentCurrencies.find((c) => c.id === 'USD') ?? paymentCurrencies[0],
        purchaseCurrency: purchaseCurrencies.find((c) => c.symbol === native && !networkOf(c, network())?.contract_address) ?? purchaseCurrencies[0],
      });
      scheduleQuote();
    },
    setAmount(value) {
      set({ amountText: value });
      scheduleQuote();
    },
    selectPaymentCurrency(id) {
      const currency = store.getState().paymentCurrencies.find((c) => c.id === id);
      if (!currency) return;
      set({ paymentCurrency: currency });
      scheduleQuote();
    },
    selectPurchaseCurrency(id) {
      const currency = store.getState().purchaseCurrencies.find((c) => c.id === id);
      if (!currency) return;
      set({ purchaseCurrency: currency });
      scheduleQuote();
    },
    setPaymentMethod(id) {
      set({ paymentMethod: id });
      scheduleQuote();
    },
    limits: () => limitsOf(store.getState()),
    async createPurchaseUrl() {
      const state = store.getState();
      const address = deps.address();
      if (!address || !state.purchaseCurrency || !state.paymentCurrency || amountError(state) || state.amountText.trim() === '') return undefined;
      const net = network();
      const networkName = networkOf(state.purchaseCurrency, net)?.name ?? net.name;
      const expected = state.quote?.purchaseAmount.amount ? state.quote.purchaseAmount.amount : undefined;
      set({ error: undefined });
      try {
        const [raw, startBalance, buys] = await Promise.all([
          generateOnrampUrl(deps.api, {
            destinationWallets: [{ address, blockchains: [networkName], assets: [state.purchaseCurrency.symbol] }],
            defaultNetwork: networkName,
            partnerUserId: address,
            defaultExperience: 'buy',
            ...(expected ? { presetCryptoAmount: Number(expected) } : {}),
            presetFiatAmount: Number(state.amountText.trim()),
          }),
          assetBalance(state.purchaseCurrency).catch(() => 0n),
          buyIds().catch(() => []),
        ]);
        const url = safeLinkUrl(raw);
        if (!url) throw new ModalError(text.somethingWentWrong, { details: 'the provider URL did not pass the URL check' });
        seenBuys = new Set(buys.map((b) => b.id));
        set({ purchase: { url, startedAt: deps.clock.now(), startBalance, currency: state.purchaseCurrency, expectedAmount: expected }, progress: 'idle', progressTxHash: undefined });
        return url;
      } catch (error) {
        // A provider URL that fails the answer checks or the URL gate is a service fault: the spec's generic text.
        const shown = error instanceof ModalError && !(error instanceof ResponseValidationError) ? error.shortMessage : text.somethingWentWrong;
        set({ error: shown });
        return undefined;
      }
    },
    watchPurchase() {
      if (!store.getState().purchase) return;
      if (poll !== undefined) deps.clock.clearTimeout(poll);
      const seq = ++watchSeq;
      set({ progress: 'watching' });
      poll = deps.clock.setTimeout(() => void check(seq), ONRAMP_POLL_MS);
    },
    stopWatching() {
      if (poll !== undefined) deps.clock.clearTimeout(poll);
      poll = undefined;
      watchSeq++;
    },
    resetPurchase() {
      controller.stopWatching();
      set({ purchase: undefined, progress: 'idle', progressTxHash: undefined, error: undefined });
    },
    onPurchaseComplete(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      controller.stopWatching();
      if (debounce !== undefined) deps.clock.clearTimeout(debounce);
      listeners.clear();
    },
  };
  return controller;
}

/** Builds the onramp controller of a modal (`createControllers` does, once, as the lazy `onramp` member). */
export function createOnrampFor(controllers: CoreControllers): OnrampController {
  const messages = messagesOf(controllers.options);
  return createOnrampController({
    api: controllers.api,
    clock: controllers.clock,
    activeNetwork: () => controllers.networks.getState().activeNetwork,
    address: () => controllers.getAccount().address,
    refreshAccount: () => {
      void controllers.account.fetchBalance(true);
      notifyAccountActivity(controllers);
    },
    messages,
  });
}

/** The factory's convention: a lazy feature module exports `create(controllers)`. */
export { createOnrampFor as create };
