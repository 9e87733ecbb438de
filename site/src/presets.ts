/**
 * The chain presets of DECISIONS.md. Exactly one target chain is configured (CHAIN_PRESET /
 * VITE_CHAIN_PRESET); every chain name on the page is derived from it. Pure data: imported by the
 * site and by the Node scripts alike.
 */
export type ChainPresetName = 'local' | 'bsc-testnet' | 'bsc';

export interface ChainPreset {
  name: ChainPresetName;
  chainId: number;
  /** Label used in the page's texts, e.g. 'Incorrect chain. Switch to the {label} network'. */
  label: string;
  /** Full chain name given to wallets in wallet_addEthereumChain. */
  chainName: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  /** Default RPC; for `local` the dev stack's node (overridable by configuration). */
  rpcUrl: string;
  /** Block explorer base URL; transaction pages are `${explorerUrl}/tx/${hash}`. */
  explorerUrl: string;
  testnet: boolean;
  /** The modal's name zone (`nameZone`); absent: the hosted profile service's default. */
  nameZone?: string;
}

const BNB = { name: 'BNB', symbol: 'BNB', decimals: 18 } as const;

export const CHAIN_PRESETS: Record<ChainPresetName, ChainPreset> = {
  local: {
    name: 'local',
    chainId: 31337,
    label: 'BSC Local',
    chainName: 'BSC Local',
    nativeCurrency: BNB,
    rpcUrl: 'http://127.0.0.1:8545',
    explorerUrl: 'http://127.0.0.1:8787/explorer',
    testnet: true,
    // The local stack registers names in this project's zone (DECISIONS.md); api-mocks serves it beside the hosted one.
    nameZone: 'minibot.id',
  },
  'bsc-testnet': {
    name: 'bsc-testnet',
    chainId: 97,
    label: 'BSC Testnet',
    chainName: 'BNB Smart Chain Testnet',
    nativeCurrency: { name: 'BNB', symbol: 'tBNB', decimals: 18 },
    rpcUrl: 'https://data-seed-prebsc-1-s1.bnbchain.org:8545',
    explorerUrl: 'https://testnet.bscscan.com',
    testnet: true,
  },
  bsc: {
    name: 'bsc',
    chainId: 56,
    label: 'BSC',
    chainName: 'BNB Smart Chain',
    nativeCurrency: BNB,
    rpcUrl: 'https://bsc-dataseed.bnbchain.org',
    explorerUrl: 'https://bscscan.com',
    testnet: false,
  },
};

/** The preset for a name, or a clear error for an unknown one. */
export function chainPreset(name: string | undefined): ChainPreset {
  const key = (name ?? 'local') as ChainPresetName;
  const preset = CHAIN_PRESETS[key];
  if (!preset) {
    throw new Error(`Unknown chain preset "${name}". Use one of: ${Object.keys(CHAIN_PRESETS).join(', ')}`);
  }
  return preset;
}
