import { notifyAccountActivity } from '../activity/account-activity.js';
import type { ApiContext } from '../../api/http.js';
import type { Balance, CaipAddress, SwapToken } from '../../api/types.js';
import { fetchBalances } from '../../api/blockchain.js';
import { buildSwapTransaction, fetchAllowance, fetchBuildApprove, fetchGasPrice, fetchSwapQuotes, fetchSwapTokens, fetchTokenPrices } from '../../api/convert.js';
import { createStore } from '../../core/store.js';
import type { Clock, Eip1193Provider, ModalNetwork, Store } from '../../core/types.js';
import type { CoreControllers } from '../core-controllers.js';
import { isUserRejection, ModalError } from '../../errors.js';
import { errorMessageOf, type ErrorMessageTexts } from '../../error-message.js';
import { messages as englishMessages } from '../../texts/messages.js';
import { messagesOf } from '../../texts/messages-of.js';
import { parseAmount, unitsOfDecimalText } from '../../core/units.js';
import { chainHex, readChainCapabilities, supportsAtomicBatch, type ChainCapabilities } from '../capabilities.js';
import { minimumReceived, parseSlippage, priceImpactBps, slippagePercent, toHex, usdCents } from './amounts.js';
import { waitForReceipt, type ChainRead } from '../receipts.js';
import { waitForCallsStatus } from './calls-status.js';

/** Spec section 9: the default slippage tolerance is 1 (percent): 100 basis points. */
export const DEFAULT_SLIPPAGE_BPS = 100n;
/** A quote is asked for this long after the last keystroke. */
export const SWAP_QUOTE_DEBOUNCE_MS = 300;
/** A quote older than this must be refreshed before swapping (ours: the pool moves with every block). */
export const SWAP_QUOTE_TTL_MS = 30_000;
/** Gas of a swap and of an approval on the pool, for the network fee shown before the transaction is built. */
export const SWAP_GAS_ESTIMATE = 150_000n;
export const APPROVE_GAS_ESTIMATE = 60_000n;
/** Receipt and batch polling: the one waiter of Send and Swap (`receipts.ts`). */
export { RECEIPT_POLL_MS, RECEIPT_TIMEOUT_MS } from '../receipts.js';
export { CALLS_CONFIRMED, CALLS_PENDING } from './calls-status.js';
/** The native coin's address in the swap API (`0xeeee…eeee`). */
export const NATIVE_SWAP_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

/** A token of the swap list with what the user holds of it (smallest unit) and its USD price when known. */
export interface SwapTokenInfo extends SwapToken {
  balance: bigint;
  price?: number;
  isNative: boolean;
}

/** Why the form cannot swap now; each has its own message and state. */
export type SwapIssue = 'insufficientBalance' | 'insufficientGas' | 'noLiquidity' | 'quoteExpired';

export interface SwapQuoteState {
  fromAmount: bigint;
  toAmount: bigint;
  /** When the quote arrived (controller clock). */
  at: number;
}

/** 'batching': approval and swap sent together as one atomic batch (one confirmation in the wallet). */
export type SwapStep = 'form' | 'approving' | 'swapping' | 'batching' | 'done';

