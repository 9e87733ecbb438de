import { notifyAccountActivity } from '../activity/account-activity.js';
import type { CaipAddress } from '../../api/shared-types.js';
import { fetchGasPrice, fetchSwapTokens, fetchTokenPrices } from '../../api/convert.js';
import { createStore } from '../../core/store.js';
import type { Store } from '../../core/types.js';
import type { CoreControllers } from '../core-controllers.js';
import { showCompletion } from '../completion.js';
import { ModalError } from '../../errors.js';
import { errorMessageOf } from '../../error-message.js';
import { readChainCapabilities, supportsAtomicBatch } from '../../chain/capabilities.js';
import { isInvalidAmount, typeAmount } from '../amount-input.js';
import { parseSlippage } from './amounts.js';
import { loadSwapBalances } from './swap-balances.js';
import type { SwapContext, SwapControllerDeps } from './swap-context.js';
import { createSwapQuotes } from './swap-quotes.js';
import { DEFAULT_SLIPPAGE_BPS, initialSwapState, type SwapState, type SwapTokenInfo } from './swap-state.js';
import { createSwapSubmit, type SwapCompletion } from './swap-submit.js';
import { messagesOf } from '../../texts/messages-of.js';

export * from './swap-state.js';
export type { SwapControllerDeps } from './swap-context.js';
/** Receipt and batch polling: the one waiter of Send and Swap (`chain/wait.ts`). */
export { RECEIPT_POLL_MS, RECEIPT_TIMEOUT_MS, CALLS_CONFIRMED, CALLS_PENDING } from '../../chain/wait.js';

export interface SwapController extends Store<SwapState> {
  /** Loads tokens, balances, prices and the gas price of the active network; throws 'Network not supported for Swaps' where swaps are not served. */
  init(): Promise<void>;
  /** The standard gas price (wei) of the active network; throws 'Network not supported for Gas Price' where it has none. */
  fetchGasPrice(): Promise<bigint>;
  /** `init` unless the state is already loaded (or loading) for the active network and account. */
  ensureLoaded(): Promise<void>;
  setAmount(text: string): void;
  selectToken(side: 'from' | 'to', address: CaipAddress): void;
  /** Swaps from and to (the amount stays). */
  flip(): void;
  /** Percent as typed (0.01-50); false when invalid (the tolerance stays). */
  setSlippage(text: string): boolean;
  /** Asks for a fresh quote now (expired or failed quote). */
  refreshQuote(): Promise<void>;
  /**
   * Approves when the allowance is short, then swaps (both as one atomic EIP-5792 batch when the wallet supports it);
   * resolves when the swap is mined, failed or the user declined.
   */
  submit(): Promise<void>;
  /** Back to the form after a completed swap (tokens stay, the amount clears). */
  resetForm(): void;
  /** Called after each completed swap (the Account hub refreshes balances and Activity; the completion view opens). */
  onSwapComplete(listener: (result: { hash: string; from: SwapTokenInfo; to: SwapTokenInfo }) => void): () => void;
  /** The tokens matching a search by name, symbol or address, the user's own first. */
  search(query: string): SwapTokenInfo[];
  dispose(): void;
}

/**
 * The swap form: tokens and balances (`swap-balances.ts`), debounced quotes (`swap-quotes.ts`), the approval and the
 * swap through the shared tail (`swap-submit.ts`); the rules read from the state are `swap-state.ts`.
 */
