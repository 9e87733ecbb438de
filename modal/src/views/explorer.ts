import type { ModalNetwork } from '../core/types.js';
import { safeLinkUrl } from '../core/safe-url.js';

/** A transaction hash, or a Solana signature (64 bytes in base58). */
const TX_ID = /^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{64,88})$/;

/** The page of `hash` (a Solana signature too) on the network's block explorer (`{explorer}/tx/{hash}`), through the URL gate; undefined without an explorer. */
export function explorerTxUrl(network: Pick<ModalNetwork, 'blockExplorers'>, hash: string | undefined): string | undefined {
  const explorer = network.blockExplorers?.default.url;
  if (!explorer || !hash || !TX_ID.test(hash)) return undefined;
  return safeLinkUrl(`${explorer.replace(/\/+$/, '')}/tx/${hash}`);
}
