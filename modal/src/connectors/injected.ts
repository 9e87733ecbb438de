import type { Eip1193Provider } from '../core/types.js';
import { parseChainId } from '../core/chain-id.js';

export { parseChainId };

export interface ProviderEventHandlers {
  accountsChanged(accounts: string[]): void;
  chainChanged(chainId: number): void;
  disconnect(): void;
}

/**
 * Subscribes to accountsChanged / chainChanged / disconnect; returns the unsubscribe function. Loaded with the chunks
 * that attach a session (a connect's requests, the WalletConnect pairing, the embedded wallet), not with the first load.
 */
export function watchProvider(provider: Eip1193Provider, handlers: ProviderEventHandlers): () => void {
  if (!provider.on) return () => {};
  const onAccounts = (accounts: string[]) => handlers.accountsChanged(Array.isArray(accounts) ? accounts : []);
  const onChain = (chainId: unknown) => {
    try {
      handlers.chainChanged(parseChainId(chainId));
    } catch {
      // A malformed event: ignore.
    }
  };
  const onDisconnect = () => handlers.disconnect();
  type L = (...args: never[]) => void;
  provider.on('accountsChanged', onAccounts as L);
  provider.on('chainChanged', onChain as L);
  provider.on('disconnect', onDisconnect as L);
  return () => {
    provider.removeListener?.('accountsChanged', onAccounts as L);
    provider.removeListener?.('chainChanged', onChain as L);
    provider.removeListener?.('disconnect', onDisconnect as L);
  };
}

export type WatchProvider = typeof watchProvider;
