/**
 * The Solana send builders (the "kit chunk"): SOL and SPL transfers as unsigned wire transactions for the wallet to
 * sign, built with @solana/kit and the Token program client, plus sending a signed transaction and waiting for its
 * confirmation. Load it with `import()` when the Send view needs it; nothing before the first click imports it.
 */
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Base64EncodedWireTransaction,
  type Instruction,
  type Signature,
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
import { isSolanaAddress } from './rules.js';

/** What one signature costs (the fee of a one-signer transfer without priority fee). */
export const LAMPORTS_PER_SIGNATURE = 5_000n;

/** The Solana JSON-RPC client the builders use (`createSolanaRpc` of @solana/kit). */
export type SolanaRpc = ReturnType<typeof createSolanaRpc>;

/**
 * A JSON-RPC client for a Solana cluster; for the Blockchain API that is `{api}/v1?chainId=solana:…&projectId=…`.
 * @example const rpc = createSolanaSendRpc(`${apiUrl}/v1?chainId=${caipNetworkId}&projectId=${projectId}`);
 */
export function createSolanaSendRpc(url: string): SolanaRpc {
  return createSolanaRpc(url);
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

async function prepare(rpc: SolanaRpc, feePayer: Address, instructions: Instruction[], rentLamports: bigint): Promise<PreparedSolanaTransfer> {
  const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
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
 * @example const prepared = await buildSolTransfer(rpc, { from, to, lamports: parseSolanaAmount('0.5', 9) });
 */
export async function buildSolTransfer(rpc: SolanaRpc, params: { from: string; to: string; lamports: bigint }): Promise<PreparedSolanaTransfer> {
  const from = toAddress(params.from, 'sender');
  const to = toAddress(params.to, 'receiver');
  if (params.lamports <= 0n) throw new RangeError('A transfer moves at least 1 lamport');
  return prepare(rpc, from, [getTransferSolInstruction({ source: createNoopSigner(from), destination: to, amount: params.lamports })], 0n);
}

/**
 * An SPL token transfer (`TransferChecked`) of `amount` base units from the owner's associated token account to the
 * receiver's; when the receiver has none yet, the transaction creates it first (idempotently) and the owner pays its
 * rent (`rentLamports`).
 * @example await buildSplTransfer(rpc, { owner, to, mint, amount: parseSolanaAmount('1.5', 6), decimals: 6 });
 */
export async function buildSplTransfer(
  rpc: SolanaRpc,
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
  const { value: existing } = await rpc.getAccountInfo(destination, { encoding: 'base64', commitment: 'confirmed' }).send();
  const instructions: Instruction[] = [];
  let rentLamports = 0n;
  if (!existing) {
    rentLamports = await rpc.getMinimumBalanceForRentExemption(BigInt(getTokenSize())).send();
    instructions.push(getCreateAssociatedTokenIdempotentInstruction({ payer: authority, ata: destination, owner: to, mint }));
  }
  instructions.push(getTransferCheckedInstruction({ source, mint, destination, authority, amount: params.amount, decimals: params.decimals }));
  return prepare(rpc, owner, instructions, rentLamports);
}

/** A transaction the cluster refused or that failed on chain; `reason` is the cluster's error for the logger. */
export class SolanaTransactionError extends Error {
  override name = 'SolanaTransactionError';
  constructor(
    message: string,
    readonly reason?: unknown,
  ) {
    super(message);
  }
}

/** Sends a transaction the wallet signed (`solana:signTransaction`) and answers its signature. */
export async function sendSignedTransaction(rpc: SolanaRpc, signed: Uint8Array): Promise<Signature> {
  const wire = bytesToBase64(signed) as Base64EncodedWireTransaction;
  try {
    return await rpc.sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'confirmed' }).send();
  } catch (error) {
    throw new SolanaTransactionError('The cluster refused the transaction', error);
  }
}

/**
 * Polls `getSignatureStatuses` until the transaction is confirmed (resolves) or failed (throws), or `timeoutMs` passes (throws).
 * @example await waitForSolanaSignature(rpc, signature, { timeoutMs: 60_000 });
 */
export async function waitForSolanaSignature(
  rpc: SolanaRpc,
  signature: string,
  options: { timeoutMs?: number; pollMs?: number; sleep?: (ms: number) => Promise<void>; now?: () => number } = {},
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const pollMs = options.pollMs ?? 500;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const deadline = now() + timeoutMs;
  for (;;) {
    const { value } = await rpc.getSignatureStatuses([signature as Signature]).send();
    const status = value[0];
    if (status?.err) throw new SolanaTransactionError('The transaction failed on chain', status.err);
    if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) return;
    if (now() >= deadline) throw new SolanaTransactionError(`The transaction was not confirmed within ${Math.round(timeoutMs / 1000)} s`);
    await sleep(pollMs);
  }
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
