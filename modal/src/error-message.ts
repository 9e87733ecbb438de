import { isUserRejection, ModalError, ProviderRpcError, ResponseValidationError } from './errors.js';
import { isPresentable, log } from './core/logger.js';
import type { ModalMessages } from './texts/locale.js';

export { isPresentable };

/**
 * The modal's one error-to-message mapping: what a person reads when a chain or wallet call fails. Its own module
 * (not errors.ts, which the first click loads) so that only the chunks that show such errors carry it.
 */

/** What went wrong, as a caller branches on it ('rejected' is silent by the spec). */
export type ErrorKind = 'rejected' | 'insufficientFunds' | 'unreachable' | 'timeout' | 'reverted' | 'other';

export type ErrorMessageTexts = Pick<
  ModalMessages,
  | 'somethingWentWrong'
  | 'requestRejected'
  | 'insufficientFunds'
  | 'networkUnreachable'
  | 'requestTimedOut'
  | 'transactionReverted'
  | 'transactionRevertedWithReason'
  | 'transactionFailed'
  | 'transactionRefused'
  | 'transactionNotConfirmed'
  | FrameReasonText
>;

/** What the embedded wallet's frame refused, by its reason, that the catalogue says as it is (its English is for the logger). */
const FRAME_REASON_TEXTS = ['deviceLocked', 'chainUnsupported', 'smartAccountUnsupported'] as const;
type FrameReasonText = (typeof FRAME_REASON_TEXTS)[number];

/**
 * The catalogue's sentence for a refusal of the embedded wallet's frame in `error` (or in its causes), when the frame
 * gave a reason the catalogue says (`deviceLocked`, ...); undefined otherwise.
 * @example frameReasonText(new EmbeddedWalletError(4901, 'The embedded wallet does not support chain 10', { reason: 'chainUnsupported' }), messages)
 * // 'Your wallet does not support this network.'
 */
export function frameReasonText(error: unknown, texts: Pick<ModalMessages, FrameReasonText>): string | undefined {
  const reason = chainOf(error).find((e) => e.name === 'EmbeddedWalletError')?.frame?.reason;
  return FRAME_REASON_TEXTS.includes(reason as FrameReasonText) ? texts[reason as FrameReasonText] : undefined;
}

export interface ErrorMessage {
  kind: ErrorKind;
  /** One sentence for the screen: never the raw error. */
  message: string;
}

/** JSON-RPC "execution reverted" (geth, anvil). */
const EXECUTION_REVERTED_CODE = 3;

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  shortMessage?: unknown;
  reason?: unknown;
  status?: unknown;
  cause?: unknown;
  data?: { originalError?: unknown };
  /** The embedded wallet's error body, when its frame answered (`reason`: an `EmbeddedErrorReason`, unchecked). */
  frame?: { reason?: unknown };
}

/** The error and its causes, outermost first (viem's `walk`, and the nesting wallets use). */
function chainOf(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  for (let e = error as ErrorLike | undefined; e && typeof e === 'object' && chain.length < 6 && !chain.includes(e); e = (e.data?.originalError ?? e.cause) as ErrorLike | undefined) {
    chain.push(e);
  }
  return chain;
}

const textOf = (e: ErrorLike) => [e.shortMessage, e.message].filter((t): t is string => typeof t === 'string').join(' ');


/** The revert reason carried by viem's errors or a node's message ('execution reverted: Sold out'). */
function revertReason(chain: ErrorLike[]): string | undefined {
  for (const e of chain) {
    if (typeof e.reason === 'string' && e.reason) return e.reason;
    // viem's shortMessage, else the first line of the message (viem's goes on with its request arguments).
    const match = /execution reverted(?::\s*(?:revert:\s*)?|\s+with reason:\s*)(.+?)\.?$/im.exec(String(e.shortMessage ?? e.message));
    if (match?.[1]) return match[1].trim();
  }
  return undefined;
}

