import { erc20Abi, formatEther, formatUnits, getAddress, zeroAddress, type Address, type Hex, type Log } from 'viem';
import type { Transaction, TransactionDirection, TransactionOperationType, TransactionTransfer } from '../../modal/src/api/history-types.js';
import { NATIVE_PRICE_USD, tokenIconUrl, type MocksContext } from './context.js';
import { traceInternalNativeTransfers, type InternalNativeTransfer } from './native-trace.js';

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';
const APPROVE_SELECTOR = '0x095ea7b3';
const erc721NameAbi = [{ type: 'function', name: 'name', stateMutability: 'view', inputs: [], outputs: [{ type: 'string' }] }] as const;

type RawTransfer =
  | { kind: 'native'; from: Address; to: Address; amount: bigint }
  | { kind: 'erc20'; contract: Address; from: Address; to: Address; amount: bigint }
  | { kind: 'erc721'; contract: Address; from: Address; to: Address; tokenId: bigint };

/** One mined transaction as the history needs it. */
export interface IndexedTransaction {
  hash: Hex;
  blockNumber: number;
  index: number;
  timestamp: number;
  from: Address;
  to: Address | null;
  contractAddress: Address | null;
  nonce: number;
  status: 'success' | 'reverted';
  selector: string;
  transfers: RawTransfer[];
  /** Owners (lower case) of the ERC-20 approvals the transaction gave: a smart account approves without sending it. */
  approvers: Set<string>;
  participants: Set<string>;
}

interface TokenInfo {
  name: string;
  symbol: string;
  decimals: number;
  price?: number;
}

function topicAddress(topic: Hex | undefined): Address {
  return getAddress(`0x${(topic ?? '0x').slice(-40)}`);
}

/** Decodes the token transfers a transaction's logs carry (ERC-20, ERC-721). */
function transfersFromLogs(logs: Log[]): RawTransfer[] {
  const transfers: RawTransfer[] = [];
  for (const log of logs) {
    const topics = log.topics;
    if (topics[0] === TRANSFER_TOPIC && topics.length === 3) {
      transfers.push({ kind: 'erc20', contract: getAddress(log.address), from: topicAddress(topics[1]), to: topicAddress(topics[2]), amount: BigInt(log.data === '0x' ? 0 : log.data) });
    } else if (topics[0] === TRANSFER_TOPIC && topics.length === 4) {
      transfers.push({ kind: 'erc721', contract: getAddress(log.address), from: topicAddress(topics[1]), to: topicAddress(topics[2]), tokenId: BigInt(topics[3] as Hex) });
    }
  }
  return transfers;
}

/**
 * An incremental index of the local chain's transactions, built from real blocks, receipts, logs
 * and call traces. `sync()` reads the blocks mined since the last call.
 */
export class ChainIndex {
  private readonly transactions: IndexedTransaction[] = [];
  private nextBlock = 0;
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private readonly tokenInfo = new Map<string, Promise<TokenInfo>>();
  private readonly collectionNames = new Map<string, Promise<string>>();

  constructor(private readonly ctx: MocksContext) {}

