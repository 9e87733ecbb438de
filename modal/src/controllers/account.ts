import type { ApiContext } from '../api/http.js';
import { fetchBalances, fetchIdentity as fetchIdentityApi } from '../api/blockchain.js';
import { BALANCE_CACHE_MS, BALANCE_RETRY_BLOCK_MS, IDENTITY_CACHE_MS } from '../core/constants.js';
import { createStore } from '../core/store.js';
import type {
  AccountController,
  AccountState,
  ChainAccountState,
  ChainNamespace,
  Clock,
  ModalNetwork,
  ModalStorage,
} from '../core/types.js';
import { readJson, STORAGE_KEYS, writeJson } from '../storage.js';
import { log } from '../core/log.js';

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
}

export const emptyChainAccount = (): ChainAccountState => ({
  balanceLoading: false,
  status: 'disconnected',
  preferredAccountTypes: { eip155: 'smartAccount' },
  allAccounts: [],
  smartAccountDeployed: false,
  addressLabels: {},
});

/** `1500000000000000000`, 18 -> `1.5`. */
export function formatUnitsString(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

interface IdentityCacheEntry {
  at: number;
  name: string | null;
  avatar: string | null;
}

/** Account state per chain; balance cached 30 s, identity (name, avatar) 5 min in storage. */
export function createAccountController(deps: AccountControllerDeps): AccountController {
  const store = createStore<AccountState>({ byNamespace: { eip155: emptyChainAccount(), solana: emptyChainAccount() } });
  const balanceCache = new Map<string, { at: number; balance: string; symbol: string }>();
  let balanceFailedAt: number | undefined;

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
    setStatus(namespace, status) {
      patch(namespace, { status });
    },
    reset(namespace) {
      store.setState((s) => ({ byNamespace: { ...s.byNamespace, [namespace]: emptyChainAccount() } }));
    },
    resetAll() {
      balanceCache.clear();
      balanceFailedAt = undefined;
      store.setState({ byNamespace: { eip155: emptyChainAccount(), solana: emptyChainAccount() } });
    },
    async fetchBalance(force = false) {
      const { network, account } = active();
      const address = account.address;
      if (!address) return;
      const key = `${network.caipNetworkId}:${address.toLowerCase()}`;
      const cached = balanceCache.get(key);
      if (!force && cached && deps.clock.now() - cached.at < BALANCE_CACHE_MS) {
        patch(network.chainNamespace, { balance: cached.balance, balanceSymbol: cached.symbol });
        return;
      }
      // A failure blocks retries for 30 s (even forced ones).
      if (balanceFailedAt !== undefined && deps.clock.now() - balanceFailedAt < BALANCE_RETRY_BLOCK_MS) return;
      patch(network.chainNamespace, { balanceLoading: true });
      try {
        let balance: string | undefined;
        const symbol = network.nativeCurrency.symbol;
        if (await deps.isActiveChainSupported()) {
          const result = await fetchBalances(deps.api, {
            address,
            chainId: network.caipNetworkId,
            currency: 'usd',
            forceUpdate: force ? network.caipNetworkId : undefined,
          });
          const native = result.balances.find((b) => !b.address && b.chainId === network.caipNetworkId && b.quantity.decimals !== '0');
          balance = native ? native.quantity.numeric : '0';
        } else if (deps.readNativeBalance) {
          balance = formatUnitsString(await deps.readNativeBalance(address, network), network.nativeCurrency.decimals);
        }
        if (balance === undefined) return;
        balanceFailedAt = undefined;
        balanceCache.set(key, { at: deps.clock.now(), balance, symbol });
        // The account may have changed while fetching.
        if (active().account.address === address) patch(network.chainNamespace, { balance, balanceSymbol: symbol });
      } catch (error) {
        log('error', 'Balance failed', error);
        balanceFailedAt = deps.clock.now();
        deps.onBalanceError?.(error);
      } finally {
        patch(network.chainNamespace, { balanceLoading: false });
      }
    },
    async fetchIdentity() {
      const { network, account } = active();
      const address = account.address;
      if (!address || network.chainNamespace !== 'eip155') return;
      const key = `${STORAGE_KEYS.identityPrefix}${address.toLowerCase()}`;
      const cached = readJson<IdentityCacheEntry>(deps.storage, key);
      if (cached && deps.clock.now() - cached.at < IDENTITY_CACHE_MS) {
        patch('eip155', { profileName: cached.name, profileImage: cached.avatar });
        return;
      }
      if (!(await deps.isActiveChainSupported())) return;
      try {
        const identity = await fetchIdentityApi(deps.api, { address, sender: address });
        writeJson(deps.storage, key, { at: deps.clock.now(), name: identity.name, avatar: identity.avatar } satisfies IdentityCacheEntry);
        if (active().account.address === address) patch('eip155', { profileName: identity.name, profileImage: identity.avatar });
      } catch {
        // No name is shown.
      }
    },
  };
}
