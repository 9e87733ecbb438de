/**
 * The chain room's one `submit`: the only code of the modal that asks a wallet to send, for every kind of
 * transaction (one EVM transaction, an EIP-5792 batch, a Solana transfer), and the one waiter over what it sent.
 */
import type { SolanaWalletConnector } from '../connectors/solana/connector.js';
import type { SolanaRpcCall } from '../connectors/solana/transactions.js';
import type { Eip1193Provider } from '../core/types.js';
import { ResponseValidationError } from '../errors.js';
import type { ModalMessages } from '../texts/locale.js';
import type { SolanaTransferRequest } from './solana-transfer.js';
import { waitForCallsStatus, waitForReceipt, type ChainRead, type WaitOptions } from './wait.js';
import { ETH_SEND_TRANSACTION, WALLET_SEND_CALLS } from './wallet-methods.js';

/** One EVM call: amounts in wei; `gas` when the caller knows it (a batch's calls carry none: the wallet estimates it). */
export interface EvmCall {
  to: string;
  data?: string;
  value?: bigint;
  gas?: bigint;
}

/** What a feature asks the wallet to send. */
export type SubmitRequest =
  | { kind: 'transaction'; provider: Eip1193Provider; from: string; call: EvmCall }
  | { kind: 'calls'; provider: Eip1193Provider; from: string; chainId: number; calls: EvmCall[] }
  | { kind: 'solana'; connector: SolanaWalletConnector; rpc: SolanaRpcCall; chain: string; transfer: SolanaTransferRequest; confirmTimeoutMs?: number };

/** What the wallet accepted, ready for {@link waitFor}. */
export type Submitted =
  | { kind: 'transaction'; hash: string; read: ChainRead }
  | { kind: 'calls'; id: string; read: ChainRead }
  | { kind: 'solana'; signature: string; confirmed: Promise<void> };

/** EIP-5792 codes (unsupported capability 5700, atomicity not supported 5710, ... 5760) and a wallet without the method. */
const BATCH_UNSUPPORTED_CODES = [5700, 5710, 5760, 4200, -32601];

/** True when the wallet refused a batch because it cannot batch (the next try goes call by call). */
export function isBatchUnsupported(error: unknown): boolean {
  return BATCH_UNSUPPORTED_CODES.includes((error as { code?: number } | undefined)?.code ?? 0);
}

/** Hex quantity of a bigint for JSON-RPC. */
const toHex = (value: bigint): `0x${string}` => `0x${value.toString(16)}`;

const walletRead = (provider: Eip1193Provider): ChainRead => (method, params) => provider.request({ method, params });

const rpcCall = (call: EvmCall, withGas: boolean) => ({
  to: call.to,
  ...(call.data ? { data: call.data } : {}),
  ...(call.value !== undefined ? { value: toHex(call.value) } : {}),
  ...(withGas && call.gas ? { gas: toHex(call.gas) } : {}),
});

/**
 * Asks the wallet to send `request`; resolves once the wallet accepted it (not mined). A refusal in the wallet throws
 * (`isUserRejection` tells it); a wallet that cannot batch throws with an EIP-5792 code ({@link isBatchUnsupported}).
 * @example const sent = await submit({ kind: 'transaction', provider, from, call: { to, value: 1n } });
 */
export async function submit(request: SubmitRequest): Promise<Submitted> {
  if (request.kind === 'solana') {
    const { sendSolanaTransfer } = await import('./solana-transfer.js');
    const { signature, confirmed } = await sendSolanaTransfer(request.rpc, request.connector, request.chain, request.transfer, request.confirmTimeoutMs);
    return { kind: 'solana', signature, confirmed };
  }
  const { provider, from } = request;
  if (request.kind === 'transaction') {
    const hash = (await provider.request({ method: ETH_SEND_TRANSACTION, params: [{ from, ...rpcCall(request.call, true) }] })) as string;
    return { kind: 'transaction', hash, read: walletRead(provider) };
  }
  const sent = (await provider.request({
    method: WALLET_SEND_CALLS,
    params: [{ version: '2.0.0', chainId: toHex(BigInt(request.chainId)), from, atomicRequired: true, calls: request.calls.map((c) => rpcCall(c, false)) }],
  })) as { id?: unknown } | string;
  // Wallets of the draft before v2 answer the bare id.
  const id = typeof sent === 'string' ? sent : sent?.id;
  if (typeof id !== 'string' || !id) throw new ResponseValidationError(WALLET_SEND_CALLS, 'answered without an id');
  return { kind: 'calls', id, read: walletRead(provider) };
}

/** The texts of the waiter's failures, from the catalogue. */
export type WaitTexts = Pick<ModalMessages, 'transactionReverted' | 'requestTimedOut' | 'swapBatchFailed' | 'swapBatchTimeout'>;

/**
 * The one waiter: resolves the transaction hashes (a Solana signature) once final; throws TransactionRevertedError,
 * a failed batch's ModalError, or WaitTimeoutError when nothing final came in time. `read` replaces the wallet's
 * JSON-RPC (e.g. the node's).
 */
export async function waitFor(submitted: Submitted, options: WaitOptions & { texts: WaitTexts; read?: ChainRead }): Promise<string[]> {
  const { texts } = options;
  if (submitted.kind === 'solana') {
    await submitted.confirmed;
    return [submitted.signature];
  }
  const read = options.read ?? submitted.read;
  if (submitted.kind === 'transaction') {
    await waitForReceipt(read, submitted.hash, { ...options, revertedMessage: texts.transactionReverted, timeoutMessage: texts.requestTimedOut });
    return [submitted.hash];
  }
  return waitForCallsStatus(read, submitted.id, { ...options, failedMessage: texts.swapBatchFailed, timeoutMessage: texts.swapBatchTimeout });
}

