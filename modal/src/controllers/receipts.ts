import type { Clock } from '../core/types.js';
import { ModalError } from '../errors.js';

/**
 * The one way the modal waits for a transaction or an EIP-5792 batch (Send and Swap alike; the batch's status is
 * `calls-status.ts`, a module of its own so that only Swap loads it): poll every {@link RECEIPT_POLL_MS}, give up after
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

/** The transaction was mined and reverted (`status` '0x0'); `reason` when the caller knows it. */
export class TransactionRevertedError extends ModalError {
  override name = 'TransactionRevertedError';
  readonly hash: string;
  constructor(hash: string, message = 'The transaction was reverted.') {
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
 * @example await waitForReceipt((m, p) => provider.request({ method: m, params: p }), hash, { clock });
 */
export async function waitForReceipt(read: ChainRead, hash: string, options: WaitOptions & { revertedMessage?: string; timeoutMessage?: string }): Promise<TransactionReceipt> {
  const receipt = await poll(
    () => read('eth_getTransactionReceipt', [hash]),
    (answer) => (answer && typeof answer === 'object' ? (answer as TransactionReceipt) : undefined),
    options,
    () => new WaitTimeoutError(options.timeoutMessage ?? 'The request timed out.', `no receipt for ${hash}`),
  );
  if (receipt.status !== '0x1') throw new TransactionRevertedError(hash, options.revertedMessage);
  return receipt;
}
