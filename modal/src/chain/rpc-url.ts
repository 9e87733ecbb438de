import type { ModalNetwork, ResolvedOptions } from '../core/types.js';

/** EVM chains the hosted Blockchain API serves over JSON-RPC (`{host}/v1/?chainId=…&projectId=…`). */
export const BLOCKCHAIN_API_RPC_CHAIN_IDS: readonly number[] = [
  1, 10, 56, 97, 100, 137, 324, 8453, 42161, 42220, 43113, 43114, 80001, 84532, 11155111, 1313161554, 1313161555,
];

/** The Blockchain API's per-chain JSON-RPC URL (service-shapes row 22): `{host}/v1/?chainId={caip2}&projectId={id}`. */
export function blockchainRpcUrlOf(blockchainApi: string, projectId: string, caipNetworkId: string): string {
  return `${blockchainApi}/v1/?${new URLSearchParams({ chainId: caipNetworkId, projectId }).toString()}`;
}

/**
 * Where a network's reads go: the dapp's `customRpcUrls` first, else the Blockchain API's JSON-RPC endpoint for a
 * chain it serves (the listed EVM chains, and Solana clusters by their `solana:` id), else the network's own `rpcUrls`.
 * @example rpcUrlOf(options, bscNetwork) // 'https://rpc.walletconnect.org/v1/?chainId=eip155%3A56&projectId=…'
 */
export function rpcUrlOf(options: Pick<ResolvedOptions, 'customRpcUrls' | 'apiUrls' | 'projectId'>, network: ModalNetwork): string {
  const custom = options.customRpcUrls[network.caipNetworkId]?.[0]?.url;
  if (custom) return custom;
  if (network.chainNamespace === 'solana' || BLOCKCHAIN_API_RPC_CHAIN_IDS.includes(network.id)) {
    return blockchainRpcUrlOf(options.apiUrls.blockchainApi, options.projectId, network.caipNetworkId);
  }
  return network.rpcUrls.default.http[0];
}
