import { decodeFunctionResult, encodeFunctionData, type Abi } from 'viem';
import { ModalError, ResponseValidationError } from '../errors.js';
import { jsonRpc } from './json-rpc.js';
import { chainMessages } from '../texts/chain-messages.js';
import type { FetchLike, ReadContractParameters } from '../core/types.js';

/** One contract read: `functionName(...args)` of `abi` at `address`, on `chainId` (default: the first network). */
export type { ReadContractParameters } from '../core/types.js';

export interface ReadContractOverRpcOptions {
  /** Default: the global fetch. */
  fetch?: FetchLike;
  /** How long the node may take before the read fails (default 10 s, viem's http default). */
  timeoutMs?: number;
}

/**
 * A contract read as one JSON-RPC `eth_call` (the modal's one caller, `chain/json-rpc.ts`), without a viem client: a page can read from the chain
 * before the modal (and viem's clients) has loaded, e.g. in a lazily loaded `ModalClient`'s `readContract`.
 * Throws HttpError for a non-2xx answer, ProviderRpcError for a JSON-RPC error, ModalError for anything else.
 * @example const price = await readContractOverRpc(rpcUrl, { address, abi, functionName: 'price' });
 */
export async function readContractOverRpc<T = unknown>(
  rpcUrl: string,
  parameters: ReadContractParameters,
  options: ReadContractOverRpcOptions = {},
): Promise<T> {
  const { address, abi, functionName, args } = parameters;
  const data = encodeFunctionData({ abi: abi as Abi, functionName, args: args as unknown[] | undefined });
  let result: unknown;
  try {
    result = await jsonRpc(rpcUrl, 'eth_call', [{ to: address, data }, 'latest'], { fetch: options.fetch, timeoutMs: options.timeoutMs, id: 1 });
  } catch (error) {
    if (error instanceof ResponseValidationError) throw new ModalError(chainMessages.unexpectedCallAnswer, { details: `${functionName}: ${error.details}`, cause: error });
    throw error;
  }
  if (typeof result !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(result)) {
    throw new ModalError(chainMessages.unexpectedCallAnswer, { details: `${functionName}: ${JSON.stringify(result)}` });
  }
  return decodeFunctionResult({ abi: abi as Abi, functionName, data: result as `0x${string}` }) as T;
}
