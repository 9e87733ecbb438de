/**
 * The tail every transaction of the modal shares (Send, Swap, the Solana send): submit, wait, message, settle. A
 * feature says what to send and what to do when the wallet accepted it and when the network answered; the tail does
 * the rest in one way for all (a refusal in the wallet is silent; every failure becomes one sentence of the catalogue).
 */
import { errorMessageOf, type ErrorMessageTexts } from '../error-message.js';
import { isUserRejection } from '../errors.js';
import { submit, waitFor, type SubmitRequest, type Submitted, type WaitTexts } from './submit.js';
import { WaitTimeoutError, type ChainRead, type WaitOptions } from './wait.js';

export type TailTexts = ErrorMessageTexts & WaitTexts;

/** How the network answered: confirmed, failed (reverted, a failed batch, a Solana error), or unknown (waiting gave up). */
export type Settled = { status: 'confirmed'; hashes: string[] } | { status: 'failed' | 'unknown'; message: string; error: unknown };

/** How the wallet answered: refused (silent), failed with a sentence, or accepted (then `settled` follows). */
export type Submission =
  | { status: 'rejected' }
  | { status: 'failed'; message: string; error: unknown }
  | { status: 'accepted'; submitted: Submitted; settle(): Promise<Settled> };

export interface TailOptions extends WaitOptions {
  texts: TailTexts;
  /** Where the logger says it failed ('Swap failed'). */
  context: string;
  /** The spec's one text for any failure of this feature (Send: 'Something went wrong'); default: the mapping's sentence. */
  failureText?: string;
  /** Read receipts here instead of through the wallet (Send reads the node). */
  read?: ChainRead;
  /** The network answered (or waiting gave up): refresh balances and Activity, show the answer. */
  onSettled?(settled: Settled): void;
}

/** The one mapping (`errorMessageOf`, which logs the detail), unless the feature's spec text says otherwise. */
const messageOf = (error: unknown, options: TailOptions) => {
  const mapped = errorMessageOf(error, options.texts, options.context).message;
  return options.failureText ?? mapped;
};

/**
 * Sends `request` (or what it resolves to: building a transaction may fail like sending it) and answers how the wallet
 * took it. Once accepted, `settle()` waits for the network and resolves (never rejects) its answer: await it to go on
 * after the transaction (Swap's approval, then its swap), or let it run (Send shows its completion view at once).
 * @example const sent = await sendAndSettle({ kind: 'transaction', provider, from, call }, { clock, texts, context: 'Send failed' });
 */
export async function sendAndSettle(request: SubmitRequest | (() => Promise<SubmitRequest>), options: TailOptions): Promise<Submission> {
  let submitted: Submitted;
  try {
    submitted = await submit(typeof request === 'function' ? await request() : request);
  } catch (error) {
    if (isUserRejection(error)) return { status: 'rejected' };
    return { status: 'failed', message: messageOf(error, options), error };
  }
  const settle = async (): Promise<Settled> => {
    const result = await waitFor(submitted, options).then(
      (hashes): Settled => ({ status: 'confirmed', hashes }),
      (error: unknown): Settled => ({ status: error instanceof WaitTimeoutError ? 'unknown' : 'failed', message: messageOf(error, options), error }),
    );
    options.onSettled?.(result);
    return result;
  };
  return { status: 'accepted', submitted, settle };
}
