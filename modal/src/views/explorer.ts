import type { ModalNetwork } from '../core/types.js';
import { safeLinkUrl } from '../core/safe-url.js';

/** The page of `hash` on the network's block explorer (`{explorer}/tx/{hash}`), through the URL gate; undefined without an explorer. */
export function explorerTxUrl(network: Pick<ModalNetwork, 'blockExplorers'>, hash: string | undefined): string | undefined {
  const explorer = network.blockExplorers?.default.url;
  if (!explorer || !hash || !/^0x[0-9a-fA-F]{64}$/.test(hash)) return undefined;
  return safeLinkUrl(`${explorer.replace(/\/+$/, '')}/tx/${hash}`);
}
