import type { Balance } from './blockchain-types.js';
import type { Transaction } from './history-types.js';

// Filters of the Blockchain API's answers (spec section 5), applied by the controllers that own the data.

/** Tokens with decimals '0' are dropped. */
export const dropZeroDecimalBalances = (balances: Balance[]): Balance[] => balances.filter((b) => b.quantity.decimals !== '0');

/**
 * Drops transactions of another chain and those whose every transfer is a spam NFT (an empty list counts as all),
 * except an approval: it moves nothing, so the service lists no transfer for it (its amount is in the receipt).
 */
export function filterTransactions(transactions: Transaction[], activeCaipNetworkId: string): Transaction[] {
  return transactions.filter((tx) => {
    if (tx.metadata.chain !== activeCaipNetworkId) return false;
    const transfers = tx.transfers ?? [];
    if (tx.metadata.operationType === 'approve' && transfers.length === 0) return true;
    if (tx.transfers && transfers.every((t) => t.nft_info?.flags?.is_spam === true)) return false;
    return true;
  });
}
