import { describe, expect, it } from 'vitest';
import { history } from './answers.js';

const fail = (details: string): never => {
  throw new Error(details);
};
const OWNER = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const entry = (hash: string) => ({
  id: hash,
  metadata: { operationType: 'send', hash, chain: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', minedAt: '2026-01-01T00:00:00Z', sentFrom: OWNER, sentTo: OWNER, status: 'confirmed', nonce: 0 },
  transfers: null,
});

describe('history answers on Solana', () => {
  it('keeps an entry whose hash is a base58 signature, and one with a 0x hash', () => {
    const signature = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
    const evm = `0x${'ab'.repeat(32)}`;
    const { data } = history({ data: [entry(signature), entry(evm)], next: null }, fail);
    expect(data.map((tx) => tx.metadata.hash)).toEqual([signature, evm]);
  });

  it('drops an entry whose hash is neither', () => {
    const { data } = history({ data: [entry('not a hash'), entry('0x12')], next: null }, fail);
    expect(data).toEqual([]);
  });
});