export interface SwapState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Network and account the state was loaded for (`eip155:56:0x…`). */
  loadedFor?: string;
  /** Set when loading fails, e.g. 'Network not supported for Swaps'. */
  error?: string;
  tokens: SwapTokenInfo[];
  from?: SwapTokenInfo;
  to?: SwapTokenInfo;
  /** What the user typed. */
  amountText: string;
  /** `amountText` in the smallest unit; undefined while empty or invalid. */
  amount?: bigint;
  invalidAmount: boolean;
  slippageBps: bigint;
  quote?: SwapQuoteState;
  quoteLoading: boolean;
  quoteError?: string;
  quoteExpired: boolean;
  /** Standard gas price (wei); undefined with `gasError`. */
  gasPrice?: bigint;
  gasError?: string;
  /** Native balance (wei). */
  nativeBalance: bigint;
  nativePrice?: number;
  /** Allowance of the pool over `from` (tokens only). */
  allowance?: bigint;
  /** The wallet reports atomic batching (EIP-5792) for the active chain: an approval goes with the swap in one batch. */
  atomicBatch: boolean;
  step: SwapStep;
  /** The approval and swap transactions of the last submit. */
  approveHash?: string;
  swapHash?: string;
  /** A failure of the last submit (a rejection in the wallet leaves none). */
  submitError?: string;
}

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
   * Approves when the allowance is short, then swaps (both as one atomic `wallet_sendCalls` batch when the wallet
   * supports it); resolves when the swap is mined, failed or the user declined.
   */
  submit(): Promise<void>;
  /** Back to the form after a completed swap (tokens stay, the amount clears). */
  resetForm(): void;
  /** Called after each completed swap (the Account hub refreshes balances and Activity). */
  onSwapComplete(listener: (result: { hash: string; from: SwapTokenInfo; to: SwapTokenInfo }) => void): () => void;
  /** The tokens matching a search by name, symbol or address, the user's own first. */
  search(query: string): SwapTokenInfo[];
  dispose(): void;
}

export interface SwapControllerDeps {
  api: ApiContext;
  clock: Clock;
  activeNetwork: () => ModalNetwork;
  address: () => string | undefined;
  /** The supported-chains gate of the blockchain API. */
  isActiveChainSupported: () => Promise<boolean>;
  getProvider: () => Eip1193Provider | undefined;
  /** The wallet's EIP-5792 capabilities for the account on a chain (undefined without any); none: no batching. */
  capabilities?: (address: string, chainId: number) => Promise<ChainCapabilities | undefined>;
  /** Refreshes the account's balance after a swap. */
  refreshAccount?: () => void;
  /** The language amounts are typed in (`1,5` in 'de'); default 'en'. */
  lang?: () => string;
  messages?: ErrorMessageTexts & {
    networkNotSupportedForSwaps: string;
    networkNotSupportedForGasPrice: string;
    swapBatchFailed: string;
    swapBatchTimeout: string;
  };
}

const initialState = (): SwapState => ({
  status: 'idle',
  tokens: [],
  amountText: '',
  invalidAmount: false,
  slippageBps: DEFAULT_SLIPPAGE_BPS,
  quoteLoading: false,
  quoteExpired: false,
  nativeBalance: 0n,
  atomicBatch: false,
  step: 'form',
});

/** The wallet's JSON-RPC as a read for the waiter (Swap follows the wallet: it sent the transaction). */
const walletRead = (provider: Eip1193Provider): ChainRead => (method, params) => provider.request({ method, params });

