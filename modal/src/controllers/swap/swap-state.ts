/**
 * The Swap form's state and the rules read from it (pure): what blocks a swap, the fee, the figures of a quote.
 */
import type { SwapToken } from '../../api/convert-types.js';
import { minimumReceived, priceImpactBps, usdCents } from './amounts.js';

/** Spec section 9: the default slippage tolerance is 1 (percent): 100 basis points. */
export const DEFAULT_SLIPPAGE_BPS = 100n;
/** A quote is asked for this long after the last keystroke. */
export const SWAP_QUOTE_DEBOUNCE_MS = 300;
/** A quote older than this must be refreshed before swapping (ours: the pool moves with every block). */
export const SWAP_QUOTE_TTL_MS = 30_000;
/** Gas of a swap and of an approval on the pool, for the network fee shown before the transaction is built. */
export const SWAP_GAS_ESTIMATE = 150_000n;
export const APPROVE_GAS_ESTIMATE = 60_000n;
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

export const initialSwapState = (): SwapState => ({
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
