import type { ModalNetwork } from '@minibot/modal';
import { CHAIN_PRESETS, type ChainPreset } from './presets.js';
import type { SiteConfig } from './config.js';

function toNetwork(preset: ChainPreset, rpcUrl: string, explorerUrl: string): ModalNetwork {
  return {
    id: preset.chainId,
    caipNetworkId: `eip155:${preset.chainId}`,
    chainNamespace: 'eip155',
    name: preset.chainName,
    nativeCurrency: { ...preset.nativeCurrency },
    rpcUrls: { default: { http: [rpcUrl] } },
    blockExplorers: { default: { name: `${preset.label} explorer`, url: explorerUrl } },
    testnet: preset.testnet,
  };
}

/**
 * The modal's networks: the configured target chain first (the default), then BNB Smart Chain
 * (id 56) as the spec's network list has it, unless it is the target already.
 */
export function modalNetworks(config: SiteConfig): ModalNetwork[] {
  const target = toNetwork(config.preset, config.rpcUrl, config.explorerUrl);
  if (config.preset.chainId === CHAIN_PRESETS.bsc.chainId) return [target];
  const bsc = CHAIN_PRESETS.bsc;
  return [target, toNetwork(bsc, bsc.rpcUrl, bsc.explorerUrl)];
}
