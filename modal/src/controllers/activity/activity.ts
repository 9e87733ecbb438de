import type { ApiContext } from '../../api/http.js';
import type { Transaction } from '../../api/history-types.js';
import { fetchHistory } from '../../api/history.js';
import { createStore } from '../../core/store.js';
import type { ModalNetwork, Store } from '../../core/types.js';
import { filterTransactions } from '../../api/filters.js';
import type { ActivityApproval } from './decode.js';

export interface ActivityState {
  /** Transactions of the active chain loaded so far, newest first, spam dropped. */
  transactions: Transaction[];
  /** Cursor of the next page; null when the last page is loaded; undefined before the first page. */
  next?: string | null;
  loading: boolean;
  /** The last page failed: scrolling loads no more until `refresh()`. */
  failed: boolean;
  /** `caip2:address` the list belongs to. */
  key?: string;
  /** What each approval transaction approved (by transaction id), read from its receipt once its page loaded. */
  approvals: Record<string, ActivityApproval>;
}

export interface ActivityController extends Store<ActivityState> {
  /** Loads the next page (the first one when nothing is loaded); no-op while loading or after the last page. */
  fetchNextPage(): Promise<void>;
  /** Drops what is loaded and loads the first page again. */
  refresh(): Promise<void>;
}

export interface ActivityControllerDeps {
  api: ApiContext;
  address: () => string | undefined;
  network: () => ModalNetwork;
  isChainSupported: () => Promise<boolean>;
  /** A page failed ('Failed to fetch transactions'). */
  onError: (error: unknown) => void;
  /** What an approval approved (the receipt's log, the token); absent, approvals show without their amount. */
  readApproval?: (tx: Transaction, owner: string) => Promise<ActivityApproval | undefined>;
}

/** A row of the Activity list: a month heading or a transaction. */
export type ActivityRow = { kind: 'month'; label: string } | { kind: 'transaction'; transaction: Transaction };

/** Groups transactions (newest first) by the month they were mined in, as rows for a virtual list. */
export function activityRows(transactions: Transaction[], lang = 'en'): ActivityRow[] {
  const format = new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const rows: ActivityRow[] = [];
  let month = '';
  for (const transaction of transactions) {
    const label = format.format(new Date(transaction.metadata.minedAt));
    if (label !== month) rows.push({ kind: 'month', label: (month = label) });
    rows.push({ kind: 'transaction', transaction });
  }
  return rows;
}

/** Transaction history by cursor pages, filtered to the active chain with the spam filter. */
export function createActivityController(deps: ActivityControllerDeps): ActivityController {
  const store = createStore<ActivityState>({ transactions: [], loading: false, failed: false, approvals: {} });

  /** Reads the approvals of a fresh page in the background; a row shows its amount once read. */
  const readApprovals = (transactions: Transaction[], owner: string, current: number) => {
    const read = deps.readApproval;
    if (!read) return;
    for (const tx of transactions) {
      if (tx.metadata.operationType !== 'approve' || tx.metadata.status !== 'confirmed') continue;
      read(tx, owner).then(
        (approval) => {
          if (approval && current === generation) store.setState((s) => ({ ...s, approvals: { ...s.approvals, [tx.id]: approval } }));
        },
        () => undefined,
      );
    }
  };
  let generation = 0;

  const fetchNextPage = async () => {
    const address = deps.address();
    const network = deps.network();
    if (!address) return;
    // EVM addresses compare without case; base58 (Solana) is case-sensitive.
    const key = `${network.caipNetworkId}:${network.chainNamespace === 'eip155' ? address.toLowerCase() : address}`;
    if (store.getState().key !== key) {
      generation++;
      store.setState({ transactions: [], next: undefined, loading: false, failed: false, key, approvals: {} });
    }
    const { loading, next, failed } = store.getState();
    if (loading || failed || next === null) return;
    const current = generation;
    store.setState({ loading: true });
    try {
      if (!(await deps.isChainSupported())) {
        if (current === generation) store.setState({ next: null });
        return;
      }
      const page = await fetchHistory(deps.api, { address, chainId: network.caipNetworkId, cursor: next ?? undefined });
      if (current !== generation) return;
      const seen = new Set(store.getState().transactions.map((t) => t.id));
      const fresh = filterTransactions(page.data, network.caipNetworkId).filter((t) => !seen.has(t.id));
      store.setState((s) => ({ ...s, transactions: [...s.transactions, ...fresh], next: page.next }));
      readApprovals(fresh, address, current);
    } catch (error) {
      if (current === generation) store.setState({ failed: true });
      deps.onError(error);
    } finally {
      if (current === generation) store.setState({ loading: false });
    }
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    fetchNextPage,
    refresh() {
      generation++;
      store.setState({ transactions: [], next: undefined, loading: false, failed: false, key: undefined, approvals: {} });
      return fetchNextPage();
    },
  };
}
