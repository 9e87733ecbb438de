import type { Address, Hash } from 'viem';
import { chainPreset, type ChainPreset } from './presets.js';

/** The page's configuration, read from VITE_ variables only (see site/README.md). */
export interface SiteConfig {
  preset: ChainPreset;
  /** JSON-RPC endpoint of the target chain (VITE_RPC_URL, else the preset's). */
  rpcUrl: string;
  /** The presale contract; undefined when VITE_CONTRACT_ADDRESS is missing or malformed (see `configError`). */
  contractAddress: Address | undefined;
  /** A clear, user-facing explanation of a configuration problem, or undefined when all is well. */
  configError: string | undefined;
  projectId: string;
  apiUrl: string | undefined;
  directoryUrl: string | undefined;
  relayUrl: string | undefined;
  /** The embedded wallet's origin (e-mail and social login); none = no e-mail login. */
  embeddedWalletUrl: string | undefined;
  explorerUrl: string;
  marketplaceUrl: string;
}

export type SiteEnv = Partial<Record<keyof ImportMetaEnv, string | undefined>>;

const DEFAULT_MARKETPLACE_URL = 'https://magiceden.io';

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * Builds the configuration from VITE_ variables.
 * @example readSiteConfig({ VITE_CHAIN_PRESET: 'bsc', VITE_CONTRACT_ADDRESS: '0x…' })
 */
export function readSiteConfig(env: SiteEnv): SiteConfig {
  const preset = chainPreset(nonEmpty(env.VITE_CHAIN_PRESET) ?? 'local');
  const rawAddress = nonEmpty(env.VITE_CONTRACT_ADDRESS);
  let contractAddress: Address | undefined;
  let configError: string | undefined;
  if (!rawAddress) {
    configError = 'The presale contract address is not configured. Set VITE_CONTRACT_ADDRESS and restart the site.';
  } else if (!/^0x[0-9a-fA-F]{40}$/.test(rawAddress)) {
    configError = `VITE_CONTRACT_ADDRESS is not a valid address: "${rawAddress}".`;
  } else {
    contractAddress = rawAddress as Address;
  }
  return {
    preset,
    rpcUrl: nonEmpty(env.VITE_RPC_URL) ?? preset.rpcUrl,
    contractAddress,
    configError,
    projectId: nonEmpty(env.VITE_PROJECT_ID) ?? 'minibot-local',
    apiUrl: nonEmpty(env.VITE_API_URL),
    directoryUrl: nonEmpty(env.VITE_DIRECTORY_URL),
    relayUrl: nonEmpty(env.VITE_RELAY_URL),
    embeddedWalletUrl: nonEmpty(env.VITE_EMBEDDED_WALLET_URL),
    explorerUrl: trimSlash(nonEmpty(env.VITE_EXPLORER_URL) ?? preset.explorerUrl),
    marketplaceUrl: trimSlash(nonEmpty(env.VITE_MARKETPLACE_URL) ?? DEFAULT_MARKETPLACE_URL),
  };
}

/** Block explorer page of a transaction. */
export function explorerTxUrl(config: Pick<SiteConfig, 'explorerUrl'>, hash: Hash): string {
  return `${config.explorerUrl}/tx/${hash}`;
}

/** Magic Eden page (on BSC) of the owned item when a token id is known, else of the collection. */
export function marketplaceUrl(config: Pick<SiteConfig, 'marketplaceUrl' | 'contractAddress'>, tokenId?: bigint): string {
  const collection = config.contractAddress ?? '';
  return tokenId === undefined
    ? `${config.marketplaceUrl}/collections/bsc/${collection}`
    : `${config.marketplaceUrl}/item-details/bsc/${collection}/${tokenId.toString()}`;
}

/** The running page's configuration. */
export const siteConfig: SiteConfig = readSiteConfig(import.meta.env);
