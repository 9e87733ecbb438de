import { getBase64Encoder, getCompiledTransactionMessageDecoder, isAddress, type Address } from '@solana/kit';
import { getMintDecoder, getMintSize, getTokenDecoder, getTokenSize, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { base58 } from './keys.js';
import { LAMPORTS_PER_SIGNATURE, SolanaRpcError, type LocalSolanaChain, type SolanaTxRecord, type TokenBalance } from './chain.js';

/** The JSON-RPC methods the local chain answers (Solana's names and shapes). */
export const SOLANA_RPC_METHODS = [
  'getAccountInfo',
  'getBalance',
  'getBlockHeight',
  'getEpochInfo',
  'getFeeForMessage',
  'getGenesisHash',
  'getHealth',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getRecentPrioritizationFees',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'getSlot',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
  'getTransaction',
  'getVersion',
  'isBlockhashValid',
  'requestAirdrop',
  'sendTransaction',
  'simulateTransaction',
] as const;

const INVALID_PARAMS = -32602;
const METHOD_NOT_FOUND = -32601;
const INVALID_REQUEST = -32600;
/** Solana's `u64::MAX` rent epoch of rent-exempt accounts. */
const RENT_EPOCH_EXEMPT = 18446744073709551615n;
const VERSION = { 'solana-core': '2.3.0-minibot-litesvm', 'feature-set': 0 };

type Json = unknown;
interface RpcRequest {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

const bad = (message: string) => new SolanaRpcError(INVALID_PARAMS, message);

function addressParam(value: unknown, name: string): Address {
  if (typeof value !== 'string' || !isAddress(value)) throw bad(`Invalid param: ${name} is not a base58 address (${JSON.stringify(value)})`);
  return value;
}

function configParam(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw bad('Invalid param: the configuration must be an object');
  return value as Record<string, unknown>;
}

function u64Param(value: unknown, name: string): bigint {
  if ((typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) || (typeof value === 'bigint' && value >= 0n)) return BigInt(value);
  throw bad(`Invalid param: ${name} must be a non-negative integer`);
}

function wireParam(value: unknown, config: Record<string, unknown>): Uint8Array {
  if (typeof value !== 'string' || value === '') throw bad('Invalid param: the transaction must be an encoded string');
  const encoding = config.encoding ?? 'base58';
  if (encoding === 'base64') return new Uint8Array(Buffer.from(value, 'base64'));
  if (encoding === 'base58') {
    try {
      return new Uint8Array(base58.decode(value));
    } catch {
      throw bad('Invalid param: the transaction is not base58');
    }
  }
  throw bad(`Invalid param: unsupported encoding ${JSON.stringify(encoding)} (base58 or base64)`);
}

/** JSON text with bigints written as plain numbers (Solana's u64 fields), as a validator writes them. */
export function stringifyRpc(value: unknown): string {
  const marked = JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `__u64__${v}__` : v));
  return marked.replace(/"__u64__(\d+)__"/g, '$1');
}

