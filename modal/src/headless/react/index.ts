/**
 * @minibot/modal/headless/react: hooks over the headless stores (`useSyncExternalStore`), for a connect list, account
 * menu or send form of the dapp's own. No elements and no lit; React is an optional peer of the package, needed only
 * here. Importing it touches no window, document or storage.
 * @example
 * <HeadlessProvider client={client}><Wallets /></HeadlessProvider>
 * function Wallets() { const { installed } = useWallets(); const { connect } = useConnect(); … }
 */
import { createContext, createElement, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { ModalClient } from '../../core/types.js';
import type { ExternalStore } from '../external-store.js';
import { accountStore, connectStores, hubStores, modalStore, siwxStore, swapStore } from '../headless.js';

const HeadlessContext = createContext<ModalClient | undefined>(undefined);

export interface HeadlessProviderProps {
  /** A client of `createHeadlessClient` (or `createModal` of any entry). */
  client: ModalClient;
  children?: ReactNode;
}

/** Gives the hooks below their client. */
export function HeadlessProvider({ client, children }: HeadlessProviderProps) {
  return createElement(HeadlessContext.Provider, { value: client }, children);
}

/** The client of the nearest `<HeadlessProvider>`. */
export function useHeadlessClient(): ModalClient {
  const client = useContext(HeadlessContext);
  if (!client) throw new Error('The headless hooks must be used inside <HeadlessProvider client={...}>');
  return client;
}

/** Any headless store's snapshot (the same object between changes), re-rendering on each change. */
export function useStore<T>(store: ExternalStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/** The snapshot with the store's actions beside it (one object per snapshot). */
function useWithActions<T, A extends object>(store: ExternalStore<T> & A): T & Omit<A, 'subscribe' | 'getSnapshot'> {
  const snapshot = useStore(store);
  return useMemo(() => {
    const { subscribe: _subscribe, getSnapshot: _getSnapshot, ...actions } = store;
    return { ...snapshot, ...actions } as T & Omit<A, 'subscribe' | 'getSnapshot'>;
  }, [store, snapshot]);
}

/**
 * The wallets to offer (installed, recent, featured, the directory's pages and search) and `fetchNextPage`/`setSearch`.
 * Loads the directory on mount unless `load` is false.
 */
export function useWallets({ load = true }: { load?: boolean } = {}) {
  const { wallets } = connectStores(useHeadlessClient());
  useEffect(() => {
    if (load) void wallets.load().catch(() => undefined);
  }, [wallets, load]);
  return useWithActions(wallets);
}

/** `connect(wallet)` with its status ('connecting', 'connected', 'rejected', 'failed' with `error`), `retry`, `cancel`. */
export function useConnect() {
  return useWithActions(connectStores(useHeadlessClient()).connect);
}

/** The WalletConnect pairing: `uri` (QR code), `deepLink` of the chosen wallet, `start()`. */
export function useWalletConnect() {
  return useWithActions(connectStores(useHeadlessClient()).walletConnect);
}

/** The connected account (EVM and Solana) with its network, wallet, name and native balance; `disconnect`, `switchNetwork`. */
export function useAccount() {
  return useWithActions(accountStore(useHeadlessClient()));
}

/** Token balances of the connected account (the Account hub's chunk loads on mount). */
export function useBalances() {
  return useWithActions(hubStores(useHeadlessClient()).balances);
}

/** The account's transactions on the active network, and `fetchNextPage`/`refresh`. */
export function useActivity() {
  return useWithActions(hubStores(useHeadlessClient()).activity);
}

/** The Send form (token, amount, receiver, `blocker`) and its actions; `submit()` sends through the chain room. */
export function useSend() {
  return useWithActions(hubStores(useHeadlessClient()).send);
}

/** The Swap form (`state` undefined until its chunk has loaded, on mount) and its actions. */
export function useSwap() {
  const store = swapStore(useHeadlessClient());
  const state = useStore(store);
  return useMemo(() => {
    const { subscribe: _subscribe, getSnapshot: _getSnapshot, ...actions } = store;
    return { state, ...actions };
  }, [store, state]);
}

/** Sign in with X: `requested`, `session`, `sign`, `cancel`, `signIn`. */
export function useSiwx() {
  return useWithActions(siwxStore(useHeadlessClient()));
}

/** The modal's open state (`open`, `view`) for a dialog of the dapp's own, with `show()` and `close()`. */
export function useModalState() {
  return useWithActions(modalStore(useHeadlessClient()));
}
