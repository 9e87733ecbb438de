import type { Eip1193Provider } from '../core/types.js';
import { mapProviderError } from '../errors.js';
import { parseChainId } from '../core/chain-id.js';

/*
 * The requests a connect, the restore on load and the client's getWalletChainId send (eth_requestAccounts,
 * eth_accounts, eth_chainId): a module apart from injected.ts, whose events the first load needs, so that these and
 * the error mapping they use load with their first call.
 */

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
