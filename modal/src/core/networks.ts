import type { ModalNetwork } from './types.js';

/** BNB Smart Chain (spec section 3: id 56, BNB with 18 decimals). Its id is typed `56`, so wagmi's types know the chain. */
export const bscNetwork: ModalNetwork & { id: 56; chainNamespace: 'eip155' } = {
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

/**
 * Solana mainnet. Solana networks are found by their CAIP-2 id (`solana:<genesis>`); their numeric `id` is no EVM
 * chain id and never used to look one up (101 is the mainnet number wallet registries use).
 */
export const solanaNetwork: ModalNetwork & { chainNamespace: 'solana' } = {
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

/**
 * Builds a ModalNetwork for a Solana cluster (e.g. a local one) from its CAIP-2 id, the key the modal finds it by; its
 * reads and balances go through the Blockchain API's endpoints for that id. `id` is 0 (not an EVM chain id).
 * @example defineSolanaNetwork({ caipNetworkId: 'solana:3Pk2fPxiiNdtVWN3NaD9AoKM7MyXi4wg', name: 'Solana Local', rpcUrl })
 */
export function defineSolanaNetwork(params: { caipNetworkId: `solana:${string}`; name: string; rpcUrl: string; testnet?: boolean }): ModalNetwork & { chainNamespace: 'solana' } {
  if (!/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/.test(params.caipNetworkId)) throw new Error(`Not a Solana CAIP-2 id: ${params.caipNetworkId}`);
  return {
    id: 0,
    caipNetworkId: params.caipNetworkId,
    chainNamespace: 'solana',
    name: params.name,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [params.rpcUrl] } },
    ...(params.testnet ? { testnet: true } : {}),
  };
}

/**
 * Builds a ModalNetwork for an EVM chain (e.g. a local node). A literal `id` stays literal in the type (as viem's
 * `defineChain` keeps it), so that wagmi's hooks accept only the configured chains (see `wagmiConfigParameters`).
 * @example defineEvmNetwork({ id: 97, name: 'BSC Testnet', nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } })
 */
export function defineEvmNetwork<const id extends number>(
  params: Omit<ModalNetwork, 'id' | 'caipNetworkId' | 'chainNamespace'> & { id: id },
): ModalNetwork & { id: id; chainNamespace: 'eip155' } {
  return { ...params, caipNetworkId: `eip155:${params.id}`, chainNamespace: 'eip155' };
}
