import { createPublicClient, defineChain, http, type Chain, type PublicClient } from 'viem';
import type { Deployment, DeployedToken } from '../../contracts/deployment.js';
import type { WcWallet } from '../../modal/src/api/directory-types.js';
import type { Db } from './db.js';
import type { ProjectStore } from './projects.js';
import type { LocalSolanaChain } from './solana/chain.js';

/** USD price api-mocks reports for the local chain's native coin (BNB). */
export const NATIVE_PRICE_USD = 600;
/** The address the swap API uses for the native coin. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
/** A chain listed as supported besides the local one (BSC); it cannot be reached offline: its balances answer 503. */
export const LISTED_REMOTE_CHAIN = 'eip155:56';

/** Everything a route needs, made once per server. */
export interface MocksContext {
  db: Db;
  projects: ProjectStore;
  deployment: Deployment;
  chain: Chain;
  publicClient: PublicClient;
  rpcUrl: string;
  chainId: number;
  /** `eip155:<chainId>`. */
  localChain: `eip155:${number}`;
  projectId: string;
  /** Base URL of the HTTP server, e.g. http://127.0.0.1:8787 (set once listening). */
  baseUrl: string;
  relayUrl: string;
  wallets: WcWallet[];
  /** Bumped when `/__mocks/directory/entries` changes `wallets` (the directory's answer cache keys on it). */
  directoryVersion: number;
  walletsByImageId: Map<string, WcWallet>;
  tokensByAddress: Map<string, DeployedToken>;
  /** The local Solana chain (LiteSVM in this process), served under its `solana:` CAIP-2 id; absent when switched off. */
  solana?: LocalSolanaChain;
}

export function localChainDefinition(chainId: number, rpcUrl: string): Chain {
  return defineChain({
    id: chainId,
    name: 'BSC Local',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

export function createChainClient(chain: Chain, rpcUrl: string): PublicClient {
  // cacheTime 0: viem would otherwise reuse a block number for 4 s and the history would miss new blocks.
  return createPublicClient({ chain, cacheTime: 0, transport: http(rpcUrl, { retryCount: 0, timeout: 10_000 }) }) as PublicClient;
}

/** The icon URL api-mocks serves for a token symbol. */
export function tokenIconUrl(ctx: MocksContext, symbol: string): string {
  return `${ctx.baseUrl}/public/getTokenImage/${encodeURIComponent(symbol)}?projectId=${encodeURIComponent(ctx.projectId)}`;
}
