import { describe, expect, it } from 'vitest';
import type { ApiContext } from '../../api/http.js';
import type { Transaction, TransactionTransfer } from '../../api/history-types.js';
import { createFakeFetch, flush, json, localNetwork } from '../../core/testing.js';
import { createActivityController } from './activity.js';
import { createApprovalReader } from './approvals.js';
import { APPROVAL_TOPIC, approvalFromLogs, decodeAbiString, describeTransaction } from './decode.js';

const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const POOL = '0x2222222222222222222222222222222222222222';
const USDT = '0x3333333333333333333333333333333333333333';
const pad = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;
const word = (value: bigint) => `0x${value.toString(16).padStart(64, '0')}`;

const tx = (operationType: Transaction['metadata']['operationType'], transfers: TransactionTransfer[] | null, id = 'tx'): Transaction => ({
  id,
  metadata: { operationType, hash: `0x${'12'.repeat(32)}`, chain: 'eip155:31337', minedAt: '2026-11-25T10:00:00Z', sentFrom: OWNER, sentTo: POOL, status: 'confirmed', nonce: 3 },
  transfers,
});
const token = (symbol: string, direction: TransactionTransfer['direction'], numeric: string): TransactionTransfer => ({
  fungible_info: { name: symbol, symbol, icon: { url: `http://127.0.0.1:8787/public/getTokenImage/${symbol}` } },
  direction,
  quantity: { numeric },
});
const nft = (name: string, direction: TransactionTransfer['direction'], spam = false): TransactionTransfer => ({
  nft_info: { name, content: { preview: { url: 'http://127.0.0.1:8787/public/getAssetImage/nft-4' } }, flags: { is_spam: spam } },
  direction,
  quantity: { numeric: '1' },
});

describe('describeTransaction (the Activity row of a history transaction)', () => {
  it('a swap is one row with both legs: what left and what arrived', () => {
    const entry = describeTransaction(tx('trade', [token('USDT', 'out', '100'), token('BNB', 'in', '0.170833333333333333')]));
    expect(entry.kind).toBe('swapped');
    expect(entry.out.map((l) => [l.symbol, l.amount])).toEqual([['USDT', '100']]);
    expect(entry.in.map((l) => [l.symbol, l.amount])).toEqual([['BNB', '0.170833333333333333']]);
    expect(entry.out[0].iconUrl).toBe('http://127.0.0.1:8787/public/getTokenImage/USDT');
  });

  it('a mint keeps the price paid beside the NFT received', () => {
    const entry = describeTransaction(tx('mint', [token('BNB', 'out', '0.05'), nft('Minibot M1 Presale Pass #4', 'in')]));
    expect(entry.kind).toBe('minted');
    expect(entry.in).toEqual([{ symbol: 'Minibot M1 Presale Pass #4', amount: '1', direction: 'in', iconUrl: 'http://127.0.0.1:8787/public/getAssetImage/nft-4', nft: true }]);
    expect(entry.out.map((l) => `${l.amount} ${l.symbol}`)).toEqual(['0.05 BNB']);
  });

  it('an approval has no transfers (its amount is in the receipt); sends, receipts and self transfers by direction', () => {
    expect(describeTransaction(tx('approve', []))).toEqual({ kind: 'approved', out: [], in: [] });
    expect(describeTransaction(tx('send', [token('USDT', 'out', '1.5')])).kind).toBe('sent');
    expect(describeTransaction(tx('receive', [token('USDT', 'in', '1.5')])).kind).toBe('received');
    const self = describeTransaction(tx('send', [token('BNB', 'self', '1')]));
    expect(self.kind).toBe('self');
    expect(self.out.map((l) => l.amount)).toEqual(['1']);
    expect(describeTransaction(tx('buy', [token('BNB', 'in', '0.08191667')])).kind).toBe('bought');
    expect(describeTransaction(tx('deploy', [])).kind).toBe('deployed');
  });

  it('operation types without a rule of their own fall back on the directions; a spam NFT never shows as a leg', () => {
    expect(describeTransaction(tx('execute', [token('USDT', 'out', '5'), token('MBT', 'in', '7')])).kind).toBe('swapped');
    expect(describeTransaction(tx('withdraw', [token('BNB', 'in', '2')])).kind).toBe('received');
    expect(describeTransaction(tx('execute', [])).kind).toBe('executed');
    expect(describeTransaction(tx('execute', null)).kind).toBe('executed');
    const withSpam = describeTransaction(tx('receive', [token('USDT', 'in', '3'), nft('Free Prize', 'in', true)]));
    expect(withSpam.in.map((l) => l.symbol)).toEqual(['USDT']);
  });
});

