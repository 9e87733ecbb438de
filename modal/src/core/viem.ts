import { defineChain, type Chain } from 'viem';
import type { ModalNetwork } from './types.js';

/** A viem Chain for a ModalNetwork (BNB Smart Chain also gets its multicall3 contract). */
export function toViemChain(network: ModalNetwork): Chain {
  return defineChain({
    id: network.id,
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: network.rpcUrls.default.http } },
    ...(network.blockExplorers ? { blockExplorers: network.blockExplorers } : {}),
    ...(network.testnet !== undefined ? { testnet: network.testnet } : {}),
    ...(network.id === 56
      ? { contracts: { multicall3: { address: '0xcA11bde05977b3631167028862bE2a173976CA11', blockCreated: 15921452 } } }
      : {}),
  });
}