function uiAmount(amount: bigint, decimals: number) {
  const scale = 10n ** BigInt(decimals);
  const whole = amount / scale;
  const fraction = (amount % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  const uiAmountString = fraction ? `${whole}.${fraction}` : `${whole}`;
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

/** An account in the requested encoding; `jsonParsed` parses SPL token accounts and mints and falls back to base64. */
function encodeAccount(chain: LocalSolanaChain, address: Address, encoding: unknown) {
  const account = chain.svm.getAccount(address);
  if (!account.exists) return null;
  const base = { lamports: account.lamports, owner: account.programAddress, executable: account.executable, rentEpoch: RENT_EPOCH_EXEMPT, space: account.data.length };
  const bytes = Buffer.from(account.data);
  if (encoding === 'jsonParsed' && account.programAddress === TOKEN_PROGRAM_ADDRESS) {
    if (account.data.length === getTokenSize()) {
      const token = getTokenDecoder().decode(account.data);
      const decimals = chain.decimalsOf(token.mint) ?? 0;
      const info = {
        isNative: token.isNative.__option === 'Some',
        mint: token.mint,
        owner: token.owner,
        state: token.state === 1 ? 'initialized' : token.state === 2 ? 'frozen' : 'uninitialized',
        tokenAmount: uiAmount(token.amount, decimals),
      };
      return { ...base, data: { program: 'spl-token', parsed: { type: 'account', info }, space: base.space } };
    }
    if (account.data.length === getMintSize()) {
      const mint = getMintDecoder().decode(account.data);
      const info = {
        decimals: mint.decimals,
        freezeAuthority: mint.freezeAuthority.__option === 'Some' ? mint.freezeAuthority.value : null,
        isInitialized: mint.isInitialized,
        mintAuthority: mint.mintAuthority.__option === 'Some' ? mint.mintAuthority.value : null,
        supply: mint.supply.toString(),
      };
      return { ...base, data: { program: 'spl-token', parsed: { type: 'mint', info }, space: base.space } };
    }
  }
  if (encoding === 'base58') return { ...base, data: [base58.encode(account.data), 'base58'] };
  if (encoding === undefined || encoding === 'base64' || encoding === 'jsonParsed') return { ...base, data: [bytes.toString('base64'), 'base64'] };
  throw bad(`Invalid param: unsupported encoding ${JSON.stringify(encoding)} (base58, base64 or jsonParsed)`);
}

function tokenBalanceJson(balance: TokenBalance) {
  return { accountIndex: balance.accountIndex, mint: balance.mint, owner: balance.owner, programId: balance.programId, uiTokenAmount: uiAmount(balance.amount, balance.decimals) };
}

function statusOf(record: SolanaTxRecord) {
  return {
    slot: record.slot,
    confirmations: null,
    err: record.err,
    confirmationStatus: 'finalized',
    status: record.err === null ? { Ok: null } : { Err: record.err },
  };
}

function transactionJson(record: SolanaTxRecord, encoding: unknown) {
  const message = record.message;
  const meta = {
    err: record.err,
    status: record.err === null ? { Ok: null } : { Err: record.err },
    fee: record.fee,
    preBalances: record.preBalances,
    postBalances: record.postBalances,
    preTokenBalances: record.preTokenBalances.map(tokenBalanceJson),
    postTokenBalances: record.postTokenBalances.map(tokenBalanceJson),
    innerInstructions: [],
    logMessages: record.logs,
    rewards: [],
    loadedAddresses: { writable: [], readonly: [] },
    computeUnitsConsumed: record.computeUnits,
  };
  const version = message.version === 'legacy' ? 'legacy' : message.version;
  let transaction: unknown;
  if (encoding === 'base64') transaction = [Buffer.from(record.wire).toString('base64'), 'base64'];
  else if (encoding === 'base58') transaction = [base58.encode(record.wire), 'base58'];
  else if (encoding === undefined || encoding === 'json' || encoding === 'jsonParsed') {
    const signatureCount = message.header.numSignerAccounts;
    const signatures = [];
    for (let i = 0; i < signatureCount; i++) signatures.push(base58.encode(record.wire.subarray(1 + i * 64, 1 + (i + 1) * 64)));
    transaction = {
      signatures,
      message: {
        accountKeys: record.accountKeys,
        header: {
          numRequiredSignatures: message.header.numSignerAccounts,
          numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
          numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
        },
        instructions: (message.instructions ?? []).map((ix) => ({
          programIdIndex: ix.programAddressIndex,
          accounts: ix.accountIndices ?? [],
          data: base58.encode(ix.data ?? new Uint8Array()),
          stackHeight: null,
        })),
        recentBlockhash: message.lifetimeToken,
        ...(message.version === 'legacy' ? {} : { addressTableLookups: [] }),
      },
    };
  } else throw bad(`Invalid param: unsupported encoding ${JSON.stringify(encoding)} (json, base58 or base64)`);
  return { slot: record.slot, blockTime: record.blockTime, meta, transaction, version };
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
      const record = chain.getRecord(params[0]);
      if (!record) return null;
      if (record.message.version !== 'legacy' && config.maxSupportedTransactionVersion === undefined) {
        throw new SolanaRpcError(-32015, 'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0');
      }
      return transactionJson(record, config.encoding);
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
      if (lamports === 0n || lamports > 1_000n * 1_000_000_000n) throw bad('Invalid param: an airdrop is 1 lamport to 1000 SOL');
      return chain.airdrop(address, lamports);
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