/**
 * The message of `error` for the screen: a rejection, insufficient funds, an unreachable network, a timeout or a
 * revert (with its reason when short and plain) get one sentence each; a modal error keeps its own text (the spec's);
 * a wallet's own short message is kept; anything else is 'Something went wrong'. The detail goes to the logger, under
 * the caller's `context` (what failed, for a developer: 'Swap failed').
 * @example errorMessageOf({ code: -32000, message: 'insufficient funds for gas * price + value' }, messages, 'Send failed')
 * // { kind: 'insufficientFunds', message: 'Not enough funds for this amount and the network fee.' }
 */
export function errorMessageOf(error: unknown, texts: ErrorMessageTexts, context: string): ErrorMessage {
  const result = classify(error, texts);
  if (result.kind !== 'rejected') log('warn', context, error);
  return result;
}

function classify(error: unknown, texts: ErrorMessageTexts): ErrorMessage {
  if (isUserRejection(error)) return { kind: 'rejected', message: texts.requestRejected };
  const chain = chainOf(error);
  const top = chain[0];
  // A fetch that failed or timed out, whoever wrapped it (the JSON-RPC caller, viem's transport).
  const names = chain.map((e) => String(e.name ?? ''));
  if (names.slice(1).some((n) => n === 'TimeoutError' || n === 'AbortError') || names.includes('TimeoutError')) return { kind: 'timeout', message: texts.requestTimedOut };
  if (names.includes('HttpRequestError') || chain.some((e) => e instanceof TypeError && /fetch|network|load failed/i.test(String(e.message)))) {
    return { kind: 'unreachable', message: texts.networkUnreachable };
  }
  // Errors of the lazy connectors, known by name and code (their modules stay out of this one): their messages are for the logger.
  if (names.includes('FrameTimeoutError')) return { kind: 'timeout', message: texts.requestTimedOut };
  const refused = frameReasonText(error, texts);
  if (refused) return { kind: 'other', message: refused };
  const solana = chain.find((e) => e.name === 'SolanaTransactionError')?.code;
  if (solana === 'failed') return { kind: 'reverted', message: texts.transactionFailed };
  if (solana === 'unconfirmed') return { kind: 'timeout', message: texts.transactionNotConfirmed };
  if (solana === 'refused') return { kind: 'other', message: texts.transactionRefused };
  // The modal's own errors carry the spec's texts (or ours, in the reader's language); a provider's or a shape's do not.
  if (top instanceof ModalError && !(top instanceof ProviderRpcError) && !(top instanceof ResponseValidationError)) {
    return { kind: top.name === 'TransactionRevertedError' ? 'reverted' : 'other', message: top.shortMessage };
  }
  const all = chain.map(textOf).join(' ');
  if (names.includes('InsufficientFundsError') || /insufficient funds|exceeds (the )?balance/i.test(all)) {
    return { kind: 'insufficientFunds', message: texts.insufficientFunds };
  }
  if (/timed out|timeout/i.test(all)) return { kind: 'timeout', message: texts.requestTimedOut };
  if (/failed to fetch|networkerror|could not be reached/i.test(all)) return { kind: 'unreachable', message: texts.networkUnreachable };
  if (names.some((n) => /Revert/.test(n)) || chain.some((e) => e.code === EXECUTION_REVERTED_CODE) || /execution reverted|\breverted\b/i.test(all)) {
    const reason = revertReason(chain);
    return { kind: 'reverted', message: isPresentable(reason) ? texts.transactionRevertedWithReason(reason) : texts.transactionReverted };
  }
  // A shape the modal did not expect is technical: the logger has it.
  const own = top && !(top instanceof ResponseValidationError) ? (typeof top.shortMessage === 'string' ? top.shortMessage : top.message) : undefined;
  return { kind: 'other', message: isPresentable(own) ? own : texts.somethingWentWrong };
}
