import type { Balance } from '../api/blockchain-types.js';
import { BALANCE_CACHE_MS, BALANCE_RETRY_BLOCK_MS } from '../core/constants.js';
import { createStore } from '../core/store.js';
import type { Clock, Eip1193Provider, ModalNetwork, Store } from '../core/types.js';
import { dropZeroDecimalBalances } from '../api/filters.js';
import { formatUnitsString } from '../core/units.js';
import { chainHex, readChainCapabilities } from '../chain/capabilities.js';

/** Where the balances came from: the wallet (EIP-7811 `wallet_getAssets`) or the Blockchain API. */
export type PortfolioSource = 'wallet' | 'api';

export interface PortfolioState {
  /** Token balances of the active account on the active network, native coin first; decimals '0' dropped. */
  balances: Balance[];
  loading: boolean;
  source?: PortfolioSource;
  /** `caip2:address` the balances belong to. */
  key?: string;
  /** The wallet's answer (EIP-7811) failed; the Blockchain API's failure is the account's `balanceError`. */
  failed?: boolean;
}

export interface PortfolioController extends Store<PortfolioState> {
  /** Loads the balances (30 s cache unless `force`; after a failure no retry for 30 s, even forced). */
  fetch(force?: boolean): Promise<void>;
  /** Fetches again now, past the 30 s block of a failure: the person pressed Retry. */
  retry(): Promise<void>;
  reset(): void;
}

export interface PortfolioControllerDeps {
  clock: Clock;
  address: () => string | undefined;
  network: () => ModalNetwork;
  /**
   * The Blockchain API's balances through the account controller (its 30 s cache, its retry block and its
   * 'Token Balance Unavailable'); undefined when the chain is not served.
   */
  loadApiBalances: (force: boolean | 'retry') => Promise<Balance[] | undefined>;
  getProvider: () => Eip1193Provider | undefined;
  /** The wallet's answer failed ('Token Balance Unavailable'). */
  onError: (error: unknown) => void;
}

/** An entry of EIP-7811 `wallet_getAssets` as the spec describes it. */
export interface WalletAsset {
  address: string;
  /** Hex amount in the token's smallest unit. */
  balance: string;
  type: 'ERC20' | 'NATIVE' | string;
  metadata: { name: string; symbol: string; decimals: number; price?: number; iconUrl?: string };
}

/** Sum of the USD values of `balances`. */
export const totalUsd = (balances: Balance[]): number => balances.reduce((sum, b) => sum + (b.value ?? Number(b.quantity.numeric) * b.price), 0);

/** EIP-7811 assets as token balances (CAIP-10 token addresses; the native coin has none). */
export function walletAssetsToBalances(assets: WalletAsset[], network: ModalNetwork): Balance[] {
  return assets.map((asset) => {
    const numeric = formatUnitsString(BigInt(asset.balance), asset.metadata.decimals);
    const price = asset.metadata.price ?? 0;
    const native = asset.type.toUpperCase() === 'NATIVE';
    return {
      name: asset.metadata.name,
      symbol: asset.metadata.symbol,
      chainId: network.caipNetworkId,
      ...(native ? {} : { address: `${network.caipNetworkId}:${asset.address}` as Balance['address'] }),
      value: Number(numeric) * price,
      price,
      quantity: { decimals: String(asset.metadata.decimals), numeric },
      iconUrl: asset.metadata.iconUrl ?? '',
    };
  });
}

/**
 * Asks the wallet for its assets when it reports EIP-5792 `assetDiscovery` for the chain; undefined when it does
 * not (then the Blockchain API answers).
 */
export async function readWalletAssets(provider: Eip1193Provider, address: string, network: ModalNetwork): Promise<Balance[] | undefined> {
  const hex = chainHex(network.id);
  if (!(await readChainCapabilities(provider, address, network.id))?.assetDiscovery?.supported) return undefined;
  const result = (await provider.request({ method: 'wallet_getAssets', params: [{ account: address, chainFilter: [hex] }] })) as Record<string, WalletAsset[]>;
  const assets = result?.[hex];
  if (!Array.isArray(assets)) throw new Error('wallet_getAssets answered without the chain');
  return walletAssetsToBalances(assets, network);
}

const byNativeThenValue = (a: Balance, b: Balance) => Number(Boolean(a.address)) - Number(Boolean(b.address)) || (b.value ?? 0) - (a.value ?? 0);

/** Token balances of the connected account: from the wallet when it offers them, else from the Blockchain API. */
export function createPortfolioController(deps: PortfolioControllerDeps): PortfolioController {
  const store = createStore<PortfolioState>({ balances: [], loading: false });
  const cache = new Map<string, { at: number; balances: Balance[]; source: PortfolioSource }>();
  let failedAt: number | undefined;

  const fetch = async (force: boolean | 'retry' = false) => {
    const address = deps.address();
    const network = deps.network();
    if (!address) return;
    const key = `${network.caipNetworkId}:${address.toLowerCase()}`;
    if (store.getState().key !== key) store.setState({ balances: [], key, source: undefined, failed: false });
    const cached = cache.get(key);
    if (!force && cached && deps.clock.now() - cached.at < BALANCE_CACHE_MS) {
      store.setState({ balances: cached.balances, source: cached.source });
      return;
    }
    if (force !== 'retry' && failedAt !== undefined && deps.clock.now() - failedAt < BALANCE_RETRY_BLOCK_MS) return;
    store.setState({ loading: true });
    try {
      const provider = deps.getProvider();
      let source: PortfolioSource = 'wallet';
      let balances = provider && network.chainNamespace === 'eip155' ? await readWalletAssets(provider, address, network) : undefined;
      if (!balances) {
        source = 'api';
        const loaded = await deps.loadApiBalances(force);
        // The account controller reported its failure; keep what is shown and retry later.
        if (!loaded) return;
        balances = loaded;
      }
      balances = dropZeroDecimalBalances(balances).filter((b) => b.chainId === network.caipNetworkId).sort(byNativeThenValue);
      failedAt = undefined;
      cache.set(key, { at: deps.clock.now(), balances, source });
      if (store.getState().key === key) store.setState({ balances, source, failed: false });
    } catch (error) {
      failedAt = deps.clock.now();
      store.setState({ failed: true });
      deps.onError(error);
    } finally {
      store.setState({ loading: false });
    }
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    reset() {
      cache.clear();
      failedAt = undefined;
      store.setState({ balances: [], loading: false, source: undefined, key: undefined, failed: false });
    },
    fetch: (force) => fetch(force),
    retry() {
      failedAt = undefined;
      return fetch('retry');
    },
  };
}
