import type { Balance } from '../api/blockchain-types.js';
import type { Transaction } from '../api/history-types.js';
import type { ModalControllers } from '../controllers/bag.js';
import type { HubControllers } from '../controllers/hub.js';
import type { PortfolioSource } from '../controllers/portfolio.js';
import type { SendState } from '../controllers/send/send.js';
import type { SendBlocker, SendOutcome, SendTokensParameters, SentTransaction } from '../controllers/send/send-flow.js';
import type { ActivityApproval } from '../controllers/activity/decode.js';
import { createStore } from '../core/store.js';
import { derivedStore, watchAll, type ExternalStore } from './external-store.js';

export interface BalancesSnapshot {
  /** Token balances of the connected account on the active network, native coin first (decimals '0' dropped). */
  balances: Balance[];
  /** Their sum in USD. */
  totalUsd: number;
  loading: boolean;
  /** 'wallet' when the wallet gave them (EIP-7811), 'api' when the Blockchain API did. */
  source?: PortfolioSource;
  /** The last fetch failed ('Token Balance Unavailable'); `retry()` asks again at once. */
  failed: boolean;
}

export interface BalancesStore extends ExternalStore<BalancesSnapshot> {
  /** Loads them again, past the 30 s cache. */
  refetch(): Promise<void>;
  /** Asks again now, past the 30 s block after a failure. */
  retry(): Promise<void>;
}

export interface ActivitySnapshot {
  /** Transactions of the active account and network loaded so far, newest first, spam dropped. */
  transactions: Transaction[];
  /** What each approval approved (by transaction id), once read. */
  approvals: Record<string, ActivityApproval>;
  loading: boolean;
  /** The last page failed: `fetchNextPage()` loads no more until `refresh()`. */
  failed: boolean;
  /** More pages to load. */
  hasMore: boolean;
}

export interface ActivityStore extends ExternalStore<ActivitySnapshot> {
  fetchNextPage(): Promise<void>;
  /** Drops what is loaded and loads the first page again. */
  refresh(): Promise<void>;
}

export interface SendSnapshot extends SendState {
  /** Why the form cannot be sent yet; undefined when it can (`canSend`). */
  blocker?: SendBlocker;
  canSend: boolean;
  /** The typed amount's value in USD. */
  amountUsd?: number;
  /** The last transaction sent (kept after the form resets), 'pending' until its receipt. */
  last?: SentTransaction;
}

export interface SendStore extends ExternalStore<SendSnapshot> {
  /** Picks the token to send: an entry of the `balances` store. */
  selectToken(balance: Balance): Promise<void>;
  /** The amount as typed, in the modal's language ('1,5' in German). */
  setAmount(text: string): Promise<void>;
  /** The whole holding of the selected token. */
  setMax(): Promise<void>;
  /** An address, or a name looked up after 300 ms. */
  setReceiver(input: string): Promise<void>;
  /** Loads the gas price (a native send needs it). */
  fetchGasPrice(): Promise<void>;
  /**
   * Sends the form through the connected wallet (the chain room's one submit): waits for a name under way and the gas
   * price, then sends. 'sent' once the wallet accepted it, 'rejected' when the person declined; throws
   * SendNotPossibleError (`reason` is the blocker) when the form cannot be sent.
   */
  submit(): Promise<SendOutcome>;
  /** The form in one call: fills it with `token`, `amount` and `to`, then submits. */
  send(params: SendTokensParameters): Promise<SendOutcome>;
  reset(): Promise<void>;
}

