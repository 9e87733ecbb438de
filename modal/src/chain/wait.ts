import type { Clock } from '../core/types.js';
import { ModalError } from '../errors.js';

/**
 * The one waiter of the chain room: a transaction's receipt or an EIP-5792 batch's status (Send, Swap and Buy alike;
 * a bundler keeps only what a chunk uses): poll every {@link RECEIPT_POLL_MS}, give up after
 * {@link RECEIPT_TIMEOUT_MS}, count a failed read as "not yet".
 * Local rather than viem's `waitForTransactionReceipt` (12.3 kB gzip with its client) and `waitForCallsStatus`
 * (with `sendCalls` and `getCapabilities`: 41.6 kB gzip), which would break the 12 kB budget of the Send and Swap views.
 */
export const RECEIPT_POLL_MS = 500;
export const RECEIPT_TIMEOUT_MS = 120_000;

/** A JSON-RPC read: the node's (through the modal's caller) or the wallet's (`provider.request`). */
export type ChainRead = (method: string, params: unknown[]) => Promise<unknown>;

export interface WaitOptions {
  clock: Clock;
  pollMs?: number;
  timeoutMs?: number;
}

/** The transaction was mined and reverted (`status` '0x0'); `message` is the catalogue's text for it. */
export class TransactionRevertedError extends ModalError {
  override name = 'TransactionRevertedError';
  readonly hash: string;
  constructor(hash: string, message: string) {
    super(message, { details: `transaction ${hash} reverted` });
    this.hash = hash;
  }
}

/** Nothing final arrived in time; `message` is the caller's text for it. */
export class WaitTimeoutError extends ModalError {
  override name = 'WaitTimeoutError';
  constructor(message: string, details: string) {
    super(message, { details });
  }
}

export interface TransactionReceipt {
  status?: string;
  transactionHash?: string;
  blockNumber?: string;
}

/** Polls `read` until `check` answers a result (or throws); a read that fails counts as "not yet". */
export async function poll<T>(read: () => Promise<unknown>, check: (answer: unknown) => T | undefined, options: WaitOptions, timeout: () => Error): Promise<T> {
  const started = options.clock.now();
  for (;;) {
    const answer = await read().catch(() => undefined);
    const result = check(answer);
    if (result !== undefined) return result;
    if (options.clock.now() - started >= (options.timeoutMs ?? RECEIPT_TIMEOUT_MS)) throw timeout();
    await new Promise<void>((resolve) => options.clock.setTimeout(resolve, options.pollMs ?? RECEIPT_POLL_MS));
  }
}

/**
 * Waits for the receipt of `hash`; resolves it when the transaction succeeded, throws TransactionRevertedError when
 * it reverted and WaitTimeoutError when no receipt came in time.
 * @example await waitForReceipt((m, p) => provider.request({ method: m, params: p }), hash, { clock, revertedMessage, timeoutMessage });
 */
export async function waitForReceipt(read: ChainRead, hash: string, options: WaitOptions & { revertedMessage: string; timeoutMessage: string }): Promise<TransactionReceipt> {
  const receipt = await poll(
    () => read('eth_getTransactionReceipt', [hash]),
    (answer) => (answer && typeof answer === 'object' ? (answer as TransactionReceipt) : undefined),
    options,
    () => new WaitTimeoutError(options.timeoutMessage, `no receipt for ${hash}`),
  );
  if (receipt.status !== '0x1') throw new TransactionRevertedError(hash, options.revertedMessage);
  return receipt;
}

/** EIP-5792 `wallet_getCallsStatus` codes: 1xx pending, 200 confirmed, 4xx-6xx failed (nothing of a failed atomic batch stays). */
export const CALLS_PENDING = 100;
export const CALLS_CONFIRMED = 200;

/** A `wallet_getCallsStatus` status as a number: v2 codes, or the draft's 'PENDING' / 'CONFIRMED'. */
export function callsStatusCode(status: unknown): number | undefined {
  if (typeof status === 'number') return status;
  if (status === 'PENDING') return CALLS_PENDING;
  if (status === 'CONFIRMED') return CALLS_CONFIRMED;
  return undefined;
}

/**
 * Waits until the EIP-5792 batch `id` is final and answers the transaction hashes of its receipts in order; throws a
 * ModalError with `failedMessage` when the batch failed (4xx-6xx, or confirmed without successful receipts) and
 * WaitTimeoutError with `timeoutMessage` when it is still pending after the timeout.
 */
export async function waitForCallsStatus(read: ChainRead, id: string, options: WaitOptions & { failedMessage: string; timeoutMessage: string }): Promise<string[]> {
  return poll(
    () => read('wallet_getCallsStatus', [id]),
    (answer) => {
      const result = answer as { status?: number | string; receipts?: { transactionHash?: string; status?: string }[] } | null | undefined;
      const status = callsStatusCode(result?.status);
      if (status === CALLS_CONFIRMED) {
        const receipts = result?.receipts ?? [];
        const hashes = receipts.map((r) => r.transactionHash).filter((h): h is string => typeof h === 'string');
        if (receipts.some((r) => r.status !== undefined && r.status !== '0x1') || hashes.length === 0) {
          throw new ModalError(options.failedMessage, { details: `batch ${id} confirmed without successful receipts` });
        }
        return hashes;
      }
      if (status !== undefined && status >= 400) throw new ModalError(options.failedMessage, { details: `batch ${id} ended with status ${String(result?.status)}` });
      return undefined;
    },
    options,
    () => new WaitTimeoutError(options.timeoutMessage, `batch ${id} still pending`),
  );
}
