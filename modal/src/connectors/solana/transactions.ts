/**
 * The Solana send builders (the "kit chunk"): SOL and SPL transfers as unsigned wire transactions for the wallet to
 * sign, built with @solana/kit and the Token program client, plus sending a signed transaction and waiting for its
 * confirmation. Load it with `import()` when the Send view needs it; nothing before the first click imports it.
 * Chain reads go through a plain JSON-RPC call function (the modal's one caller can be passed in): kit's own RPC
 * client would add about 10 kB gzip to this chunk for five methods.
 */
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
  type Instruction,
  type Transaction,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTokenSize,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { jsonRpcAnswer } from '../../chain/json-rpc.js';
import { isSolanaAddress } from './rules.js';

/** What one signature costs (the fee of a one-signer transfer without priority fee). */
export const LAMPORTS_PER_SIGNATURE = 5_000n;

/** One Solana JSON-RPC call: resolves the answer's `result`, throws the answer's `error`. */
export type SolanaRpcCall = (method: string, params: unknown[]) => Promise<unknown>;

/** A JSON-RPC error the cluster answered (`code`, `message`, and for a refused transaction `data.err`). */
export class SolanaRpcError extends Error {
  override name = 'SolanaRpcError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/**
 * A JSON-RPC call function for a Solana cluster; for the Blockchain API the URL is
 * `{api}/v1?chainId=solana:…&projectId=…`.
 * @example const call = createSolanaRpcCall(`${apiUrl}/v1?chainId=${caipNetworkId}&projectId=${projectId}`);
 */
export function createSolanaRpcCall(url: string, fetchFn?: typeof fetch): SolanaRpcCall {
  return async (method, params) => {
    // Through the modal's one JSON-RPC caller; a cluster may refuse with a 4xx and a JSON-RPC error: the body decides.
    const answer = await jsonRpcAnswer(url, method, params, { fetch: fetchFn, checkStatus: false });
    if (answer.error) throw new SolanaRpcError(answer.error.code, answer.error.message, answer.error.data);
    return answer.result;
  };
}

/** An unsigned transfer, ready for `solana:signAndSendTransaction` (or `solana:signTransaction`). */
export interface PreparedSolanaTransfer {
  /** The wire transaction with its signature slot empty (64 zero bytes): what the wallet signs. */
  transaction: Uint8Array;
  /** Lamports paid into the receiver's new associated token account (its rent); 0n when none is created. */
  rentLamports: bigint;
  /** True when the transaction creates the receiver's associated token account. */
  createsTokenAccount: boolean;
  /** The network fee in lamports. */
  feeLamports: bigint;
  /** The transaction is valid until this block height (its blockhash's lifetime). */
  lastValidBlockHeight: bigint;
}

/** A receiver or sender address the builders cannot use. */
export class SolanaAddressError extends Error {
  override name = 'SolanaAddressError';
}

function toAddress(value: string, role: string): Address {
  if (!isSolanaAddress(value)) throw new SolanaAddressError(`The ${role} is not a Solana address: ${value}`);
  return address(value);
}

async function prepare(call: SolanaRpcCall, feePayer: Address, instructions: Instruction[], rentLamports: bigint): Promise<PreparedSolanaTransfer> {
  const answer = (await call('getLatestBlockhash', [{ commitment: 'confirmed' }])) as { value: { blockhash: string; lastValidBlockHeight: number } };
  const lifetime = { blockhash: answer.value.blockhash as Blockhash, lastValidBlockHeight: BigInt(answer.value.lastValidBlockHeight) };
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(feePayer), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const transaction = compileTransaction(message) as Transaction;
  return {
    transaction: new Uint8Array(getTransactionEncoder().encode(transaction)),
    rentLamports,
    createsTokenAccount: rentLamports > 0n,
    feeLamports: LAMPORTS_PER_SIGNATURE,
    lastValidBlockHeight: lifetime.lastValidBlockHeight,
  };
}

/**
 * A SOL transfer of `lamports` from `from` (who signs and pays the fee) to `to`.
 * @example const prepared = await buildSolTransfer(call, { from, to, lamports: parseSolanaAmount('0.5', 9) });
 */
export async function buildSolTransfer(call: SolanaRpcCall, params: { from: string; to: string; lamports: bigint }): Promise<PreparedSolanaTransfer> {
  const from = toAddress(params.from, 'sender');
  const to = toAddress(params.to, 'receiver');
  if (params.lamports <= 0n) throw new RangeError('A transfer moves at least 1 lamport');
  return prepare(call, from, [getTransferSolInstruction({ source: createNoopSigner(from), destination: to, amount: params.lamports })], 0n);
}

/**
 * An SPL token transfer (`TransferChecked`) of `amount` base units from the owner's associated token account to the
 * receiver's; when the receiver has none yet, the transaction creates it first (idempotently) and the owner pays its
 * rent (`rentLamports`).
 * @example await buildSplTransfer(call, { owner, to, mint, amount: parseSolanaAmount('1.5', 6), decimals: 6 });
 */
export async function buildSplTransfer(
  call: SolanaRpcCall,
  params: { owner: string; to: string; mint: string; amount: bigint; decimals: number },
): Promise<PreparedSolanaTransfer> {
  const owner = toAddress(params.owner, 'sender');
  const to = toAddress(params.to, 'receiver');
  const mint = toAddress(params.mint, 'token mint');
  if (params.amount <= 0n) throw new RangeError('A transfer moves at least 1 base unit');
  const authority = createNoopSigner(owner);
  const [[source], [destination]] = await Promise.all([
    findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
    findAssociatedTokenPda({ owner: to, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
  ]);
  const { value: existing } = (await call('getAccountInfo', [destination, { encoding: 'base64', commitment: 'confirmed' }])) as { value: unknown };
  const instructions: Instruction[] = [];
  let rentLamports = 0n;
  if (!existing) {
    rentLamports = BigInt((await call('getMinimumBalanceForRentExemption', [getTokenSize()])) as number);
    instructions.push(getCreateAssociatedTokenIdempotentInstruction({ payer: authority, ata: destination, owner: to, mint }));
  }
  instructions.push(getTransferCheckedInstruction({ source, mint, destination, authority, amount: params.amount, decimals: params.decimals }));
  return prepare(call, owner, instructions, rentLamports);
}

/** What happened to a Solana transaction: the cluster refused it, it failed on chain, or it was not confirmed in time. */
export type SolanaTransactionErrorCode = 'refused' | 'failed' | 'unconfirmed';

/**
 * A transaction the cluster refused, that failed on chain or was not confirmed in time. The message is for the logger;
 * the screen's sentence comes from the catalogue by `code` (`errorMessageOf`). `reason` is the cluster's error.
 */
export class SolanaTransactionError extends Error {
  override name = 'SolanaTransactionError';
  constructor(
    readonly code: SolanaTransactionErrorCode,
    message: string,
    readonly reason?: unknown,
  ) {
    super(message);
  }
}

/** Sends a transaction the wallet signed (`solana:signTransaction`) and answers its signature. */
export async function sendSignedTransaction(call: SolanaRpcCall, signed: Uint8Array): Promise<string> {
  try {
    return (await call('sendTransaction', [bytesToBase64(signed), { encoding: 'base64', preflightCommitment: 'confirmed' }])) as string;
  } catch (error) {
    throw new SolanaTransactionError('refused', 'The cluster refused the transaction', error);
  }
}

/**
 * Polls `getSignatureStatuses` until the transaction is confirmed (resolves) or failed (throws), or `timeoutMs` passes (throws).
 * @example await waitForSolanaSignature(call, signature, { timeoutMs: 60_000 });
 */
export async function waitForSolanaSignature(
  call: SolanaRpcCall,
  signature: string,
  options: { timeoutMs?: number; pollMs?: number; sleep?: (ms: number) => Promise<void>; now?: () => number } = {},
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const pollMs = options.pollMs ?? 500;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const deadline = now() + timeoutMs;
  for (;;) {
    const { value } = (await call('getSignatureStatuses', [[signature]])) as { value: ({ err: unknown; confirmationStatus: string | null } | null)[] };
    const status = value[0];
    if (status?.err) throw new SolanaTransactionError('failed', 'The transaction failed on chain', status.err);
    if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) return;
    if (now() >= deadline) throw new SolanaTransactionError('unconfirmed', `The transaction was not confirmed within ${Math.round(timeoutMs / 1000)} s`);
    await sleep(pollMs);
  }
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
