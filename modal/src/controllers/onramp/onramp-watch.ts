import { fetchBalances } from '../../api/blockchain.js';
import { fetchHistory } from '../../api/history.js';
import { unitsOfDecimalText } from '../../core/units.js';
import { networkOf, ONRAMP_POLL_MS, ONRAMP_PROVIDER, ONRAMP_WATCH_TIMEOUT_MS, type OnrampContext, type OnrampPurchase } from './onramp-state.js';
import type { OnrampPurchaseCurrency } from '../../api/onramp-types.js';

/**
 * Buy's wait after the hand-off to the provider: the order in the account's history, else the balance of the bought
 * asset, polled until the purchase completes, fails or times out; then it settles (refresh, listeners).
 */
export function createPurchaseWatch(ctx: OnrampContext, onComplete: (purchase: OnrampPurchase) => void) {
  const { deps, store, set } = ctx;
  const network = ctx.network;
  let poll: unknown;
  let watchSeq = 0;
  let seenBuys = new Set<string>();

  async function assetBalance(currency: OnrampPurchaseCurrency): Promise<bigint> {
    const address = deps.address();
    if (!address) return 0n;
    const net = network();
    const contract = networkOf(currency, net)?.contract_address;
    const { balances } = await fetchBalances(deps.api, { address, chainId: net.caipNetworkId, currency: 'usd', forceUpdate: `${net.caipNetworkId}:${address}` });
    const held = balances.find((b) => (contract ? b.address?.toLowerCase().endsWith(contract.toLowerCase()) : !b.address && b.symbol === currency.symbol));
    if (!held) return 0n;
    return unitsOfDecimalText(held.quantity.numeric, Number(held.quantity.decimals));
  }

  async function buyIds(): Promise<{ id: string; hash: string; status: string; minedAt: string }[]> {
    const address = deps.address();
    if (!address) return [];
    const { data } = await fetchHistory(deps.api, { address, chainId: network().caipNetworkId, onramp: ONRAMP_PROVIDER.id });
    return data.filter((tx) => tx.metadata.operationType === 'buy').map((tx) => ({ id: tx.id, hash: tx.metadata.hash, status: tx.metadata.status, minedAt: tx.metadata.minedAt }));
  }

  function finish(progress: 'completed' | 'failed', hash?: string) {
    if (poll !== undefined) deps.clock.clearTimeout(poll);
    poll = undefined;
    watchSeq++;
    set({ progress, progressTxHash: hash });
    if (progress === 'completed') {
      deps.refreshAccount?.();
      const purchase = store.getState().purchase;
      if (purchase) onComplete(purchase);
    }
  }

  async function check(seq: number) {
    const purchase = store.getState().purchase;
    if (!purchase || seq !== watchSeq) return;
    try {
      const buys = (await buyIds()).filter((b) => !seenBuys.has(b.id));
      if (seq !== watchSeq) return;
      const failed = buys.find((b) => b.status === 'failed');
      const confirmed = buys.find((b) => b.status === 'confirmed');
      if (confirmed) return finish('completed', confirmed.hash);
      if (failed) return finish('failed', failed.hash);
      if ((await assetBalance(purchase.currency)) > purchase.startBalance && seq === watchSeq) return finish('completed');
    } catch {
      // A failed check is retried on the next tick.
    }
    if (seq !== watchSeq) return;
    if (deps.clock.now() - purchase.startedAt >= ONRAMP_WATCH_TIMEOUT_MS) return finish('failed');
    poll = deps.clock.setTimeout(() => void check(seq), ONRAMP_POLL_MS);
  }

  return {
    assetBalance,
    buyIds,
    /** The buys already in the history when the provider opened (not this purchase). */
    remember(buys: { id: string }[]) {
      seenBuys = new Set(buys.map((b) => b.id));
    },
    start() {
      if (!store.getState().purchase) return;
      if (poll !== undefined) deps.clock.clearTimeout(poll);
      const seq = ++watchSeq;
      set({ progress: 'watching' });
      poll = deps.clock.setTimeout(() => void check(seq), ONRAMP_POLL_MS);
    },
    stop() {
      if (poll !== undefined) deps.clock.clearTimeout(poll);
      poll = undefined;
      watchSeq++;
    },
  };
}
