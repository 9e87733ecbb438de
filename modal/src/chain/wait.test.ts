import { describe, expect, it } from 'vitest';
import { createFakeClock, flush } from '../core/testing.js';
import { RECEIPT_POLL_MS, RECEIPT_TIMEOUT_MS, TransactionRevertedError, waitForReceipt, WaitTimeoutError, type ChainRead, waitForCallsStatus } from './wait.js';

const HASH = `0x${'ab'.repeat(32)}`;

/** A read answering `answers` in turn (a thrown value is a failed read), the last one for ever. */
function reading(answers: unknown[]): ChainRead & { calls: string[] } {
  const calls: string[] = [];
  const read = async (method: string) => {
    calls.push(method);
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return Object.assign(read, { calls });
}

describe('the one receipt waiter (Send and Swap)', () => {
  it('polls every 500 ms through failed reads and answers the successful receipt', async () => {
    const clock = createFakeClock();
    const read = reading([null, new Error('node busy'), { status: '0x1', transactionHash: HASH }]);
    const waiting = waitForReceipt(read, HASH, { clock, revertedMessage: 'reverted!', timeoutMessage: 'too slow' });
    await flush();
    expect(read.calls).toEqual(['eth_getTransactionReceipt']);
    await clock.advance(RECEIPT_POLL_MS);
    await clock.advance(RECEIPT_POLL_MS);
    await expect(waiting).resolves.toMatchObject({ status: '0x1' });
    expect(read.calls).toHaveLength(3);
  });

  it('throws TransactionRevertedError for a reverted receipt and WaitTimeoutError when none comes in time', async () => {
    const clock = createFakeClock();
    await expect(waitForReceipt(reading([{ status: '0x0' }]), HASH, { clock, revertedMessage: 'reverted!', timeoutMessage: 'too slow' })).rejects.toMatchObject({
      constructor: TransactionRevertedError,
      shortMessage: 'reverted!',
      hash: HASH,
    });
    const pending = waitForReceipt(reading([null]), HASH, { clock, revertedMessage: 'reverted!', timeoutMessage: 'too slow' });
    const settled = pending.catch((error: unknown) => error);
    await clock.advance(RECEIPT_TIMEOUT_MS + RECEIPT_POLL_MS);
    expect(await settled).toMatchObject({ constructor: WaitTimeoutError, shortMessage: 'too slow' });
  });

  it('waits for an EIP-5792 batch: the receipts’ hashes when confirmed, the failure text for 4xx-6xx', async () => {
    const clock = createFakeClock();
    const options = { clock, failedMessage: 'batch failed', timeoutMessage: 'batch pending' };
    const confirmed = waitForCallsStatus(reading([{ status: 100 }, { status: 200, receipts: [{ transactionHash: '0x01', status: '0x1' }, { transactionHash: '0x02', status: '0x1' }] }]), 'id', options);
    await flush();
    await clock.advance(RECEIPT_POLL_MS);
    await expect(confirmed).resolves.toEqual(['0x01', '0x02']);
    await expect(waitForCallsStatus(reading([{ status: 'CONFIRMED', receipts: [{ transactionHash: '0x03' }] }]), 'id', options)).resolves.toEqual(['0x03']);
    await expect(waitForCallsStatus(reading([{ status: 500 }]), 'id', options)).rejects.toMatchObject({ shortMessage: 'batch failed' });
    await expect(waitForCallsStatus(reading([{ status: 200, receipts: [{ transactionHash: '0x04', status: '0x0' }] }]), 'id', options)).rejects.toMatchObject({ shortMessage: 'batch failed' });
  });
});
