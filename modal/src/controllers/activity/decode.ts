import type { Transaction, TransactionTransfer } from '../../api/history-types.js';

/** What a transaction did for the account, as the Activity list names it. */
export type ActivityKind = 'sent' | 'received' | 'self' | 'swapped' | 'approved' | 'minted' | 'bought' | 'deployed' | 'executed';

/** One side of a transfer: a token amount (or an NFT) going out of the account or coming in. */
export interface ActivityLeg {
  /** Ticker of a token, or the NFT's name (`Minibot M1 Presale Pass #4`). */
  symbol: string;
  /** Whole units as decimal text (`'100'`, `'0.05'`); `'1'` for an NFT. */
  amount: string;
  direction: 'in' | 'out' | 'self';
  /** The token's icon or the NFT's preview, as the service gave it (not yet through the URL gate). */
  iconUrl?: string;
  nft: boolean;
}

/** An ERC-20 approval read from the receipt's `Approval` log: the service's history carries no transfer for it. */
export interface ActivityApproval {
  /** The token's contract. */
  token: string;
  spender: string;
  /** Smallest units; absent when unlimited. */
  value?: bigint;
  unlimited: boolean;
  symbol?: string;
  decimals?: number;
  iconUrl?: string;
}

/** One row of the Activity list: the kind, what left and what arrived. */
export interface ActivityEntry {
  kind: ActivityKind;
  /** Legs leaving the account, then those arriving (a swap has one of each; a mint pays out and receives the NFT). */
  out: ActivityLeg[];
  in: ActivityLeg[];
}

const legOf = (transfer: TransactionTransfer): ActivityLeg => ({
  symbol: transfer.fungible_info?.symbol ?? transfer.nft_info?.name ?? transfer.fungible_info?.name ?? '',
  amount: transfer.quantity.numeric,
  direction: transfer.direction,
  iconUrl: transfer.fungible_info?.icon?.url ?? transfer.nft_info?.content?.preview?.url,
  nft: !transfer.fungible_info && !!transfer.nft_info,
});

/**
 * Names what `tx` did for the account from the history's operation type and its transfers' directions: a trade with
 * both legs is 'swapped' (A -> B), a mint keeps the price paid as its out leg, an approval has no transfer (its
 * amount comes from the receipt, `approvalFromLogs`). Operation types the service may add fall back on directions.
 */
export function describeTransaction(tx: Transaction): ActivityEntry {
  const legs = (tx.transfers ?? []).filter((t) => !t.nft_info?.flags?.is_spam).map(legOf);
  const out = legs.filter((leg) => leg.direction === 'out');
  const incoming = legs.filter((leg) => leg.direction === 'in');
  const self = legs.filter((leg) => leg.direction === 'self');
  const entry = (kind: ActivityKind): ActivityEntry => ({ kind, out: kind === 'self' ? self : out, in: incoming });
  switch (tx.metadata.operationType) {
    case 'approve':
      return entry('approved');
    case 'mint':
      return entry('minted');
    case 'buy':
      return entry('bought');
    case 'deploy':
      return entry('deployed');
    case 'trade':
      return entry(out.length > 0 && incoming.length > 0 ? 'swapped' : out.length > 0 ? 'sent' : 'received');
    default:
      if (out.length > 0 && incoming.length > 0) return entry('swapped');
      if (out.length > 0) return entry('sent');
      if (incoming.length > 0) return entry('received');
      if (self.length > 0) return entry('self');
      return entry(tx.metadata.operationType === 'send' ? 'sent' : tx.metadata.operationType === 'receive' ? 'received' : 'executed');
  }
}

/** keccak256('Approval(address,address,uint256)'), the ERC-20 event. */
export const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';
const MAX_UINT256 = 2n ** 256n - 1n;

/** A receipt's log as JSON-RPC gives it. */
export interface RpcLog {
  address: string;
  topics: string[];
  data: string;
}

const topicAddress = (topic: string) => `0x${topic.slice(-40)}`;

/**
 * The ERC-20 approval `owner` gave in a receipt's logs (the last one, as a token keeps only the last), or undefined
 * when it holds none. An ERC-721 `Approval` has the token id as a fourth topic and is left out.
 */
export function approvalFromLogs(logs: readonly RpcLog[], owner: string): ActivityApproval | undefined {
  const ownerKey = owner.toLowerCase().replace(/^0x/, '');
  let found: ActivityApproval | undefined;
  for (const log of logs) {
    const [topic, from, spender] = log.topics;
    if (log.topics.length !== 3 || topic?.toLowerCase() !== APPROVAL_TOPIC || !from?.toLowerCase().endsWith(ownerKey) || !spender) continue;
    const value = /^0x[0-9a-fA-F]{1,64}$/.test(log.data) ? BigInt(log.data) : 0n;
    found = { token: log.address, spender: topicAddress(spender), unlimited: value === MAX_UINT256, ...(value === MAX_UINT256 ? {} : { value }) };
  }
  return found;
}

/** The string an `eth_call` of `symbol()` answers (ABI-encoded `string`; an old `bytes32` symbol too); undefined when unreadable. */
export function decodeAbiString(hex: string): string | undefined {
  const body = hex.replace(/^0x/, '');
  if (!/^[0-9a-fA-F]*$/.test(body) || body.length < 64) return undefined;
  const bytesToText = (bytes: string) => {
    const codes = bytes.match(/../g)?.map((b) => Number.parseInt(b, 16)).filter((c) => c !== 0) ?? [];
    const text = new TextDecoder().decode(new Uint8Array(codes)).trim();
    return text && !text.includes('\uFFFD') ? text : undefined;
  };
  if (body.length === 64) return bytesToText(body);
  const offset = Number.parseInt(body.slice(0, 64), 16) * 2;
  const length = Number.parseInt(body.slice(offset, offset + 64), 16) * 2;
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || length > 128 || offset + 64 + length > body.length) return undefined;
  return bytesToText(body.slice(offset + 64, offset + 64 + length));
}