const plainAddress = (caip: string) => caip.slice(caip.lastIndexOf(':') + 1);
const sameToken = (a: string | undefined, b: string | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** The network fee the form shows: the gas price times the gas of a swap, plus an approval when one is needed. */
export function estimateNetworkFee(state: Pick<SwapState, 'gasPrice' | 'from' | 'allowance' | 'amount'>): bigint | undefined {
  if (state.gasPrice === undefined) return undefined;
  return state.gasPrice * (SWAP_GAS_ESTIMATE + (needsApproval(state) ? APPROVE_GAS_ESTIMATE : 0n));
}

/** True when the pool may not yet take `amount` of a token. */
export function needsApproval(state: Pick<SwapState, 'from' | 'allowance' | 'amount'>): boolean {
  if (!state.from || state.from.isNative || state.amount === undefined) return false;
  return (state.allowance ?? 0n) < state.amount;
}

/** The first thing that stops a swap now, in the order a user fixes them. */
export function swapIssue(state: SwapState): SwapIssue | undefined {
  const { from, amount, quote } = state;
  if (!from || amount === undefined || amount === 0n) return undefined;
  if (amount > from.balance) return 'insufficientBalance';
  const fee = estimateNetworkFee(state) ?? 0n;
  if (state.nativeBalance < fee + (from.isNative ? amount : 0n)) return 'insufficientGas';
  if (quote && quote.toAmount === 0n) return 'noLiquidity';
  if (quote && state.quoteExpired) return 'quoteExpired';
  return undefined;
}

/** Derived figures of a quote: minimum received, price impact, network fee and its USD value. */
export function quoteDetails(state: SwapState) {
  const { from, to, quote } = state;
  if (!from || !to || !quote) return undefined;
  const fee = estimateNetworkFee(state);
  return {
    toAmount: quote.toAmount,
    minimumReceived: minimumReceived(quote.toAmount, state.slippageBps),
    priceImpactBps: priceImpactBps({ amount: quote.fromAmount, decimals: from.decimals, price: from.price }, { amount: quote.toAmount, decimals: to.decimals, price: to.price }),
    networkFee: fee,
    networkFeeCents: fee === undefined ? undefined : usdCents(fee, 18, state.nativePrice),
  };
}

/** The swap form: tokens, debounced quotes, allowance, approval and swap through the connected wallet. */
export function createSwapController(deps: SwapControllerDeps): SwapController {
  const text = deps.messages ?? englishMessages;
  const store = createStore<SwapState>(initialState());
  const completeListeners = new Set<Parameters<SwapController['onSwapComplete']>[0]>();
  let debounce: unknown;
  let expiry: unknown;
  let quoteSeq = 0;
  let disposed = false;

  const set = (patch: Partial<SwapState>) => store.setState(patch);
  const lang = () => deps.lang?.() ?? 'en';
  /** One sentence for the screen (the error mapping); the detail goes to the logger. */
  const messageOf = (error: unknown, context: string) => errorMessageOf(error, text, context).message;
  const network = () => deps.activeNetwork();
  const userCaip = (): CaipAddress => `${network().caipNetworkId}:${deps.address() ?? ''}`;

  function clearTimers() {
    if (debounce !== undefined) deps.clock.clearTimeout(debounce);
    if (expiry !== undefined) deps.clock.clearTimeout(expiry);
    debounce = expiry = undefined;
  }

  async function loadBalances(tokens: SwapToken[], prices: Map<string, number>): Promise<{ tokens: SwapTokenInfo[]; nativeBalance: bigint; nativePrice?: number }> {
    const address = deps.address();
    const net = network();
    let balances: Balance[] = [];
    if (address) {
      try {
        balances = (await fetchBalances(deps.api, { address, chainId: net.caipNetworkId, currency: 'usd', forceUpdate: `${net.caipNetworkId}:${address}` })).balances;
      } catch {
        // Without balances the list still works; amounts are checked against 0.
      }
    }
    const held = (token: SwapToken, native: boolean) =>
      balances.find((b) => (native ? !b.address && b.chainId === net.caipNetworkId : sameToken(b.address, token.address)) && b.quantity.decimals !== '0');
    const infos = tokens.map((token): SwapTokenInfo => {
      const isNative = sameToken(plainAddress(token.address), NATIVE_SWAP_ADDRESS);
      const balance = held(token, isNative);
      return {
        ...token,
        isNative,
        balance: balance ? unitsOfDecimalText(balance.quantity.numeric, token.decimals) : 0n,
        price: prices.get(token.address.toLowerCase()) ?? balance?.price,
      };
    });
    // The user's own tokens first (largest USD value first), then the list's order.
    const value = (t: SwapTokenInfo) => usdCents(t.balance, t.decimals, t.price) ?? 0n;
    const own = infos.filter((t) => t.balance > 0n).sort((a, b) => (value(b) > value(a) ? 1 : value(b) < value(a) ? -1 : 0));
    const rest = infos.filter((t) => t.balance === 0n);
    const native = infos.find((t) => t.isNative);
    return { tokens: [...own, ...rest], nativeBalance: native?.balance ?? 0n, nativePrice: native?.price };
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
      if (seq !== quoteSeq || disposed) return;
      const first = response.quotes[0];
      const toAmount = first ? BigInt(first.toAmount) : 0n;
      set({ quote: { fromAmount: amount, toAmount, at: deps.clock.now() }, quoteLoading: false, quoteExpired: false });
      expiry = deps.clock.setTimeout(() => {
        expiry = undefined;
        if (store.getState().quote?.at !== undefined) set({ quoteExpired: true });
      }, SWAP_QUOTE_TTL_MS);
    } catch (error) {
      if (seq !== quoteSeq || disposed) return;
      set({ quoteLoading: false, quoteError: messageOf(error, 'Swap quote failed') });
    }
  }

  async function sendTransaction(tx: { from: string; to: string; data: string; value: bigint; gas?: bigint }): Promise<string> {
    const provider = deps.getProvider();
    if (!provider) throw new ModalError(text.somethingWentWrong, { details: 'no connected wallet' });
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: tx.from, to: tx.to, data: tx.data, value: toHex(tx.value), ...(tx.gas ? { gas: toHex(tx.gas) } : {}) }],
    })) as string;
    await waitForReceipt(walletRead(provider), hash, { clock: deps.clock, revertedMessage: text.transactionReverted, timeoutMessage: text.requestTimedOut });
    return hash;
  }

  /**
   * Approval and swap as one atomic EIP-5792 batch (v2.0.0), in that order; polls `wallet_getCallsStatus` until final
   * and answers the transaction hashes of both calls (the same one when the wallet ran them in one transaction).
   */
  async function sendBatch(from: string, calls: { to: string; data: string; value: bigint }[]): Promise<{ approveHash: string; swapHash: string }> {
    const provider = deps.getProvider();
    if (!provider) throw new ModalError(text.somethingWentWrong, { details: 'no connected wallet' });
    const sent = (await provider
      .request({
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', chainId: chainHex(network().id), from, atomicRequired: true, calls: calls.map((c) => ({ to: c.to, data: c.data, value: toHex(c.value) })) }],
      })
      .catch((error: unknown) => {
        // The wallet cannot batch after all (EIP-5792 5700/5710/5760, or no such method): the next try goes apart.
        if ([5700, 5710, 5760, 4200, -32601].includes((error as { code?: number } | undefined)?.code ?? 0)) set({ atomicBatch: false });
        throw error;
      })) as { id?: unknown } | string;
    // Wallets of the draft before v2 answer the bare id.
    const id = typeof sent === 'string' ? sent : sent?.id;
    if (typeof id !== 'string' || !id) throw new ModalError(text.somethingWentWrong, { details: 'wallet_sendCalls answered without an id' });
    const hashes = await waitForCallsStatus(walletRead(provider), id, { clock: deps.clock, failedMessage: text.swapBatchFailed, timeoutMessage: text.swapBatchTimeout });
    return { approveHash: hashes[0], swapHash: hashes[hashes.length - 1] };
  }

  async function reloadBalances() {
    const state = store.getState();
    const prices = new Map(state.tokens.filter((t) => t.price !== undefined).map((t) => [t.address.toLowerCase(), t.price!]));
    const loaded = await loadBalances(state.tokens, prices);
    const find = (t?: SwapTokenInfo) => (t ? loaded.tokens.find((x) => x.address === t.address) : undefined);
    set({ ...loaded, from: find(store.getState().from), to: find(store.getState().to) });
  }

  const controller: SwapController = {
    getState: store.getState,
    subscribe: store.subscribe,
    async init() {
      const net = network();
      clearTimers();
      quoteSeq++;
      set({ ...initialState(), status: 'loading', loadedFor: userCaip() });
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
        const loaded = await loadBalances(tokens, prices);
        if (disposed) return;
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
      const amount = value.trim() === '' ? undefined : parseAmount(value, from?.decimals ?? 18, lang());
      set({ amountText: value, amount, invalidAmount: value.trim() !== '' && amount === undefined, submitError: undefined });
      scheduleQuote();
    },
    selectToken(side, address) {
      const state = store.getState();
      const token = state.tokens.find((t) => t.address === address);
      if (!token) return;
      const other = side === 'from' ? state.to : state.from;
      // Picking the other side's token swaps the two.
      const swapSides = other?.address === token.address;
      const next = side === 'from' ? { from: token, to: swapSides ? state.from : state.to } : { to: token, from: swapSides ? state.to : state.from };
      const amount = next.from && state.amountText ? parseAmount(state.amountText, next.from.decimals, lang()) : state.amount;
      set({ ...next, amount, allowance: undefined, submitError: undefined, invalidAmount: state.amountText.trim() !== '' && amount === undefined });
      scheduleQuote(0);
    },
    flip() {
      const { from, to, amountText } = store.getState();
      if (!to) return;
      const amount = amountText.trim() ? parseAmount(amountText, to.decimals, lang()) : undefined;
      set({ from: to, to: from, amount, allowance: undefined, invalidAmount: amountText.trim() !== '' && amount === undefined });
      scheduleQuote(0);
    },
    setSlippage(value) {
      const bps = value.trim() === '' ? DEFAULT_SLIPPAGE_BPS : parseSlippage(value, lang());
      if (bps === undefined) return false;
      set({ slippageBps: bps });
      return true;
    },
    async refreshQuote() {
      if (debounce !== undefined) deps.clock.clearTimeout(debounce);
      debounce = undefined;
      if (expiry !== undefined) deps.clock.clearTimeout(expiry);
      expiry = undefined;
      set({ quoteExpired: false });
      await fetchQuote();
    },
    async submit() {
      const state = store.getState();
      const { from, to, amount } = state;
      const address = deps.address();
      if (!from || !to || amount === undefined || !address || (state.step !== 'form' && state.step !== 'done')) return;
      if (swapIssue(state)) return;
      set({ submitError: undefined });
      const swapRequest = (disableEstimate: boolean) =>
        buildSwapTransaction(deps.api, {
          amount: amount.toString(),
          eip155: { slippage: slippagePercent(store.getState().slippageBps) },
          from: from.address,
          to: to.address,
          userAddress: userCaip(),
          disableEstimate,
        });
      /** The approval (when the allowance is short) and the swap as two transactions, each awaited. */
      const sendApart = async (): Promise<string> => {
        if (needsApproval(state)) {
          set({ step: 'approving' });
          const { tx } = await fetchBuildApprove(deps.api, { userAddress: userCaip(), from: from.address, to: to.address, amount: amount.toString() });
          const approveHash = await sendTransaction({ from: address, to: plainAddress(tx.to), data: tx.data, value: BigInt(tx.value || '0'), gas: BigInt(tx.eip155.gas) });
          set({ approveHash, allowance: amount });
        }
        set({ step: 'swapping' });
        const { tx } = await swapRequest(false);
        return sendTransaction({ from: address, to: plainAddress(tx.to), data: tx.data, value: BigInt(tx.amount || '0'), gas: BigInt(tx.eip155.gas) });
      };
      try {
        let swapHash: string;
        if (needsApproval(state) && state.atomicBatch) {
          set({ step: 'batching' });
          // The swap cannot be estimated before the approval exists, so the service skips its estimate; the calls of
          // a batch carry no gas of their own: the wallet estimates the batch as a whole, approval first.
          const [approval, swap] = await Promise.all([
            fetchBuildApprove(deps.api, { userAddress: userCaip(), from: from.address, to: to.address, amount: amount.toString() }),
            swapRequest(true),
          ]);
          const hashes = await sendBatch(address, [
            { to: plainAddress(approval.tx.to), data: approval.tx.data, value: BigInt(approval.tx.value || '0') },
            { to: plainAddress(swap.tx.to), data: swap.tx.data, value: BigInt(swap.tx.amount || '0') },
          ]);
          swapHash = hashes.swapHash;
          set({ approveHash: hashes.approveHash });
        } else {
          swapHash = await sendApart();
        }
        clearTimers();
        set({ step: 'done', swapHash });
        deps.refreshAccount?.();
        for (const listener of [...completeListeners]) listener({ hash: swapHash, from, to });
        await reloadBalances().catch(() => undefined);
      } catch (error) {
        // A rejection in the wallet is silent and keeps the form as it was.
        if (isUserRejection(error)) {
          set({ step: 'form' });
          return;
        }
        set({ step: 'form', submitError: messageOf(error, 'Swap failed') });
      }
    },
    resetForm() {
      clearTimers();
      quoteSeq++;
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
      clearTimers();
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
  return createSwapController({
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
}

/** The factory's convention: a lazy feature module exports `create(controllers)`. */
export { createSwapFor as create };
