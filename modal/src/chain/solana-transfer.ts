/**
 * Solana transfers (a lazy chunk with the kit builders): SOL and SPL transfers built for the connected wallet to sign
 * and send, then awaited until confirmed. `submit.ts` loads it on the first Solana send, the send form on a preview.
 */
import type { SolanaWalletConnector } from '../connectors/solana/connector.js';
import { formatSolanaAmount, SOL_DECIMALS } from '../connectors/solana/rules.js';
import {
  buildSolTransfer,
  buildSplTransfer,
  sendSignedTransaction,
  waitForSolanaSignature,
  type PreparedSolanaTransfer,
  type SolanaRpcCall,
} from '../connectors/solana/transactions.js';

/** One Solana transfer as the send form holds it: `units` in base units; a token without `address` is SOL, else `solana:<ref>:<mint>`. */
export interface SolanaTransferRequest {
  from: string;
  to: string;
  units: bigint;
  token: { address?: string; decimals: number };
}

export function buildSolanaTransfer(call: SolanaRpcCall, request: SolanaTransferRequest): Promise<PreparedSolanaTransfer> {
  const mint = request.token.address?.split(':').pop();
  return mint
    ? buildSplTransfer(call, { owner: request.from, to: request.to, mint, amount: request.units, decimals: request.token.decimals })
    : buildSolTransfer(call, { from: request.from, to: request.to, lamports: request.units });
}

/**
 * What the transfer costs besides its amount: the rent it pays into the receiver's new token account, in SOL
 * ('0.00203928'; undefined when none is created), and its network fee in lamports.
 */
export async function solanaCostsOf(call: SolanaRpcCall, request: SolanaTransferRequest): Promise<{ rent?: string; feeLamports: bigint }> {
  const prepared = await buildSolanaTransfer(call, request);
  return { rent: prepared.createsTokenAccount ? formatSolanaAmount(prepared.rentLamports, SOL_DECIMALS) : undefined, feeLamports: prepared.feeLamports };
}

/**
 * Builds, has the wallet sign and send, and resolves the signature once sent; `confirmed` settles when the cluster
 * confirms it (rejects when it failed on chain or was not confirmed in time). A refusal in the wallet throws
 * UserRejectedError (the connector maps it).
 */
export async function sendSolanaTransfer(
  call: SolanaRpcCall,
  connector: SolanaWalletConnector,
  chain: string,
  request: SolanaTransferRequest,
  confirmTimeoutMs = 60_000,
): Promise<{ signature: string; confirmed: Promise<void> }> {
  const prepared = await buildSolanaTransfer(call, request);
  const signature = await connector.signAndSend({ address: request.from, chain, transaction: prepared.transaction, send: (signed) => sendSignedTransaction(call, signed) });
  return { signature, confirmed: waitForSolanaSignature(call, signature, { timeoutMs: confirmTimeoutMs }) };
}
