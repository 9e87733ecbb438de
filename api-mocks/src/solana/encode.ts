import type { Address } from '@solana/kit';
import { getMintDecoder, getMintSize, getTokenDecoder, getTokenSize, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { base58 } from './keys.js';
import { SolanaRpcError, type DecodedMessage, type LocalSolanaChain, type SolanaTxRecord, type TokenBalance } from './chain.js';
import { bad, encodingParam } from './params.js';
import { parsedInstruction, uiAmount } from './parsed.js';

export { uiAmount };

/** Solana's `u64::MAX` rent epoch of rent-exempt accounts. */
const RENT_EPOCH_EXEMPT = 18446744073709551615n;
const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;

/** JSON text with bigints written as plain numbers (Solana's u64 fields), as a validator writes them. */
export function stringifyRpc(value: unknown): string {
  const marked = JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `__u64__${v}__` : v));
  return marked.replace(/"__u64__(\d+)__"/g, '$1');
}

export const ACCOUNT_ENCODINGS = ['base58', 'base64', 'jsonParsed'] as const;
export type AccountEncoding = (typeof ACCOUNT_ENCODINGS)[number];

/** `dataSlice` of the account reads: a window of the data for base58 and base64. */
export interface DataSlice {
  offset: number;
  length: number;
}

function tokenAccountInfo(chain: LocalSolanaChain, data: Uint8Array) {
  const token = getTokenDecoder().decode(data);
  const decimals = chain.decimalsOf(token.mint) ?? 0;
  return {
    isNative: token.isNative.__option === 'Some',
    mint: token.mint,
    owner: token.owner,
    state: token.state === 1 ? 'initialized' : token.state === 2 ? 'frozen' : 'uninitialized',
    tokenAmount: uiAmount(token.amount, decimals),
    ...(token.delegate.__option === 'Some' ? { delegate: token.delegate.value, delegatedAmount: uiAmount(token.delegatedAmount, decimals) } : {}),
    ...(token.closeAuthority.__option === 'Some' ? { closeAuthority: token.closeAuthority.value } : {}),
  };
}

/** The `jsonParsed` data of an SPL token account or mint, or undefined (other accounts fall back to base64). */
function parsedData(chain: LocalSolanaChain, owner: string, data: Uint8Array) {
  if (owner !== TOKEN_PROGRAM_ADDRESS) return undefined;
  if (data.length === getTokenSize()) return { program: 'spl-token', parsed: { type: 'account', info: tokenAccountInfo(chain, data) }, space: data.length };
  if (data.length === getMintSize()) {
    const mint = getMintDecoder().decode(data);
    const info = {
      decimals: mint.decimals,
      freezeAuthority: mint.freezeAuthority.__option === 'Some' ? mint.freezeAuthority.value : null,
      isInitialized: mint.isInitialized,
      mintAuthority: mint.mintAuthority.__option === 'Some' ? mint.mintAuthority.value : null,
      supply: mint.supply.toString(),
    };
    return { program: 'spl-token', parsed: { type: 'mint', info }, space: data.length };
  }
  return undefined;
}

/**
 * An account in the requested encoding (base64 unless asked otherwise); `jsonParsed` parses SPL token accounts and
 * mints and falls back to base64. Null when it does not exist, or with `missingAsEmpty` the empty system account a
 * subscription reports for a closed account.
 */
export function encodeAccount(chain: LocalSolanaChain, address: Address, encodingValue: unknown, options: { dataSlice?: DataSlice; missingAsEmpty?: boolean; fallback?: AccountEncoding } = {}) {
  const encoding = encodingParam(encodingValue, ACCOUNT_ENCODINGS, options.fallback ?? 'base64');
  const found = chain.svm.getAccount(address);
  if (!found.exists && !options.missingAsEmpty) return null;
  const account = found.exists
    ? { lamports: found.lamports, owner: found.programAddress as string, executable: found.executable, rentEpoch: RENT_EPOCH_EXEMPT, data: found.data }
    : { lamports: 0n, owner: SYSTEM_PROGRAM as string, executable: false, rentEpoch: 0n, data: new Uint8Array() };
  const base = { lamports: account.lamports, owner: account.owner, executable: account.executable, rentEpoch: account.rentEpoch, space: account.data.length };
  if (encoding === 'jsonParsed') {
    const parsed = parsedData(chain, account.owner, account.data);
    if (parsed) return { ...base, data: parsed };
  }
  let bytes = account.data;
  if (options.dataSlice) bytes = bytes.subarray(options.dataSlice.offset, options.dataSlice.offset + options.dataSlice.length);
  if (encoding === 'base58') return { ...base, data: [base58.encode(bytes), 'base58'] };
  return { ...base, data: [Buffer.from(bytes).toString('base64'), 'base64'] };
}

export function tokenBalanceJson(balance: TokenBalance) {
  return { accountIndex: balance.accountIndex, mint: balance.mint, owner: balance.owner, programId: balance.programId, uiTokenAmount: uiAmount(balance.amount, balance.decimals) };
}

export function statusOf(record: SolanaTxRecord) {
  return {
    slot: record.slot,
    confirmations: null,
    err: record.err,
    confirmationStatus: 'finalized',
    status: record.err === null ? { Ok: null } : { Err: record.err },
  };
}

