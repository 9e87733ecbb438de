import type { Eip1193Provider } from '../core/types.js';
import { mapProviderError } from '../errors.js';

/** Asks the wallet for its accounts (its connect prompt). Throws UserRejectedError on 4001. */
export async function requestAccounts(provider: Eip1193Provider): Promise<string[]> {
  try {
    const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
    if (!Array.isArray(accounts) || accounts.length === 0) throw new Error('The wallet returned no account');
    return accounts;
  } catch (error) {
    throw mapProviderError(error);
  }
}

/** The accounts the wallet already authorizes (no prompt): reconnect on load. */
export async function getAuthorizedAccounts(provider: Eip1193Provider): Promise<string[]> {
  try {
    const accounts = (await provider.request({ method: 'eth_accounts' })) as string[];
    return Array.isArray(accounts) ? accounts : [];
  } catch {
    return [];
  }
}

/** eth_chainId as a number. */
export async function getChainId(provider: Eip1193Provider): Promise<number> {
  try {
    return parseChainId(await provider.request({ method: 'eth_chainId' }));
  } catch (error) {
    throw mapProviderError(error);
  }
}

/** '0x38', '56', 56 or 'eip155:56' -> 56. */
export function parseChainId(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  const text = String(value);
  const last = text.includes(':') ? text.slice(text.lastIndexOf(':') + 1) : text;
  const id = last.startsWith('0x') ? Number.parseInt(last, 16) : Number.parseInt(last, 10);
  if (!Number.isFinite(id)) throw new Error(`Invalid chain id: ${text}`);
  return id;
}

export interface ProviderEventHandlers {
  accountsChanged(accounts: string[]): void;
  chainChanged(chainId: number): void;
  disconnect(): void;
}

/** Subscribes to accountsChanged / chainChanged / disconnect; returns the unsubscribe function. */
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
