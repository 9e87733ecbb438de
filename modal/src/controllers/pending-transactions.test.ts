import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../core/testing.js';
import { createPendingTransactionsController, PENDING_LIMIT, PENDING_POLL_MS } from './pending-transactions.js';

const USER = '0x1111111111111111111111111111111111111111';

function setup(chain: { pending: number; latest: number; fail?: boolean }) {
  const clock = createFakeClock();
  const calls: unknown[][] = [];
  let address: string | undefined = USER;
  const counter = createPendingTransactionsController({
    clock,
    address: () => address,
    async rpc(method, params) {
      calls.push([method, ...params]);
      if (chain.fail) throw new Error('rpc down');
      const [, block] = params as [string, string];
      return `0x${(block === 'pending' ? chain.pending : chain.latest).toString(16)}`;
    },
  });
  return { counter, clock, calls, chain, setAddress: (a?: string) => (address = a) };
}

describe('pending-transaction counter', () => {
  it("counts the account's 'pending' nonce minus its 'latest' nonce, read again every 30 s", async () => {
    const { counter, clock, calls, chain } = setup({ pending: 7, latest: 5 });
    counter.start();
    await clock.advance(0);
    expect(counter.getState()).toEqual({ count: 2, polling: true });
    expect(calls).toEqual([
      ['eth_getTransactionCount', USER, 'pending'],
      ['eth_getTransactionCount', USER, 'latest'],
    ]);
    chain.latest = 6;
    await clock.advance(PENDING_POLL_MS - 1);
    expect(counter.getState().count).toBe(2);
    expect(calls).toHaveLength(2);
    await clock.advance(1);
    expect(counter.getState().count).toBe(1);
    expect(calls).toHaveLength(4);
    chain.latest = 7;
    await clock.advance(PENDING_POLL_MS);
    expect(counter.getState().count).toBe(0);
  });

  it('stops at 99: the count shows 99 and polling ends', async () => {
    const { counter, clock, calls } = setup({ pending: 250, latest: 10 });
    counter.start();
    await clock.advance(0);
    expect(counter.getState()).toEqual({ count: PENDING_LIMIT, polling: false });
    expect(PENDING_LIMIT).toBe(99);
    expect(clock.pending()).toBe(0);
    await clock.advance(PENDING_POLL_MS * 3);
    expect(calls).toHaveLength(2);
  });

  it('stops polling on stop() and counts nothing without an account', async () => {
    const { counter, clock, calls, setAddress } = setup({ pending: 3, latest: 1 });
    counter.start();
    await clock.advance(0);
    expect(counter.getState().count).toBe(2);
    counter.stop();
    expect(counter.getState()).toEqual({ count: 0, polling: false });
    await clock.advance(PENDING_POLL_MS * 2);
    expect(calls).toHaveLength(2);
    setAddress(undefined);
    expect(await counter.refresh()).toBe(0);
    expect(calls).toHaveLength(2);
  });

  it('keeps the last count and polls on when a read fails', async () => {
    const { counter, clock, chain, calls } = setup({ pending: 4, latest: 1 });
    counter.start();
    await clock.advance(0);
    chain.fail = true;
    await clock.advance(PENDING_POLL_MS);
    expect(counter.getState()).toEqual({ count: 3, polling: true });
    chain.fail = false;
    chain.latest = 4;
    await clock.advance(PENDING_POLL_MS);
    expect(counter.getState().count).toBe(0);
    expect(calls.length).toBe(6);
  });
});