export function createSwapController(deps: SwapControllerDeps): SwapController {
  const text = deps.messages;
  const store = createStore<SwapState>(initialSwapState());
  const completeListeners = new Set<(completion: SwapCompletion) => void>();
  let disposed = false;
  const set = (patch: Partial<SwapState>) => store.setState(patch);
  const lang = () => deps.lang?.() ?? 'en';
  const network = () => deps.activeNetwork();
  const userCaip = (): CaipAddress => `${network().caipNetworkId}:${deps.address() ?? ''}`;
  const messageOf = (error: unknown, context: string) => errorMessageOf(error, text, context).message;
  const ctx: SwapContext = { deps, store, set, text, messageOf, network, userCaip, disposed: () => disposed };
  const quotes = createSwapQuotes(ctx);
  const submit = createSwapSubmit(ctx, quotes, (completion) => {
    for (const listener of [...completeListeners]) listener(completion);
  });

  const controller: SwapController = {
    getState: store.getState,
    subscribe: store.subscribe,
    async init() {
      const net = network();
      quotes.cancel();
      set({ ...initialSwapState(), status: 'loading', loadedFor: userCaip() });
      try {
        if (net.chainNamespace !== 'eip155' || !(await deps.isActiveChainSupported())) throw new ModalError(text.networkNotSupportedForSwaps);
        const { tokens } = await fetchSwapTokens(deps.api, { chainId: net.caipNetworkId });
        if (tokens.length === 0) throw new ModalError(text.networkNotSupportedForSwaps, { details: `no swap tokens on ${net.caipNetworkId}` });
        const prices = new Map<string, number>();
        const address = deps.address();
        const [, gas, capabilities] = await Promise.all([
          fetchTokenPrices(deps.api, { addresses: tokens.map((t) => t.address) })
            .then((r) => r.fungibles.forEach((f) => prices.set(f.address.toLowerCase(), f.price)))
            .catch(() => undefined),
          controller.fetchGasPrice().then(
            (gasPrice) => ({ gasPrice, gasError: undefined }),
            (error: unknown) => ({ gasPrice: undefined, gasError: messageOf(error, 'Swap gas price failed') }),
          ),
          address && deps.capabilities ? deps.capabilities(address, net.id).catch(() => undefined) : undefined,
        ]);
        const loaded = await loadSwapBalances(ctx, tokens, prices);
        if (ctx.disposed()) return;
        const from = loaded.tokens.find((t) => t.isNative) ?? loaded.tokens[0];
        set({ ...loaded, ...gas, from, atomicBatch: supportsAtomicBatch(capabilities), status: 'ready' });
      } catch (error) {
        set({ status: 'error', error: messageOf(error, 'Swap tokens failed') });
        throw error;
      }
    },
    async fetchGasPrice() {
      const net = network();
      if (net.chainNamespace !== 'eip155' || !(await deps.isActiveChainSupported())) throw new ModalError(text.networkNotSupportedForGasPrice);
      try {
        return BigInt((await fetchGasPrice(deps.api, { chainId: net.caipNetworkId })).standard);
      } catch (error) {
        // The API refuses a chain it has no gas prices for (4xx); anything else is a plain failure.
        const status = (error as { status?: number }).status;
        if (status !== undefined && status >= 400 && status < 500) throw new ModalError(text.networkNotSupportedForGasPrice, { cause: error });
        throw error;
      }
    },
    async ensureLoaded() {
      const state = store.getState();
      if (state.loadedFor === userCaip() && state.status !== 'idle' && state.status !== 'error') return;
      await controller.init().catch(() => undefined);
    },
    setAmount(value) {
      const from = store.getState().from;
      const typed = typeAmount(value, from?.decimals ?? 18, lang());
      set({ amountText: typed.text, amount: typed.value, invalidAmount: isInvalidAmount(typed), submitError: undefined });
      quotes.schedule();
    },
    selectToken(side, address) {
      const state = store.getState();
      const token = state.tokens.find((t) => t.address === address);
      if (!token) return;
      const other = side === 'from' ? state.to : state.from;
      // Picking the other side's token swaps the two.
      const swapSides = other?.address === token.address;
      const next = side === 'from' ? { from: token, to: swapSides ? state.from : state.to } : { to: token, from: swapSides ? state.to : state.from };
      // The text stays; a token of other decimals gives it another value.
      const typed = next.from ? typeAmount(state.amountText, next.from.decimals, lang()) : { text: state.amountText, value: state.amount };
      set({ ...next, amount: typed.value, allowance: undefined, submitError: undefined, invalidAmount: isInvalidAmount(typed) });
      quotes.schedule(0);
    },
    flip() {
      const { from, to, amountText } = store.getState();
      if (!to) return;
      const typed = typeAmount(amountText, to.decimals, lang());
      set({ from: to, to: from, amount: typed.value, allowance: undefined, invalidAmount: isInvalidAmount(typed) });
      quotes.schedule(0);
    },
    setSlippage(value) {
      const bps = value.trim() === '' ? DEFAULT_SLIPPAGE_BPS : parseSlippage(value, lang());
      if (bps === undefined) return false;
      set({ slippageBps: bps });
      return true;
    },
    refreshQuote: () => quotes.refresh(),
    submit,
    resetForm() {
      quotes.cancel();
      set({ step: 'form', amountText: '', amount: undefined, quote: undefined, quoteExpired: false, quoteError: undefined, approveHash: undefined, swapHash: undefined, submitError: undefined, invalidAmount: false });
    },
    onSwapComplete(listener) {
      completeListeners.add(listener);
      return () => completeListeners.delete(listener);
    },
    search(query) {
      const q = query.trim().toLowerCase();
      const tokens = store.getState().tokens;
      if (!q) return tokens;
      return tokens.filter((t) => t.name.toLowerCase().includes(q) || t.symbol.toLowerCase().includes(q) || t.address.toLowerCase().includes(q));
    },
    dispose() {
      disposed = true;
      quotes.clearTimers();
      completeListeners.clear();
    },
  };
  return controller;
}

/**
 * Builds the swap controller of a modal (`createControllers` does, once, as the lazy `swap` member; never in the
 * first-click bundle). Reset when the account or network changes.
 */
export function createSwapFor(controllers: CoreControllers): SwapController {
  const messages = messagesOf(controllers.options);
  const swap = createSwapController({
    api: controllers.api,
    clock: controllers.clock,
    activeNetwork: () => controllers.networks.getState().activeNetwork,
    address: () => controllers.getAccount().address,
    isActiveChainSupported: () => controllers.networks.isActiveChainSupported(),
    getProvider: () => controllers.connection.getProvider(),
    capabilities: (address, chainId) => {
      const provider = controllers.connection.getProvider();
      return provider ? readChainCapabilities(provider, address, chainId) : Promise.resolve(undefined);
    },
    refreshAccount: () => {
      void controllers.account.fetchBalance(true);
      notifyAccountActivity(controllers);
    },
    lang: () => controllers.options.locale?.lang ?? 'en',
    messages,
  });
  // A finished swap leaves the review for its completion screen (no way back to a spent quote).
  swap.onSwapComplete(() => showCompletion(controllers.router, 'SwapComplete', 'SwapPreview'));
  return swap;
}

/** The factory's convention: a lazy feature module exports `create(controllers)`. */
export { createSwapFor as create };
