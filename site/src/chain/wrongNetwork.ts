import { siteConfig } from '../config.js';

/** True while a connected wallet reports another chain than the page's configured one. */
export function isWrongNetwork(account: { isConnected: boolean; chainId?: number }, targetChainId = siteConfig.preset.chainId): boolean {
  return account.isConnected && account.chainId !== undefined && account.chainId !== targetChainId;
}
