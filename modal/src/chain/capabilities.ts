import type { Eip1193Provider } from '../core/types.js';

/** What a wallet reports for one chain in EIP-5792 `wallet_getCapabilities` (the parts the modal reads). */
export interface ChainCapabilities {
  /** EIP-5792 v2: atomic execution of a batch of calls. */
  atomic?: { status?: string };
  /** The older (pre-v2) shape of the same capability. */
  atomicBatch?: { supported?: boolean };
  /** EIP-7811 `wallet_getAssets`. */
  assetDiscovery?: { supported?: boolean };
}

export const chainHex = (id: number) => `0x${id.toString(16)}`;

/**
 * The wallet's EIP-5792 capabilities of `address` on chain `chainId` (local: viem's `getCapabilities` comes with its
 * client and, with `sendCalls` and `waitForCallsStatus`, weighs 41.6 kB gzip, more than the Swap views' budget); undefined when the wallet has none for the
 * chain or does not know the method (wallets without EIP-5792 answer 4200 or -32601).
 */
export async function readChainCapabilities(provider: Eip1193Provider, address: string, chainId: number): Promise<ChainCapabilities | undefined> {
  const hex = chainHex(chainId);
  try {
    const all = (await provider.request({ method: 'wallet_getCapabilities', params: [address, [hex]] })) as Record<string, ChainCapabilities | undefined> | null;
    const entry = all?.[hex];
    return entry && typeof entry === 'object' ? entry : undefined;
  } catch {
    return undefined;
  }
}

/** True when the capabilities promise atomic batches: v2 `atomic.status` 'supported' or 'ready', or the older `atomicBatch.supported`. */
export function supportsAtomicBatch(capabilities: ChainCapabilities | undefined): boolean {
  const status = capabilities?.atomic?.status;
  return status === 'supported' || status === 'ready' || capabilities?.atomicBatch?.supported === true;
}
