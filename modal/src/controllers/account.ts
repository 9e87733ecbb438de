import type { ApiContext } from '../api/http.js';
import { createStore } from '../core/store.js';
import type { BalanceCache } from './account-balance.js';
import type { AccountType, ChainNamespace, Clock, ConnectionStatus, ModalNetwork, ModalStorage, Store } from '../core/types.js';
import type { Balance } from '../api/blockchain-types.js';

/** Spec section 3 "Account state per chain". */
export interface ChainAccountState {
  caipAddress?: string;
  address?: string;
  balance?: string;
  balanceSymbol?: string;
  balanceLoading: boolean;
  /**
   * The last balance fetch failed: 'unreachable' when the network or the service could not be reached (a failed
   * fetch, a timeout, 502/503/504), else 'failed'. Cleared by the next success.
   */
  balanceError?: 'unreachable' | 'failed';
  /** Every token balance of the last Blockchain API answer for this chain (the native entry gives `balance`). */
  tokenBalances?: Balance[];
  profileName?: string | null;
  profileImage?: string | null;
  status: ConnectionStatus;
  user?: { email?: string; username?: string };
  preferredAccountTypes: Partial<Record<ChainNamespace, AccountType>>;
  allAccounts: { address: string; type: AccountType }[];
  smartAccountDeployed: boolean;
  connectedWalletInfo?: { name: string; icon?: string };
  socialProvider?: string;
  farcasterUrl?: string;
  addressLabels: Record<string, string>;
}

export interface AccountState {
  byNamespace: Record<ChainNamespace, ChainAccountState>;
}

export interface AccountController extends Store<AccountState> {
  setAccount(namespace: ChainNamespace, address: string, chainId: number | string, wallet?: { name: string; icon?: string }): void;
  setStatus(namespace: ChainNamespace, status: ConnectionStatus): void;
  reset(namespace: ChainNamespace): void;
  resetAll(): void;
  /** Sets fields of a namespace's account (the embedded wallet's user, accounts and provider). */
  update(namespace: ChainNamespace, patch: Partial<ChainAccountState>): void;
  /**
   * Native balance of the active account; cached 30 s unless `force`. After a failure no fetch for 30 s, even forced,
   * except `'retry'`: the person asked for it (the hub's Retry).
   */
  fetchBalance(force?: boolean | 'retry'): Promise<void>;
  /** Name and avatar; cached 5 min unless `force`. */
  fetchIdentity(force?: boolean): Promise<void>;
}

export interface AccountControllerDeps {
  api: ApiContext;
  clock: Clock;
  storage: ModalStorage;
  activeNetwork: () => ModalNetwork;
  /** The supported-chains gate: false skips the blockchain API (empty results). */
  isActiveChainSupported: () => Promise<boolean>;
  /** Native balance over the network's RPC (wei), used when the blockchain API does not serve the chain. */
  readNativeBalance?: (address: string, network: ModalNetwork) => Promise<bigint>;
  /** A balance fetch failed ('Token Balance Unavailable'). */
  onBalanceError?: (error: unknown) => void;
  /**
   * The balance's module (account-balance.ts). The controllers load it through the feature loaders, so that a
   * bundler's preload list for it stays out of the first click.
   */
  loadBalance: () => Promise<typeof import('./account-balance.js')>;
}

export const emptyChainAccount = (): ChainAccountState => ({
  balanceLoading: false,
  status: 'disconnected',
  preferredAccountTypes: { eip155: 'smartAccount' },
  allAccounts: [],
  smartAccountDeployed: false,
  addressLabels: {},
});

/** Account state per chain; balance cached 30 s, identity (name, avatar) 5 min in storage. */
export function createAccountController(deps: AccountControllerDeps): AccountController {
  const store = createStore<AccountState>({ byNamespace: { eip155: emptyChainAccount(), solana: emptyChainAccount() } });
  const balanceCache: BalanceCache = new Map();
  const inFlight = new Map<string, Promise<void>>();
  const retry: { failedAt?: number } = {};

  const patch = (namespace: ChainNamespace, update: Partial<ChainAccountState>) =>
    store.setState((s) => ({ byNamespace: { ...s.byNamespace, [namespace]: { ...s.byNamespace[namespace], ...update } } }));
  const active = () => {
    const network = deps.activeNetwork();
    return { network, account: store.getState().byNamespace[network.chainNamespace] };
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    setAccount(namespace, address, chainId, wallet) {
      const previous = store.getState().byNamespace[namespace];
      const sameAddress = previous.address?.toLowerCase() === address.toLowerCase();
      patch(namespace, {
        address,
        caipAddress: `${namespace}:${chainId}:${address}`,
        status: 'connected',
        allAccounts: [{ address, type: 'eoa' }],
        ...(wallet ? { connectedWalletInfo: wallet } : {}),
        ...(sameAddress ? {} : { balance: undefined, balanceSymbol: undefined, profileName: undefined, profileImage: undefined }),
      });
    },
    update: patch,
    setStatus(namespace, status) {
      patch(namespace, { status });
    },
    reset(namespace) {
      store.setState((s) => ({ byNamespace: { ...s.byNamespace, [namespace]: emptyChainAccount() } }));
    },
    resetAll() {
      balanceCache.clear();
      retry.failedAt = undefined;
      store.setState({ byNamespace: { eip155: emptyChainAccount(), solana: emptyChainAccount() } });
    },
    fetchBalance(force = false) {
      // The balance shows only in the modal: its code loads with the first fetch, not before the first click.
      return deps.loadBalance().then((m) => m.fetchNativeBalance({ deps, cache: balanceCache, inFlight, retry, active, patch }, force));
    },
    fetchIdentity(force) {
      // The name shows only in the modal and the dapp's account menu: its code loads with the balance's, on the first fetch.
      return deps.loadBalance().then((m) => m.fetchAccountIdentity({ deps, active, patch }, force));
    },
  };
}
