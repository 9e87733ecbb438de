import { getBase64Encoder, getCompiledTransactionMessageDecoder, type Address } from '@solana/kit';
import { getMintDecoder, getMintSize, getTokenDecoder, getTokenSize, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { LAMPORTS_PER_SIGNATURE, MAX_AIRDROP_LAMPORTS, SolanaRpcError, type LocalSolanaChain } from './chain.js';
import { checkVersionSupported, encodeAccount, statusOf, stringifyRpc, TRANSACTION_ENCODINGS, transactionJson, uiAmount, type DataSlice } from './encode.js';
import { addressParam, bad, booleanParam, commitmentParam, configParam, encodingParam, filtersParam, INVALID_PARAMS, matchesFilters, u64Param, wireParam } from './params.js';

export { stringifyRpc };

/** The JSON-RPC methods the local chain answers (Solana's names and shapes). */
export const SOLANA_RPC_METHODS = [
  'getAccountInfo',
  'getBalance',
  'getBlock',
  'getBlockHeight',
  'getBlockTime',
  'getBlocks',
  'getBlocksWithLimit',
  'getEpochInfo',
  'getEpochSchedule',
  'getFeeForMessage',
  'getFirstAvailableBlock',
  'getGenesisHash',
  'getHealth',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getProgramAccounts',
  'getRecentPerformanceSamples',
  'getRecentPrioritizationFees',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'getSlot',
  'getSupply',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
  'getTokenLargestAccounts',
  'getTokenSupply',
  'getTransaction',
  'getVersion',
  'isBlockhashValid',
  'requestAirdrop',
  'sendTransaction',
  'simulateTransaction',
] as const;

const METHOD_NOT_FOUND = -32601;
const INVALID_REQUEST = -32600;
const VERSION = { 'solana-core': '2.3.0-minibot-litesvm', 'feature-set': 0 };
/** Slots one getBlocks / getBlocksWithLimit call may span, as on a validator. */
const MAX_BLOCK_RANGE = 500_000n;
/** Accounts getTokenLargestAccounts lists. */
const LARGEST_ACCOUNTS = 20;
/** A validator keeps a performance sample per minute, at most 720 (12 hours). */
const SAMPLE_PERIOD_S = 60;
const MAX_PERFORMANCE_SAMPLES = 720;
/** The epoch schedule getEpochInfo reports: one epoch of 432,000 slots, no warm-up. */
const EPOCH_SCHEDULE = { slotsPerEpoch: 432_000, leaderScheduleSlotOffset: 432_000, warmup: false, firstNormalEpoch: 0, firstNormalSlot: 0 };

type Json = unknown;
interface RpcRequest {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

const notAvailable = (slot: bigint) => new SolanaRpcError(-32004, `Block not available for slot ${slot}`);

function dataSliceParam(value: unknown): DataSlice | undefined {
  if (value === undefined || value === null) return undefined;
  const slice = configParam(value);
  const offset = u64Param(slice.offset, 'dataSlice.offset');
  const length = u64Param(slice.length, 'dataSlice.length');
  if (offset > 10_485_760n || length > 10_485_760n) throw bad('Invalid param: dataSlice is beyond any account\'s data');
  return { offset: Number(offset), length: Number(length) };
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T, name: string): T {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw bad(`Invalid param: ${name} must be one of ${allowed.join(', ')}`);
}

/** A mint's supply and decimals, or an invalid-params error when the account is no SPL Token mint. */
function mintOf(chain: LocalSolanaChain, mint: Address): { supply: bigint; decimals: number } {
  const account = chain.svm.getAccount(mint);
  if (!account.exists || account.programAddress !== TOKEN_PROGRAM_ADDRESS || account.data.length !== getMintSize()) throw bad('Invalid param: not a Token mint');
  const decoded = getMintDecoder().decode(account.data);
  return { supply: decoded.supply, decimals: decoded.decimals };
}

/** Per-minute samples from the chain's start, newest first; the newest covers the minute in progress. */
function performanceSamples(chain: LocalSolanaChain, limit: number) {
  // Block times are whole seconds, so the windows are too.
  const start = Math.floor(chain.startedAt / 1000);
  const now = Math.floor(Date.now() / 1000);
  const windows = Math.floor((now - start) / SAMPLE_PERIOD_S) + 1;
  const samples = [];
  for (let w = windows - 1; w >= 0 && samples.length < limit; w--) {
    const from = start + w * SAMPLE_PERIOD_S;
    const to = from + SAMPLE_PERIOD_S;
    const inWindow = chain.records.filter((record) => record.blockTime >= from && record.blockTime < to);
    const lastSlot = inWindow.length > 0 ? inWindow[inWindow.length - 1].slot : BigInt(chain.records.filter((record) => record.blockTime < from).length);
    samples.push({ slot: lastSlot, numTransactions: inWindow.length, numNonVoteTransactions: inWindow.length, numSlots: inWindow.length, samplePeriodSecs: Math.min(SAMPLE_PERIOD_S, now - from + 1) });
  }
  return samples;
}

/** Answers one Solana JSON-RPC call from the local chain. */
async function call(chain: LocalSolanaChain, method: string, params: unknown[]): Promise<Json> {
  const context = () => ({ slot: chain.slot, apiVersion: VERSION['solana-core'] });
  const withContext = (value: unknown) => ({ context: context(), value });
  switch (method) {
    case 'getHealth':
      return 'ok';
    case 'getVersion':
      return VERSION;
    case 'getGenesisHash':
      return chain.genesisHash;
    case 'getSlot':
      return chain.slot;
    case 'getBlockHeight':
      return chain.blockHeight;
    case 'getEpochInfo':
      return { absoluteSlot: chain.slot, blockHeight: chain.blockHeight, epoch: 0, slotIndex: chain.slot, slotsInEpoch: 432_000, transactionCount: chain.records.length };
    case 'getLatestBlockhash': {
      const { blockhash, lastValidBlockHeight } = chain.latestBlockhash();
      return withContext({ blockhash, lastValidBlockHeight });
    }
    case 'isBlockhashValid': {
      if (typeof params[0] !== 'string') throw bad('Invalid param: blockhash must be a base58 string');
      return withContext(chain.isBlockhashValid(params[0]));
    }
    case 'getBalance':
      return withContext(chain.svm.getBalance(addressParam(params[0], 'address')) ?? 0n);
    case 'getAccountInfo':
      return withContext(encodeAccount(chain, addressParam(params[0], 'address'), configParam(params[1]).encoding));
    case 'getMultipleAccounts': {
      if (!Array.isArray(params[0]) || params[0].length > 100) throw bad('Invalid param: give an array of at most 100 addresses');
      const encoding = configParam(params[1]).encoding;
      return withContext(params[0].map((entry, i) => encodeAccount(chain, addressParam(entry, `addresses[${i}]`), encoding)));
    }
    case 'getMinimumBalanceForRentExemption':
      return chain.rentExemption(u64Param(params[0], 'dataLength'));
    case 'getFeeForMessage': {
      if (typeof params[0] !== 'string') throw bad('Invalid param: the message must be base64');
      try {
        const message = getCompiledTransactionMessageDecoder().decode(getBase64Encoder().encode(params[0])) as unknown as { header: { numSignerAccounts: number }; lifetimeToken?: string };
        if (message.lifetimeToken && !chain.isBlockhashValid(message.lifetimeToken)) return withContext(null);
        return withContext(LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts));
      } catch {
        throw bad('Invalid param: the message is not a base64 transaction message');
      }
    }
    case 'getRecentPrioritizationFees':
      return [];
    case 'getTokenAccountBalance': {
      const address = addressParam(params[0], 'address');
      const [balance] = chain.tokenBalances([address]);
      if (!balance) throw bad('Invalid param: not a Token account');
      return withContext(uiAmount(balance.amount, balance.decimals));
    }
    case 'getTokenAccountsByOwner': {
      const owner = addressParam(params[0], 'owner');
      const filter = configParam(params[1]);
      const config = configParam(params[2]);
      let mint: Address | undefined;
      if (typeof filter.mint === 'string') mint = addressParam(filter.mint, 'mint');
      else if (typeof filter.programId === 'string') {
        if (filter.programId !== TOKEN_PROGRAM_ADDRESS) return withContext([]);
      } else throw bad('Invalid param: give a filter { mint } or { programId }');
      return withContext(chain.tokenAccountsOf(owner, mint).map((entry) => ({ pubkey: entry.pubkey, account: encodeAccount(chain, entry.pubkey, config.encoding) })));
    }
    case 'sendTransaction': {
      const config = configParam(params[1]);
      const wire = wireParam(params[0], config);
      return chain.send(wire, { preflight: config.skipPreflight !== true }).signature;
    }
    case 'simulateTransaction': {
      const config = configParam(params[1]);
      const wire = wireParam(params[0], config);
      const replaceRecentBlockhash = config.replaceRecentBlockhash === true;
      const sigVerify = config.sigVerify === true;
      if (sigVerify && replaceRecentBlockhash) throw bad('Invalid param: sigVerify may not be used with replaceRecentBlockhash');
      const result = chain.simulate(wire, { sigVerify, replaceRecentBlockhash });
      return withContext({
        err: result.err,
        logs: result.logs,
        accounts: null,
        unitsConsumed: result.unitsConsumed,
        returnData: null,
        innerInstructions: null,
        replacementBlockhash: replaceRecentBlockhash ? chain.latestBlockhash() : null,
      });
    }
    case 'getSignatureStatuses': {
      if (!Array.isArray(params[0]) || params[0].length > 256) throw bad('Invalid param: give an array of at most 256 signatures');
      return withContext(params[0].map((signature) => {
        const record = typeof signature === 'string' ? chain.getRecord(signature) : undefined;
        return record ? statusOf(record) : null;
      }));
    }
    case 'getTransaction': {
      if (typeof params[0] !== 'string') throw bad('Invalid param: the signature must be a base58 string');
      const config = configParam(params[1]);
      const encoding = encodingParam(config.encoding, TRANSACTION_ENCODINGS, 'json');
      const record = chain.getRecord(params[0]);
      if (!record) return null;
      checkVersionSupported(record, config);
      return { slot: record.slot, blockTime: record.blockTime, ...transactionJson(chain, record, encoding) };
    }
    case 'getSignaturesForAddress': {
      const address = addressParam(params[0], 'address');
      const config = configParam(params[1]);
      const limit = config.limit === undefined ? 1000 : Number(config.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw bad('Invalid param: limit must be between 1 and 1000');
      let records = chain.recordsFor(address);
      if (typeof config.before === 'string') {
        const index = records.findIndex((r) => r.signature === config.before);
        records = index < 0 ? [] : records.slice(index + 1);
      }
      if (typeof config.until === 'string') {
        const index = records.findIndex((r) => r.signature === config.until);
        if (index >= 0) records = records.slice(0, index);
      }
      return records.slice(0, limit).map((r) => ({ signature: r.signature, slot: r.slot, err: r.err, memo: null, blockTime: r.blockTime, confirmationStatus: 'finalized' }));
    }
    case 'requestAirdrop': {
      const address = addressParam(params[0], 'address');
      const lamports = u64Param(params[1], 'lamports');
      if (lamports === 0n || lamports > MAX_AIRDROP_LAMPORTS) throw bad(`Invalid param: an airdrop is 1 lamport to ${MAX_AIRDROP_LAMPORTS / 1_000_000_000n} SOL`);
      return chain.airdrop(address, lamports);
    }
    case 'getBlock': {
      const slot = u64Param(params[0], 'slot');
      const config = configParam(params[1]);
      if (commitmentParam(config.commitment) === 'processed') throw bad('Method does not support commitment below `confirmed`');
      const encoding = encodingParam(config.encoding, TRANSACTION_ENCODINGS, 'json');
      const details = oneOf(config.transactionDetails, ['full', 'accounts', 'signatures', 'none'] as const, 'full', 'transactionDetails');
      const rewards = config.rewards === undefined ? true : booleanParam(config.rewards, 'rewards');
      const block = chain.block(slot);
      if (!block) throw notAvailable(slot);
      const records = block.record ? [block.record] : [];
      if (details === 'full' || details === 'accounts') for (const record of records) checkVersionSupported(record, config);
      return {
        blockHeight: block.blockHeight,
        blockTime: block.blockTime,
        blockhash: block.blockhash,
        parentSlot: block.parentSlot,
        previousBlockhash: block.previousBlockhash,
        ...(details === 'full' || details === 'accounts' ? { transactions: records.map((record) => transactionJson(chain, record, encoding, details)) } : {}),
        ...(details === 'signatures' ? { signatures: records.map((record) => record.signature) } : {}),
        ...(rewards ? { rewards: [] } : {}),
      };
    }
    case 'getBlockTime': {
      const slot = u64Param(params[0], 'slot');
      const block = chain.block(slot);
      if (!block) throw notAvailable(slot);
      return block.blockTime;
    }
    case 'getBlocks': {
      const start = u64Param(params[0], 'start_slot');
      // The end slot is optional; a configuration object may take its place.
      const hasEnd = params[1] !== undefined && params[1] !== null && typeof params[1] !== 'object';
      const end = hasEnd ? u64Param(params[1], 'end_slot') : chain.finalizedSlot;
      commitmentParam(configParam(hasEnd ? params[2] : params[1]).commitment);
      if (end >= start && end - start > MAX_BLOCK_RANGE) throw bad(`Invalid param: slot range too large; max ${MAX_BLOCK_RANGE}`);
      const slots = [];
      for (let slot = start; slot <= end && slot <= chain.finalizedSlot; slot++) slots.push(slot);
      return slots;
    }
    case 'getBlocksWithLimit': {
      const start = u64Param(params[0], 'start_slot');
      const limit = u64Param(params[1], 'limit');
      commitmentParam(configParam(params[2]).commitment);
      if (limit > MAX_BLOCK_RANGE) throw bad(`Invalid param: limit too large; max ${MAX_BLOCK_RANGE}`);
      const slots = [];
      for (let slot = start; slot < start + limit && slot <= chain.finalizedSlot; slot++) slots.push(slot);
      return slots;
    }
    case 'getFirstAvailableBlock':
      return 0;
    case 'getEpochSchedule':
      return EPOCH_SCHEDULE;
    case 'getTokenSupply': {
      const { supply, decimals } = mintOf(chain, addressParam(params[0], 'mint'));
      return withContext(uiAmount(supply, decimals));
    }
    case 'getTokenLargestAccounts': {
      const mint = addressParam(params[0], 'mint');
      const { decimals } = mintOf(chain, mint);
      const holders = chain.svm
        .getProgramAccounts(TOKEN_PROGRAM_ADDRESS)
        .filter((account) => account.data.length === getTokenSize())
        .map((account) => ({ address: account.address, token: getTokenDecoder().decode(account.data) }))
        .filter((entry) => entry.token.mint === mint)
        .sort((a, b) => (a.token.amount === b.token.amount ? 0 : a.token.amount < b.token.amount ? 1 : -1))
        .slice(0, LARGEST_ACCOUNTS);
      return withContext(holders.map((entry) => ({ address: entry.address, ...uiAmount(entry.token.amount, decimals) })));
    }
    case 'getProgramAccounts': {
      const programId = addressParam(params[0], 'program id');
      const config = configParam(params[1]);
      const filters = filtersParam(config.filters);
      const dataSlice = dataSliceParam(config.dataSlice);
      const accounts = chain.svm
        .getProgramAccounts(programId)
        .filter((account) => matchesFilters(account.data, filters))
        .map((account) => ({ pubkey: account.address, account: encodeAccount(chain, account.address, config.encoding, { dataSlice }) }));
      return config.withContext === true ? withContext(accounts) : accounts;
    }
    case 'getSupply': {
      const config = configParam(params[0]);
      const { total, nonCirculating, nonCirculatingAccounts } = chain.supply();
      return withContext({ total, circulating: total - nonCirculating, nonCirculating, nonCirculatingAccounts: config.excludeNonCirculatingAccountsList === true ? [] : nonCirculatingAccounts });
    }
    case 'getRecentPerformanceSamples': {
      const limit = params[0] === undefined ? BigInt(MAX_PERFORMANCE_SAMPLES) : u64Param(params[0], 'limit');
      if (limit > BigInt(MAX_PERFORMANCE_SAMPLES)) throw bad(`Invalid param: limit must be at most ${MAX_PERFORMANCE_SAMPLES}`);
      return performanceSamples(chain, Number(limit));
    }
    default:
      throw new SolanaRpcError(METHOD_NOT_FOUND, `Method not found: ${method}`);
  }
}

async function answer(chain: LocalSolanaChain, request: unknown): Promise<Json> {
  const r = (request ?? {}) as RpcRequest;
  const id = r.id ?? null;
  if (typeof request !== 'object' || request === null || r.jsonrpc !== '2.0' || typeof r.method !== 'string') {
    return { jsonrpc: '2.0', id, error: { code: INVALID_REQUEST, message: 'Invalid request: expected { jsonrpc: "2.0", id, method, params }' } };
  }
  if (r.params !== undefined && !Array.isArray(r.params)) return { jsonrpc: '2.0', id, error: { code: INVALID_PARAMS, message: 'Invalid params: params must be an array' } };
  try {
    return { jsonrpc: '2.0', id, result: await call(chain, r.method, (r.params as unknown[]) ?? []) };
  } catch (error) {
    if (error instanceof SolanaRpcError) return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) } };
    // The runtime refused something the checks above let through: a JSON-RPC error for the caller, the detail for the log.
    console.error(`[api-mocks] solana ${r.method}:`, error);
    return { jsonrpc: '2.0', id, error: { code: -32603, message: `Internal error: ${(error as Error).message ?? String(error)}` } };
  }
}

/** Answers a JSON-RPC body (one request or a batch) with Solana's shapes; the text keeps u64 values as numbers. */
export async function handleSolanaRpc(chain: LocalSolanaChain, body: unknown): Promise<string> {
  if (Array.isArray(body)) {
    if (body.length === 0 || body.length > 100) return stringifyRpc({ jsonrpc: '2.0', id: null, error: { code: INVALID_REQUEST, message: 'a batch holds 1 to 100 requests' } });
    const answers = [];
    for (const entry of body) answers.push(await answer(chain, entry));
    return stringifyRpc(answers);
  }
  return stringifyRpc(await answer(chain, body));
}
