import type { ModalNetwork } from './types.js';

/** BNB Smart Chain (spec section 3: id 56, BNB with 18 decimals). */
export const bscNetwork: ModalNetwork = {
  id: 56,
  caipNetworkId: 'eip155:56',
  chainNamespace: 'eip155',
  name: 'BNB Smart Chain',
  nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
  rpcUrls: { default: { http: ['https://bsc-dataseed.bnbchain.org'] } },
  blockExplorers: { default: { name: 'BscScan', url: 'https://bscscan.com' } },
};

/** Batch-call (multicall3) contract on BNB Smart Chain. */
export const BSC_MULTICALL3 = { address: '0xcA11bde05977b3631167028862bE2a173976CA11', blockCreated: 15921452 } as const;

/** Solana mainnet: in the model (namespace switching, address checks), with no wallet connector. */
export const solanaNetwork: ModalNetwork = {
  // Solana has no numeric EVM id; 101 is the mainnet id wallet registries use.
  id: 101,
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } },
};

/** The EIP-155 network list the modal knows by default. */
export const eip155Networks: ModalNetwork[] = [bscNetwork];

/** Builds a ModalNetwork for an EVM chain (e.g. a local node). */
export function defineEvmNetwork(params: Omit<ModalNetwork, 'caipNetworkId' | 'chainNamespace'>): ModalNetwork {
  return { ...params, caipNetworkId: `eip155:${params.id}`, chainNamespace: 'eip155' };
}
