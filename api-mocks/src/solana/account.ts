import type { Address } from '@solana/kit';
import type { Balance } from '../../../modal/src/api/blockchain-types.js';
import type { Transaction, TransactionDirection, TransactionOperationType, TransactionTransfer } from '../../../modal/src/api/history-types.js';
import { LAMPORTS_PER_SOL, SOL_PRICE_USD, SOLANA_TEST_TOKEN, type LocalSolanaChain, type SolanaTxRecord } from './chain.js';

/** Whole units of a raw amount as a decimal string without trailing zeros. */
export function formatAmount(raw: bigint, decimals: number): string {
  const negative = raw < 0n;
  const value = negative ? -raw : raw;
  const scale = 10n ** BigInt(decimals);
  const fraction = (value % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${value / scale}${fraction ? `.${fraction}` : ''}`;
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

interface TokenInfo {
  name: string;
  symbol: string;
  price?: number;
}

/** What the chain knows of a mint: the test token by name, any other by its address. */
function tokenInfo(chain: LocalSolanaChain, mint: Address): TokenInfo {
  if (mint === chain.mint) return { name: SOLANA_TEST_TOKEN.name, symbol: SOLANA_TEST_TOKEN.symbol, price: SOLANA_TEST_TOKEN.priceUsd };
  return { name: `Token ${mint.slice(0, 4)}…${mint.slice(-4)}`, symbol: mint.slice(0, 4).toUpperCase() };
}

/** SOL and every SPL token `owner` holds (non-zero) on the local chain, in the balance endpoint's shape. */
export function solanaBalances(chain: LocalSolanaChain, owner: Address, iconUrl: (symbol: string) => string): Balance[] {
  const lamports = chain.svm.getBalance(owner) ?? 0n;
  const numeric = formatAmount(lamports, 9);
  const balances: Balance[] = [
    {
      name: 'Solana',
      symbol: 'SOL',
      chainId: chain.caip2,
      value: round(Number(numeric) * SOL_PRICE_USD),
      price: SOL_PRICE_USD,
      quantity: { decimals: '9', numeric },
      iconUrl: iconUrl('SOL'),
    },
  ];
  const byMint = new Map<Address, { amount: bigint; decimals: number }>();
  for (const account of chain.tokenAccountsOf(owner)) {
    const entry = byMint.get(account.mint) ?? { amount: 0n, decimals: account.decimals };
    entry.amount += account.amount;
    byMint.set(account.mint, entry);
  }
  for (const [mint, { amount, decimals }] of byMint) {
    if (amount === 0n) continue;
    const info = tokenInfo(chain, mint);
    const tokenNumeric = formatAmount(amount, decimals);
    balances.push({
      name: info.name,
      symbol: info.symbol,
      chainId: chain.caip2,
      address: `${chain.caip2}:${mint}`,
      value: info.price === undefined ? 0 : round(Number(tokenNumeric) * info.price),
      price: info.price ?? 0,
      quantity: { decimals: String(decimals), numeric: tokenNumeric },
      iconUrl: iconUrl(info.symbol),
    });
  }
  return balances;
}

/** The history endpoint's transaction for one processed transaction, seen from `owner`. */
export function solanaTransaction(chain: LocalSolanaChain, record: SolanaTxRecord, owner: Address, iconUrl: (symbol: string) => string): Transaction {
  const transfers: TransactionTransfer[] = [];
  const feePayer = record.accountKeys[0];
  // Whose balances moved the other way: token owners first (an SPL send's receiver), then SOL accounts (a SOL
  // receiver, or the new token account that took the rent).
  const tokenCounterparts = new Set<string>();
  const solCounterparts = new Set<string>();

  const ownerIndex = record.accountKeys.indexOf(owner);
  if (ownerIndex >= 0 && record.err === null) {
    // The fee is not a transfer: the fee payer's SOL change without it.
    const delta = record.postBalances[ownerIndex] - record.preBalances[ownerIndex] + (ownerIndex === 0 ? record.fee : 0n);
    if (delta !== 0n) {
      const numeric = formatAmount(delta < 0n ? -delta : delta, 9);
      transfers.push({
        fungible_info: { name: 'Solana', symbol: 'SOL', icon: { url: iconUrl('SOL') } },
        direction: delta < 0n ? 'out' : 'in',
        quantity: { numeric },
        price: SOL_PRICE_USD,
        value: round(Number(numeric) * SOL_PRICE_USD),
      });
      record.accountKeys.forEach((key, i) => {
        const other = record.postBalances[i] - record.preBalances[i] + (i === 0 ? record.fee : 0n);
        if (key !== owner && other !== 0n && other < 0n !== delta < 0n) solCounterparts.add(key);
      });
    }
  }

  if (record.err === null) {
    const tokenDeltas = new Map<Address, bigint>();
    const decimalsOf = new Map<Address, number>();
    for (const post of record.postTokenBalances) {
      const pre = record.preTokenBalances.find((b) => b.accountIndex === post.accountIndex);
      const change = post.amount - (pre?.amount ?? 0n);
      if (change === 0n) continue;
      if (post.owner === owner) {
        tokenDeltas.set(post.mint, (tokenDeltas.get(post.mint) ?? 0n) + change);
        decimalsOf.set(post.mint, post.decimals);
      }
    }
    for (const [mint, change] of tokenDeltas) {
      if (change === 0n) continue;
      const info = tokenInfo(chain, mint);
      const numeric = formatAmount(change < 0n ? -change : change, decimalsOf.get(mint) ?? 0);
      transfers.push({
        fungible_info: { name: info.name, symbol: info.symbol, icon: { url: iconUrl(info.symbol) } },
        direction: change < 0n ? 'out' : 'in',
        quantity: { numeric },
        ...(info.price !== undefined ? { price: info.price, value: round(Number(numeric) * info.price) } : {}),
      });
      for (const post of record.postTokenBalances) {
        if (post.mint !== mint || post.owner === owner) continue;
        const pre = record.preTokenBalances.find((b) => b.accountIndex === post.accountIndex);
        const other = post.amount - (pre?.amount ?? 0n);
        if (other !== 0n && other < 0n !== change < 0n) tokenCounterparts.add(post.owner);
      }
    }
  }

  // Token transfers first: in an SPL send the SOL that moved is the new token account's rent, not what was sent.
  transfers.sort((x, y) => Number(x.fungible_info?.symbol === 'SOL') - Number(y.fungible_info?.symbol === 'SOL'));
  const directions = new Set<TransactionDirection>(transfers.map((t) => t.direction));
  let operationType: TransactionOperationType;
  if (directions.has('in') && directions.has('out') && feePayer !== owner) operationType = 'trade';
  else if (directions.has('out')) operationType = 'send';
  else if (directions.has('in')) operationType = 'receive';
  else operationType = 'execute';
  const counterpart = [...tokenCounterparts, ...solCounterparts][0];
  const sentFrom = directions.has('out') || !directions.has('in') ? owner : (counterpart ?? feePayer);
  const sentTo = directions.has('out') ? (counterpart ?? owner) : owner;
  return {
    id: record.signature,
    metadata: {
      operationType,
      hash: record.signature,
      chain: chain.caip2,
      minedAt: new Date(record.blockTime * 1000).toISOString(),
      sentFrom,
      sentTo,
      status: record.err === null ? 'confirmed' : 'failed',
      nonce: 0,
    },
    transfers,
  };
}

export { LAMPORTS_PER_SOL };