/** The Account hub's stores (balances, Activity, Send): its chunk loads on the first subscription or action. */
export function createHubStores(controllers: ModalControllers): { balances: BalancesStore; activity: ActivityStore; send: SendStore } {
  const { account } = controllers;
  const feature = controllers.hub;
  const loaded = createStore<{ hub?: HubControllers }>({ hub: feature.current });
  const load = () => feature.load().then((hub) => (loaded.setState({ hub }), hub));
  /** The account the hub's lists belong to: they load again when it changes. */
  const accountKey = () => {
    const a = controllers.getAccount();
    return a.isConnected ? `${controllers.networks.getState().activeNetwork.caipNetworkId}:${a.address ?? a.solana?.address}` : undefined;
  };
  /**
   * Follows the hub's `pick`ed stores once loaded, and calls `onAccount` (the hub given) when the account or network
   * changes while someone listens, and once at the start.
   */
  const watchHub = (pick: (hub: HubControllers) => { subscribe(listener: () => void): () => void }[], onAccount?: (hub: HubControllers) => void) => (changed: () => void) => {
    let offHub: (() => void) | undefined;
    let key: string | undefined;
    const follow = () => {
      const hub = loaded.getState().hub;
      if (!hub) return;
      offHub ??= watchAll(pick(hub), changed);
      const next = accountKey();
      if (next && next !== key) onAccount?.(hub);
      key = next;
      changed();
    };
    const off = watchAll([loaded, account, controllers.connection, controllers.networks], follow);
    if (loaded.getState().hub) follow();
    else void load().catch(() => undefined);
    return () => {
      off();
      offHub?.();
    };
  };
  const flow = () => load().then((hub) => hub.sendFlow);

  const balances: BalancesStore = {
    ...derivedStore(
      watchHub((hub) => [hub.portfolio], (hub) => void hub.portfolio.fetch()),
      (): BalancesSnapshot => {
        const state = loaded.getState().hub?.portfolio.getState();
        const list = accountKey() && state ? state.balances : [];
        return {
          balances: list,
          totalUsd: list.reduce((sum, b) => sum + (b.value ?? Number(b.quantity.numeric) * b.price), 0),
          loading: state?.loading ?? false,
          source: state?.source,
          failed: Boolean(state?.failed || account.getState().byNamespace[controllers.networks.getState().activeNamespace].balanceError),
        };
      },
    ),
    refetch: () => load().then((hub) => hub.portfolio.fetch(true)),
    retry: () => load().then((hub) => hub.portfolio.retry()),
  };

  const activity: ActivityStore = {
    ...derivedStore(
      watchHub((hub) => [hub.activity], (hub) => void hub.activity.fetchNextPage()),
      (): ActivitySnapshot => {
        const state = loaded.getState().hub?.activity.getState();
        return {
          transactions: state?.transactions ?? [],
          approvals: state?.approvals ?? {},
          loading: state?.loading ?? false,
          failed: state?.failed ?? false,
          hasMore: state?.next !== null,
        };
      },
    ),
    fetchNextPage: () => load().then((hub) => hub.activity.fetchNextPage()),
    refresh: () => load().then((hub) => hub.activity.refresh()),
  };

  const send: SendStore = {
    ...derivedStore(
      watchHub((hub) => [hub.sendFlow, hub.sendFlow.sent]),
      (): SendSnapshot => {
        const sendFlow = loaded.getState().hub?.sendFlow;
        const blocker = sendFlow ? sendFlow.blocker() : 'selectToken';
        return {
          ...controllers.send.getState(),
          blocker,
          canSend: !blocker,
          amountUsd: sendFlow?.amountUsd(),
          last: sendFlow?.sent.getState().last,
        };
      },
    ),
    selectToken: (balance) => flow().then((f) => f.selectToken(balance)),
    setAmount: (text) => flow().then((f) => f.setAmount(text)),
    setMax: () => flow().then((f) => f.setMax()),
    setReceiver: (input) => flow().then((f) => f.setReceiver(input)),
    fetchGasPrice: () => flow().then((f) => f.fetchGasPrice()),
    submit: () => flow().then((f) => f.confirm()),
    send: (params) => flow().then((f) => f.sendTokens(params)),
    reset: () => flow().then((f) => f.reset()),
  };

  return { balances, activity, send };
}
