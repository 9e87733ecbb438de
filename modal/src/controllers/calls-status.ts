import { ModalError } from '../errors.js';
import { poll, WaitTimeoutError, type ChainRead, type WaitOptions } from './receipts.js';

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
