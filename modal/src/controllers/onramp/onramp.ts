import { notifyAccountActivity } from '../activity/account-activity.js';
import { fetchOnrampOptions, generateOnrampUrl } from '../../api/onramp.js';
import { createStore } from '../../core/store.js';
import type { Store } from '../../core/types.js';
import { messagesOf } from '../../texts/messages-of.js';
import type { CoreControllers } from '../core-controllers.js';
import { showCompletion } from '../completion.js';
import { safeLinkUrl } from '../../core/safe-url.js';
import { ModalError, ResponseValidationError } from '../../errors.js';
import { amountError, createOnrampQuotes, limitsOf } from './onramp-quotes.js';
import { createPurchaseWatch } from './onramp-watch.js';
import { typeAmount } from '../amount-input.js';
import {
  networkOf,
  SAMPLE_PAYMENT_CURRENCIES,
  sampleCurrencies,
  type OnrampContext,
  plainFiatAmount,
  type OnrampControllerDeps,
  type OnrampPurchase,
  type OnrampState,
} from './onramp-state.js';

export * from './onramp-state.js';

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

/**
 * Buying crypto with fiat: options and the form here, the quote (`onramp-quotes.ts`), the hand-off to the provider,
 * and the wait for the purchase to arrive (`onramp-watch.ts`).
 */
export function createOnrampController(deps: OnrampControllerDeps): OnrampController {
  const text = deps.messages;
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
  const set = (patch: Partial<OnrampState>) => store.setState(patch);
  const network = () => deps.activeNetwork();
  const ctx: OnrampContext = { deps, store, set, network };
  const quotes = createOnrampQuotes(ctx);
  const watch = createPurchaseWatch(ctx, (purchase) => {
    for (const listener of [...listeners]) listener(purchase);
  });

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
      quotes.schedule();
    },
    setAmount(value) {
      const typed = typeAmount(value, 2, deps.lang?.() ?? 'en');
      set({ amountText: typed.text, amount: typed.value });
      quotes.schedule();
    },
    selectPaymentCurrency(id) {
      const currency = store.getState().paymentCurrencies.find((c) => c.id === id);
      if (!currency) return;
      set({ paymentCurrency: currency });
      quotes.schedule();
    },
    selectPurchaseCurrency(id) {
      const currency = store.getState().purchaseCurrencies.find((c) => c.id === id);
      if (!currency) return;
      set({ purchaseCurrency: currency });
      quotes.schedule();
    },
    setPaymentMethod(id) {
      set({ paymentMethod: id });
      quotes.schedule();
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
            presetFiatAmount: Number(plainFiatAmount(state)),
          }),
          watch.assetBalance(state.purchaseCurrency).catch(() => 0n),
          watch.buyIds().catch(() => []),
        ]);
        const url = safeLinkUrl(raw);
        if (!url) throw new ModalError(text.somethingWentWrong, { details: 'the provider URL did not pass the URL check' });
        watch.remember(buys);
        set({ purchase: { url, startedAt: deps.clock.now(), startBalance, currency: state.purchaseCurrency, expectedAmount: expected }, progress: 'idle', progressTxHash: undefined });
        return url;
      } catch (error) {
        // A provider URL that fails the answer checks or the URL gate is a service fault: the spec's generic text.
        const shown = error instanceof ModalError && !(error instanceof ResponseValidationError) ? error.shortMessage : text.somethingWentWrong;
        set({ error: shown });
        return undefined;
      }
    },
    watchPurchase: () => watch.start(),
    stopWatching: () => watch.stop(),
    resetPurchase() {
      controller.stopWatching();
      set({ purchase: undefined, progress: 'idle', progressTxHash: undefined, error: undefined });
    },
    onPurchaseComplete(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      watch.stop();
      quotes.dispose();
      listeners.clear();
    },
  };
  return controller;
}

/** Builds the onramp controller of a modal (`createControllers` does, once, as the lazy `onramp` member). */
export function createOnrampFor(controllers: CoreControllers): OnrampController {
  const messages = messagesOf(controllers.options);
  const onramp = createOnrampController({
    api: controllers.api,
    clock: controllers.clock,
    activeNetwork: () => controllers.networks.getState().activeNetwork,
    address: () => controllers.getAccount().address,
    refreshAccount: () => {
      void controllers.account.fetchBalance(true);
      notifyAccountActivity(controllers);
    },
    messages,
    lang: () => controllers.options.locale?.lang ?? 'en',
  });
  // A purchase that arrived leaves the progress screen for its completion screen.
  onramp.onPurchaseComplete(() => showCompletion(controllers.router, 'BuyComplete', 'BuyInProgress'));
  return onramp;
}

/** The factory's convention: a lazy feature module exports `create(controllers)`. */
export { createOnrampFor as create };
