import { decodeFunctionResult, encodeFunctionData, type Abi, type Address } from 'viem';
import { HttpError, ModalError, ProviderRpcError } from '../errors.js';
import type { FetchLike } from './types.js';

/** One contract read: `functionName(...args)` of `abi` at `address`, on `chainId` (default: the first network). */
export interface ReadContractParameters {
  address: Address;
  abi: Abi | readonly unknown[];
  functionName: string;
  args?: readonly unknown[];
  chainId?: number;
}

export interface ReadContractOverRpcOptions {
  /** Default: the global fetch. */
  fetch?: FetchLike;
  /** How long the node may take before the read fails (default 10 s, viem's http default). */
  timeoutMs?: number;
}

/** The default of `ReadContractOverRpcOptions.timeoutMs`. */
const READ_CONTRACT_TIMEOUT_MS = 10_000;

/**
 * A contract read as one JSON-RPC `eth_call` over fetch, without a viem client: a page can read from the chain
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
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const response = await fetchImpl(rpcUrl, {
    method: 'POST',
    // A node that accepts the connection but never answers must not leave the caller waiting for ever.
    signal: AbortSignal.timeout(options.timeoutMs ?? READ_CONTRACT_TIMEOUT_MS),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: address, data }, 'latest'] }),
  });
  if (!response.ok) throw new HttpError(response.status, rpcUrl);
  const body = (await response.json().catch(() => undefined)) as { result?: unknown; error?: { code?: number; message?: string } } | undefined;
  if (body?.error) throw new ProviderRpcError(body.error.code ?? -32603, body.error.message ?? 'eth_call failed');
  if (typeof body?.result !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(body.result)) {
    throw new ModalError('Unexpected eth_call answer', { details: `${functionName}: ${JSON.stringify(body?.result)}` });
  }
  return decodeFunctionResult({ abi: abi as Abi, functionName, data: body.result as `0x${string}` }) as T;
}