describe('approvalFromLogs (an approve transaction read from its receipt)', () => {
  const approval = (owner: string, spender: string, value: bigint, extraTopic?: string) => ({
    address: USDT,
    topics: [APPROVAL_TOPIC, pad(owner), pad(spender), ...(extraTopic ? [extraTopic] : [])],
    data: word(value),
  });

  it('reads the amount, or unlimited for the largest uint256', () => {
    expect(approvalFromLogs([approval(OWNER, POOL, 20n * 10n ** 18n)], OWNER)).toEqual({ token: USDT, spender: POOL, unlimited: false, value: 20n * 10n ** 18n });
    expect(approvalFromLogs([approval(OWNER, POOL, 2n ** 256n - 1n)], OWNER)).toEqual({ token: USDT, spender: POOL, unlimited: true });
  });

  it("leaves out another owner's approval, an ERC-721 Approval (4 topics) and other events", () => {
    expect(approvalFromLogs([approval(POOL, OWNER, 5n)], OWNER)).toBeUndefined();
    expect(approvalFromLogs([approval(OWNER, POOL, 5n, word(4n))], OWNER)).toBeUndefined();
    expect(approvalFromLogs([{ address: USDT, topics: ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef', pad(OWNER), pad(POOL)], data: word(5n) }], OWNER)).toBeUndefined();
  });
});

describe('decodeAbiString (a token symbol from eth_call)', () => {
  it('reads an ABI string and an old bytes32 symbol; refuses what is not one', () => {
    const usdt = `0x${word(32n).slice(2)}${word(4n).slice(2)}${'55534454'.padEnd(64, '0')}`;
    expect(decodeAbiString(usdt)).toBe('USDT');
    expect(decodeAbiString(`0x${'4d4b52'.padEnd(64, '0')}`)).toBe('MKR');
    expect(decodeAbiString('0x')).toBeUndefined();
    expect(decodeAbiString(`0x${word(32n).slice(2)}${word(999n).slice(2)}`)).toBeUndefined();
  });
});

describe('approvals in the activity controller', () => {
  const receiptLogs = [{ address: USDT, topics: [APPROVAL_TOPIC, pad(OWNER), pad(POOL)], data: word(2n ** 256n - 1n) }];

  it('reads each approval of a page from its receipt, with the symbol of a held token or the token itself (once)', async () => {
    const calls: string[] = [];
    const rpc = async (method: string, params: unknown[]) => {
      calls.push(method === 'eth_call' ? `eth_call ${(params[0] as { data: string }).data}` : method);
      if (method === 'eth_getTransactionReceipt') return { status: '0x1', logs: receiptLogs };
      if ((params[0] as { data: string }).data === '0x95d89b41') return `0x${word(32n).slice(2)}${word(4n).slice(2)}${'55534454'.padEnd(64, '0')}`;
      return word(18n);
    };
    const read = createApprovalReader(rpc, () => undefined);
    expect(await read(tx('approve', []), OWNER)).toEqual({ token: USDT, spender: POOL, unlimited: true, symbol: 'USDT', decimals: 18 });
    await read(tx('approve', []), OWNER);
    // The token's symbol and decimals are read once; each receipt is read.
    expect(calls.filter((c) => c.startsWith('eth_call'))).toHaveLength(2);
    expect(calls.filter((c) => c === 'eth_getTransactionReceipt')).toHaveLength(2);

    const held = createApprovalReader(rpc, (address) => (address === USDT.toLowerCase() ? { symbol: 'USDT', decimals: 6, iconUrl: 'http://127.0.0.1/usdt.png' } : undefined));
    calls.length = 0;
    expect(await held(tx('approve', []), OWNER)).toMatchObject({ symbol: 'USDT', decimals: 6, iconUrl: 'http://127.0.0.1/usdt.png' });
    expect(calls).toEqual(['eth_getTransactionReceipt']);
  });

  it('the controller keeps approve rows (no transfers) and fills in what they approved', async () => {
    const fetch = createFakeFetch((r) => (r.url.includes('/history') ? json({ data: [tx('approve', [], 'a1'), tx('send', [token('USDT', 'out', '1')], 's1')], next: null }) : undefined));
    const api: ApiContext = { fetch, projectId: 'p1', sdkType: 'appkit', sdkVersion: 'v', urls: { blockchainApi: 'http://api.test', walletDirectory: 'http://dir.test', analytics: 'http://a.test' } };
    const asked: string[] = [];
    const activity = createActivityController({
      api,
      address: () => OWNER,
      network: () => localNetwork,
      isChainSupported: async () => true,
      onError: () => undefined,
      readApproval: async (transaction) => {
        asked.push(transaction.id);
        return { token: USDT, spender: POOL, unlimited: false, value: 20n * 10n ** 18n, symbol: 'USDT', decimals: 18 };
      },
    });
    await activity.fetchNextPage();
    await flush();
    expect(activity.getState().transactions.map((t) => t.id)).toEqual(['a1', 's1']);
    expect(asked).toEqual(['a1']);
    expect(activity.getState().approvals.a1).toMatchObject({ symbol: 'USDT', value: 20n * 10n ** 18n });
  });
});
