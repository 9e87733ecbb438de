import { ModalError } from '../errors.js';
import { coreMessages as messages } from '../core-messages.js';
import { readContractOverRpc, type ReadContractParameters } from './read-contract.js';
import { rpcUrlOf } from './rpc-url.js';
import type { FetchLike, ResolvedOptions } from './types.js';

/** A contract read on a configured network (default: the first) without viem's clients, to the URL its reads go to (`rpcUrlOf`). */
export function readOverNetworkRpc(options: ResolvedOptions, chainId: number | undefined, call: Omit<ReadContractParameters, 'chainId'>, fetch: FetchLike): Promise<unknown> {
  const network = chainId === undefined ? options.networks[0] : options.networks.find((n) => n.id === chainId);
  if (!network) return Promise.reject(new ModalError(messages.networkNotFound, { details: `chain ${chainId} is not in networks` }));
  return readContractOverRpc(rpcUrlOf(options, network), call, { fetch });
}