  /**
   * Reads the blocks mined up to now. A call made while a read is running waits for one more read
   * that starts after it (the running one may have fetched the block number too early); calls
   * arriving meanwhile share that read.
   */
  sync(): Promise<void> {
    const start = (): Promise<void> => {
      this.running = this.readNewBlocks().finally(() => {
        this.running = undefined;
      });
      return this.running;
    };
    if (this.queued) return this.queued;
    if (!this.running) return start();
    this.queued = this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return start();
      });
    return this.queued;
  }

  private async readNewBlocks(): Promise<void> {
    const latest = Number(await this.ctx.publicClient.getBlockNumber());
    if (latest < this.nextBlock - 1) {
      // The node was restarted with a fresh chain: start the index again.
      this.transactions.length = 0;
      this.nextBlock = 0;
    }
    while (this.nextBlock <= latest) {
      const numbers: number[] = [];
      for (let n = this.nextBlock; n <= latest && numbers.length < 25; n += 1) numbers.push(n);
      // A batch's blocks are read at once, each block's receipts in one call.
      const blocks = await Promise.all(
        numbers.map(async (n) => {
          const [block, receipts] = await Promise.all([
            this.ctx.publicClient.getBlock({ blockNumber: BigInt(n), includeTransactions: true }),
            this.ctx.publicClient.getBlockReceipts({ blockNumber: BigInt(n) }),
          ]);
          const byHash = new Map(receipts.map((receipt) => [receipt.transactionHash, receipt]));
          const read = await Promise.all(
            block.transactions.map(async (tx) => {
              const receipt = byHash.get(tx.hash);
              if (!receipt) throw new Error(`block ${n} has no receipt for ${tx.hash}`);
              return { receipt, internal: await this.internalTransfers(tx.hash, receipt) };
            }),
          );
          return { block, read };
        }),
      );
      for (const { block, read } of blocks) {
        block.transactions.forEach((tx, index) => {
          const { receipt, internal } = read[index];
          const transfers: RawTransfer[] = [];
          if (tx.value > 0n && tx.to) transfers.push({ kind: 'native', from: getAddress(tx.from), to: getAddress(tx.to), amount: tx.value });
          for (const move of internal) transfers.push({ kind: 'native', ...move });
          if (receipt.status === 'success') transfers.push(...transfersFromLogs(receipt.logs));
          const participants = new Set<string>([tx.from.toLowerCase()]);
          if (tx.to) participants.add(tx.to.toLowerCase());
          // An ERC-20 approval's owner took part even when another address sent the transaction (a smart account's
          // call through its owner or a bundler): the hosted history lists it as that account's approval.
          const approvers = new Set<string>();
          if (receipt.status === 'success') {
            for (const log of receipt.logs) {
              if (log.topics[0] === APPROVAL_TOPIC && log.topics.length === 3) approvers.add(topicAddress(log.topics[1]).toLowerCase());
            }
          }
          for (const approver of approvers) participants.add(approver);
          for (const transfer of transfers) {
            participants.add(transfer.from.toLowerCase());
            participants.add(transfer.to.toLowerCase());
          }
          this.transactions.push({
            hash: tx.hash,
            blockNumber: Number(block.number),
            index,
            timestamp: Number(block.timestamp),
            from: getAddress(tx.from),
            to: tx.to ? getAddress(tx.to) : null,
            contractAddress: receipt.contractAddress ? getAddress(receipt.contractAddress) : null,
            nonce: tx.nonce,
            status: receipt.status,
            selector: tx.input.slice(0, 10),
            transfers,
            approvers,
            participants,
          });
        });
      }
      this.nextBlock = numbers[numbers.length - 1] + 1;
    }
  }

  /**
   * The native coin moved inside `hash`'s calls, traced once when the index reads the transaction (a mined
   * transaction never changes). Value paid into the EntryPoint is a user operation's gas (the account's prefund), left
   * out as a plain transaction's gas is. A transaction that reverted, or that ran no code (21000 gas), moved nothing inside.
   */
  private async internalTransfers(hash: Hex, receipt: { status: 'success' | 'reverted'; gasUsed: bigint }): Promise<InternalNativeTransfer[]> {
    if (receipt.status !== 'success' || receipt.gasUsed <= 21_000n) return [];
    const entryPoint = this.ctx.deployment.erc4337?.entryPoint.toLowerCase();
    const moves = await traceInternalNativeTransfers(this.ctx.publicClient, hash);
    return moves.filter((move) => move.to.toLowerCase() !== entryPoint);
  }

  /** Transactions touching `address`, newest first. */
  forAddress(address: Address): IndexedTransaction[] {
    const key = address.toLowerCase();
    const found: IndexedTransaction[] = [];
    for (let i = this.transactions.length - 1; i >= 0; i -= 1) {
      if (this.transactions[i].participants.has(key)) found.push(this.transactions[i]);
    }
    return found;
  }

  private token(contract: Address): Promise<TokenInfo> {
    const known = this.ctx.tokensByAddress.get(contract.toLowerCase());
    if (known) return Promise.resolve({ name: known.name, symbol: known.symbol, decimals: known.decimals, price: known.priceUsd });
    let info = this.tokenInfo.get(contract);
    if (!info) {
      const read = async (): Promise<TokenInfo> => {
        const client = this.ctx.publicClient;
        const [name, symbol, decimals] = await Promise.all([
          client.readContract({ address: contract, abi: erc20Abi, functionName: 'name' }).catch(() => 'Unknown token'),
          client.readContract({ address: contract, abi: erc20Abi, functionName: 'symbol' }).catch(() => '???'),
          client.readContract({ address: contract, abi: erc20Abi, functionName: 'decimals' }).catch(() => 18),
        ]);
        return { name, symbol, decimals };
      };
      info = read();
      this.tokenInfo.set(contract, info);
    }
    return info;
  }

  private collectionName(contract: Address): Promise<string> {
    let name = this.collectionNames.get(contract);
    if (!name) {
      name = this.ctx.publicClient.readContract({ address: contract, abi: erc721NameAbi, functionName: 'name' }).catch(() => 'NFT');
      this.collectionNames.set(contract, name);
    }
    return name;
  }

  /** The hosted API's view of one transaction, from `address`'s side. */
  async toTransaction(tx: IndexedTransaction, address: Address, spam: (contract: Address, hash: Hex) => boolean, onrampHashes: Set<string>): Promise<Transaction> {
    const key = address.toLowerCase();
    const transfers: TransactionTransfer[] = [];
    let minted = false;
    for (const transfer of tx.transfers) {
      const from = transfer.from.toLowerCase();
      const to = transfer.to.toLowerCase();
      if (from !== key && to !== key) continue;
      const direction: TransactionDirection = from === key && to === key ? 'self' : from === key ? 'out' : 'in';
      if (transfer.kind === 'native') {
        const numeric = formatEther(transfer.amount);
        transfers.push({
          fungible_info: { name: 'BNB', symbol: 'BNB', icon: { url: tokenIconUrl(this.ctx, 'BNB') } },
          direction,
          quantity: { numeric },
          price: NATIVE_PRICE_USD,
          value: Number(numeric) * NATIVE_PRICE_USD,
        });
      } else if (transfer.kind === 'erc20') {
        const info = await this.token(transfer.contract);
        const numeric = formatUnits(transfer.amount, info.decimals);
        transfers.push({
          fungible_info: { name: info.name, symbol: info.symbol, icon: { url: tokenIconUrl(this.ctx, info.symbol) } },
          direction,
          quantity: { numeric },
          ...(info.price !== undefined ? { price: info.price, value: Number(numeric) * info.price } : {}),
        });
      } else {
        if (transfer.from === zeroAddress && to === key) minted = true;
        const collection = await this.collectionName(transfer.contract);
        const imageUrl = `${this.ctx.baseUrl}/public/getAssetImage/nft-${transfer.tokenId}?projectId=${encodeURIComponent(this.ctx.projectId)}`;
        transfers.push({
          nft_info: {
            name: `${collection} #${transfer.tokenId}`,
            content: { preview: { url: imageUrl, content_type: 'image/svg+xml' }, detail: { url: imageUrl, content_type: 'image/svg+xml' } },
            flags: { is_spam: spam(transfer.contract, tx.hash) },
          },
          direction,
          quantity: { numeric: '1' },
        });
      }
    }
    const directions = new Set(transfers.map((t) => t.direction));
    let operationType: TransactionOperationType;
    if (onrampHashes.has(tx.hash.toLowerCase())) operationType = 'buy';
    else if (minted) operationType = 'mint';
    else if (directions.has('in') && directions.has('out')) operationType = 'trade';
    else if (transfers.length === 0 && tx.approvers.has(key)) operationType = 'approve';
    else if (tx.from.toLowerCase() === key) {
      if (tx.to === null) operationType = 'deploy';
      else if (directions.has('out') || directions.has('self')) operationType = 'send';
      else if (tx.selector === APPROVE_SELECTOR) operationType = 'approve';
      else operationType = 'execute';
    } else operationType = 'receive';
    return {
      id: tx.hash,
      metadata: {
        operationType,
        hash: tx.hash,
        chain: this.ctx.localChain,
        minedAt: new Date(tx.timestamp * 1000).toISOString(),
        sentFrom: tx.from,
        sentTo: tx.to ?? tx.contractAddress ?? zeroAddress,
        status: tx.status === 'success' ? 'confirmed' : 'failed',
        nonce: tx.nonce,
      },
      transfers,
    };
  }
}
