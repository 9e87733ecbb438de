import { describe, expect, it } from 'vitest';
import { dropZeroDecimalBalances, filterTransactions } from './filters.js';
import type { Transaction } from './history-types.js';

describe('filters of the Blockchain API answers', () => {
  it("drops tokens with decimals '0'; drops spam-only and other-chain transactions", () => {
    const balance = (decimals: string) => ({ name: 'T', symbol: 'T', chainId: 'eip155:56' as const, price: 1, quantity: { decimals, numeric: '1' }, iconUrl: '' });
    expect(dropZeroDecimalBalances([balance('0'), balance('18')])).toEqual([balance('18')]);
    const tx = (id: string, chain: string, transfers: Transaction['transfers'], operationType: Transaction['metadata']['operationType'] = 'send'): Transaction => ({
      id,
      metadata: { operationType, hash: '0x', chain: chain as `${string}:${string}`, minedAt: '', sentFrom: '', sentTo: '', status: 'confirmed', nonce: 0 },
      transfers,
    });
    const spam = { direction: 'in' as const, quantity: { numeric: '1' }, nft_info: { flags: { is_spam: true } } };
    const fine = { direction: 'in' as const, quantity: { numeric: '1' } };
    const kept = filterTransactions(
      [
        tx('a', 'eip155:56', [spam]),
        tx('b', 'eip155:56', [spam, fine]),
        tx('c', 'eip155:1', [fine]),
        tx('d', 'eip155:56', []),
        tx('e', 'eip155:56', null),
        // An approval moves nothing: the service lists no transfer, and the row still belongs in Activity.
        tx('f', 'eip155:56', [], 'approve'),
        tx('g', 'eip155:1', [], 'approve'),
      ],
      'eip155:56',
    );
    expect(kept.map((t) => t.id)).toEqual(['b', 'e', 'f']);
  });
});
