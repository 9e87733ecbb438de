// The connect button's badge loads this module: a runtime import of a module the first click also loads would be
// split into one more chunk of the first click (the size guard measured +0.5 kB). chain/node-rpc keeps the errors and
// the api's http module reached by the same chunks, so they stay one chunk (through chain/json-rpc alone: +0.1 kB).
import { jsonRpcRequest } from '../chain/node-rpc.js';
import type { Clock, Listener, Store } from '../core/types.js';
import type { CoreControllers } from './core-controllers.js';

/** Spec section 9: the pending watch polls every 30 s when enabled. */
export const PENDING_POLL_MS = 30_000;
/** Spec section 9: the count stops (and polling with it) at 99. */
export const PENDING_LIMIT = 99;

export interface PendingTransactionsDeps {
  clock: Clock;
  /** The connected EVM address (undefined while disconnected). */
  address: () => string | undefined;
  /** A JSON-RPC read on the active network. */
  rpc: (method: string, params: unknown[]) => Promise<unknown>;
}

export interface PendingTransactionsState {
  /** Pending transactions of the account (0 to {@link PENDING_LIMIT}). */
  count: number;
  polling: boolean;
}

export interface PendingTransactionsController extends Store<PendingTransactionsState> {
  /** Reads the count now, then every {@link PENDING_POLL_MS} until {@link stop} or the limit. */
  start(): void;
  stop(): void;
  /** One read: `eth_getTransactionCount` 'pending' minus 'latest'. */
  refresh(): Promise<number>;
}

/** The pending-transaction counter: the nonce gap between the 'pending' and 'latest' blocks of the account. */
export function createPendingTransactionsController(deps: PendingTransactionsDeps): PendingTransactionsController {
  let state: PendingTransactionsState = { count: 0, polling: false };
  const listeners = new Set<Listener<PendingTransactionsState>>();
  const store = {
    getState: () => state,
    setState(patch: Partial<PendingTransactionsState>) {
      const previous = state;
      state = { ...state, ...patch };
      if (state.count === previous.count && state.polling === previous.polling) return;
      for (const listener of [...listeners]) listener(state, previous);
    },
    subscribe(listener: Listener<PendingTransactionsState>) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  let timer: unknown;
  let run = 0;

  const clear = () => {
    if (timer !== undefined) deps.clock.clearTimeout(timer);
    timer = undefined;
  };

  const refresh = async () => {
    const address = deps.address();
    if (!address) {
      store.setState({ count: 0 });
      return 0;
    }
    const [pending, latest] = await Promise.all([
      deps.rpc('eth_getTransactionCount', [address, 'pending']),
      deps.rpc('eth_getTransactionCount', [address, 'latest']),
    ]);
    const gap = Number(BigInt(pending as string) - BigInt(latest as string));
    const count = Math.min(Math.max(gap, 0), PENDING_LIMIT);
    if (deps.address() === address) store.setState({ count });
    return count;
  };

  const tick = async (id: number) => {
    const count = await refresh().catch(() => store.getState().count);
    if (id !== run) return;
    if (count >= PENDING_LIMIT) {
      store.setState({ polling: false });
      return;
    }
    timer = deps.clock.setTimeout(() => void tick(id), PENDING_POLL_MS);
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    refresh,
    start() {
      if (store.getState().polling) return;
      clear();
      store.setState({ polling: true });
      void tick(++run);
    },
    stop() {
      run++;
      clear();
      store.setState({ polling: false, count: 0 });
    },
  };
}

/**
 * The counter of a modal (one per `CoreControllers`), made on first use: by the connect button's lazy badge when
 * `features.pendingTransactions` is on, or by Account. It polls while an EVM account is connected.
 */
export function createPendingTransactionsFor(controllers: CoreControllers): PendingTransactionsController {
  const { account, networks, options, api } = controllers;
  const address = () => {
    const network = networks.getState().activeNetwork;
    return network.chainNamespace === 'eip155' ? account.getState().byNamespace.eip155.address : undefined;
  };
  const made = createPendingTransactionsController({
    clock: controllers.clock,
    address,
    rpc(method, params) {
      const network = networks.getState().activeNetwork;
      // The network's own RPC (or the dapp's custom one): the count needs the node's 'pending' view of the account.
      const url = options.customRpcUrls[network.caipNetworkId]?.[0]?.url ?? network.rpcUrls.default.http[0];
      return jsonRpcRequest(api, url, { method, params });
    },
  });
  let watched: string | undefined;
  // A new account or network starts the count again.
  const follow = () => {
    const current = address();
    const key = current && `${networks.getState().activeNetwork.id}:${current}`;
    if (key === watched) return;
    watched = key;
    made.stop();
    if (current) made.start();
  };
  account.subscribe(follow);
  networks.subscribe(follow);
  follow();
  return made;
}

/** The factory's convention: a lazy feature module exports `create(controllers)`. */
export { createPendingTransactionsFor as create };