/** Whether the account at `index` is writable by the message's header (program ids and the system program demoted, as a validator reports). */
export function isWritable(message: DecodedMessage, keys: readonly Address[], index: number): boolean {
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header;
  const byHeader = index < numSignerAccounts ? index < numSignerAccounts - numReadonlySignerAccounts : index < keys.length - numReadonlyNonSignerAccounts;
  if (!byHeader) return false;
  if (keys[index] === SYSTEM_PROGRAM || keys[index].startsWith('Sysvar')) return false;
  return !(message.instructions ?? []).some((ix) => ix.programAddressIndex === index);
}

/** The account keys of a `jsonParsed` transaction: `{pubkey, signer, writable, source}`. */
export function parsedAccountKeys(record: SolanaTxRecord) {
  return record.accountKeys.map((pubkey, index) => ({
    pubkey,
    signer: index < record.message.header.numSignerAccounts,
    writable: isWritable(record.message, record.accountKeys, index),
    source: 'transaction',
  }));
}

export type TransactionEncoding = 'json' | 'jsonParsed' | 'base58' | 'base64';
export type TransactionDetails = 'full' | 'accounts' | 'signatures' | 'none';

function signaturesOf(record: SolanaTxRecord): string[] {
  const signatures = [];
  for (let i = 0; i < record.message.header.numSignerAccounts; i++) signatures.push(base58.encode(record.wire.subarray(1 + i * 64, 1 + (i + 1) * 64)));
  return signatures;
}

/**
 * A processed transaction as getTransaction and getBlock answer it: `{meta, transaction, version}` in the given
 * encoding, or with `details: 'accounts'` only its signatures and parsed account keys (and a meta without logs and
 * instructions), as a block with `transactionDetails: "accounts"` lists it.
 */
export function transactionJson(chain: LocalSolanaChain, record: SolanaTxRecord, encoding: TransactionEncoding, details: 'full' | 'accounts' = 'full') {
  const message = record.message;
  const parsed = encoding === 'jsonParsed';
  const decimalsOf = (mint: Address) => chain.decimalsOf(mint);
  const balances = {
    err: record.err,
    status: record.err === null ? { Ok: null } : { Err: record.err },
    fee: record.fee,
    preBalances: record.preBalances,
    postBalances: record.postBalances,
    preTokenBalances: record.preTokenBalances.map(tokenBalanceJson),
    postTokenBalances: record.postTokenBalances.map(tokenBalanceJson),
  };
  const version = message.version === 'legacy' ? 'legacy' : message.version;
  if (details === 'accounts') {
    return { meta: { ...balances, rewards: [] }, transaction: { signatures: signaturesOf(record), accountKeys: parsedAccountKeys(record) }, version };
  }
  const innerInstructions = record.innerInstructions.map(({ index, instructions }) => ({
    index,
    instructions: instructions.map((inner) =>
      parsed
        ? parsedInstruction(record.accountKeys, inner, inner.stackHeight, decimalsOf)
        : { programIdIndex: inner.programAddressIndex, accounts: inner.accountIndices, data: base58.encode(inner.data), stackHeight: inner.stackHeight },
    ),
  }));
  const meta = {
    ...balances,
    innerInstructions,
    logMessages: record.logs,
    rewards: [],
    // A validator leaves loadedAddresses out of jsonParsed answers.
    ...(parsed ? {} : { loadedAddresses: { writable: [], readonly: [] } }),
    computeUnitsConsumed: record.computeUnits,
  };
  let transaction: unknown;
  if (encoding === 'base64') transaction = [Buffer.from(record.wire).toString('base64'), 'base64'];
  else if (encoding === 'base58') transaction = [base58.encode(record.wire), 'base58'];
  else {
    const instructions = (message.instructions ?? []).map((ix) =>
      parsed
        ? parsedInstruction(record.accountKeys, ix, null, decimalsOf)
        : { programIdIndex: ix.programAddressIndex, accounts: ix.accountIndices ?? [], data: base58.encode(ix.data ?? new Uint8Array()), stackHeight: null },
    );
    const header = {
      numRequiredSignatures: message.header.numSignerAccounts,
      numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
      numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
    };
    transaction = {
      signatures: signaturesOf(record),
      message: {
        accountKeys: parsed ? parsedAccountKeys(record) : record.accountKeys,
        ...(parsed ? {} : { header }),
        instructions,
        recentBlockhash: message.lifetimeToken,
        ...(message.version === 'legacy' ? {} : { addressTableLookups: [] }),
      },
    };
  }
  return { meta, transaction, version };
}

export const TRANSACTION_ENCODINGS = ['json', 'jsonParsed', 'base58', 'base64'] as const;

/** `maxSupportedTransactionVersion` as Solana checks it: a version-0 transaction needs it. */
export function checkVersionSupported(record: SolanaTxRecord, config: Record<string, unknown>): void {
  const max = config.maxSupportedTransactionVersion;
  if (max !== undefined && max !== 0) throw bad('Invalid param: maxSupportedTransactionVersion must be 0');
  if (record.message.version !== 'legacy' && max === undefined) {
    throw new SolanaRpcError(
      -32015,
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
    );
  }
}
