import type { ApiContext } from '../api/http.js';
import { assetImageUrl, currencyImageUrl, fetchWalletImage, fetchWallets, tokenImageUrl, walletImageUrl } from '../api/directory.js';
import type { WcWallet } from '../api/directory-types.js';
import {
  FEATURED_WALLETS_SIZE,
  IMAGE_PREFETCH_COUNT,
  IMAGE_PRELOAD_TIMEOUT_MS,
  RECENT_WALLETS_MAX,
  WALLET_PAGE_SIZE,
  WALLET_SEARCH_DEBOUNCE_MS,
  WALLET_SEARCH_LIMIT,
} from '../core/constants.js';
import { createStore } from '../core/store.js';
import type { Clock, ModalNetwork, ModalStorage, Store } from '../core/types.js';
import { STORAGE_KEYS } from '../core/core-constants.js';
import { readJson, writeJson } from '../storage-json.js';
import { log } from '../core/log.js';
import { safeImageUrl } from '../core/safe-url.js';

export interface DirectoryState {
  featured: WcWallet[];
  recommended: WcWallet[];
  /** AllWallets pages loaded so far (40 a page). */
  wallets: WcWallet[];
  page: number;
  count: number;
  loading: boolean;
  /** `error`: the last search failed (the service did not answer); the view offers to try again. */
  search: { query: string; results: WcWallet[]; loading: boolean; error?: string };
  recent: WcWallet[];
  /** image_id -> object URL or URL. */
  images: Record<string, string>;
  error?: string;
}

export interface DirectoryController extends Store<DirectoryState> {
  /** Featured and recommended (4 each); first call only unless `force`. */
  fetchInitial(force?: boolean): Promise<void>;
  fetchNextPage(): Promise<void>;
  /** Debounced search (up to 100 results); an empty query clears it. */
  search(query: string): void;
  addRecent(wallet: WcWallet): void;
  imageUrl(wallet: WcWallet): string | undefined;
  /** The directory's image of a network (by its CAIP-2 id), a token (by its symbol) or a fiat currency (by its code). */
  imageRouteUrl(kind: 'network' | 'token' | 'currency', id: string): string;
  /** A token's image, gated: the one its data names (`iconUrl`, `logoUri`), else the directory's image of its symbol. */
  tokenImage(token: { symbol: string; iconUrl?: string; logoUri?: string }): string | undefined;
  /** A network's image from the directory (by its CAIP-2 id), gated. */
  networkImage(network: { caipNetworkId: string }): string | undefined;
  /** A fiat currency's image from the directory (by its code), gated. */
  currencyImage(code: string): string | undefined;
}

export interface DirectoryControllerDeps {
  api: ApiContext;
  clock: Clock;
  storage: ModalStorage;
  /**
   * The app's networks, its featured wallet ids (shown first, in order), and include/exclude lists for every request
   * (the resolved options).
   */
  options: {
    networks: ModalNetwork[];
    featuredWalletIds?: string[];
    includeWalletIds?: string[];
    excludeWalletIds?: string[];
  };
  /** Blob -> URL for an `<img>` (URL.createObjectURL in a browser); without it images are not prefetched. */
  createObjectUrl?: (blob: Blob) => string;
}

/** Keeps wallets that support one of the app's chains (wallets without `chains` are kept). */
export function filterByChains(wallets: WcWallet[], chains: string[]): WcWallet[] {
  return wallets.filter((w) => !w.chains || w.chains.some((c) => chains.includes(c)));
}

/** Recent wallets: the newest first, no duplicates, at most 2. */
export function addRecentWallet(recent: WcWallet[], wallet: WcWallet): WcWallet[] {
  return [wallet, ...recent.filter((w) => w.id !== wallet.id)].slice(0, RECENT_WALLETS_MAX);
}

/** The wallet directory: pages of 40, 4 recommended, debounced search (up to 100), image prefetch, recents. */
export function createDirectoryController(deps: DirectoryControllerDeps): DirectoryController {
  const { options } = deps;
  const chains = [...new Set(options.networks.map((n) => n.caipNetworkId))];
  const chainsParam = chains.join(',');
  const list = (ids: string[] | undefined) => (ids?.length ? ids.join(',') : undefined);
  const featuredIds = (options.featuredWalletIds ?? []).slice(0, FEATURED_WALLETS_SIZE);
  /** `include`/`exclude` of the recommended, page and search requests. */
  const filter = { include: list(options.includeWalletIds), exclude: list(options.excludeWalletIds) };
  const imageRouteUrl = (kind: 'network' | 'token' | 'currency', id: string) =>
    (kind === 'network' ? assetImageUrl : kind === 'token' ? tokenImageUrl : currencyImageUrl)(deps.api, id);
  const store = createStore<DirectoryState>({
    featured: [],
    recommended: [],
    wallets: [],
    page: 0,
    count: 0,
    loading: false,
    search: { query: '', results: [], loading: false },
    recent: readJson<WcWallet[]>(deps.storage, STORAGE_KEYS.recentWallets)?.slice(0, RECENT_WALLETS_MAX) ?? [],
    images: {},
  });
  let initial: Promise<void> | undefined;
  let pageRequest: Promise<void> | undefined;
  let searchTimer: unknown;
  let searchSeq = 0;

  /** Each image gets 2 s; a slow or failed one falls back to its URL. */
  const prefetchImages = async (wallets: WcWallet[]) => {
    if (!deps.createObjectUrl) return;
    const known = store.getState().images;
    const ids = wallets
      .slice(0, IMAGE_PREFETCH_COUNT)
      .map((w) => w.image_id)
      .filter((id): id is string => Boolean(id) && !known[id as string]);
    const results = await Promise.allSettled(
      ids.map(async (id) => {
        const controller = new AbortController();
        const timer = deps.clock.setTimeout(() => controller.abort(), IMAGE_PRELOAD_TIMEOUT_MS);
        try {
          const blob = await Promise.race([
            fetchWalletImage(deps.api, id, { signal: controller.signal }),
            new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(new Error('Image preload timed out')))),
          ]);
          return [id, deps.createObjectUrl!(blob)] as const;
        } finally {
          deps.clock.clearTimeout(timer);
        }
      }),
    );
    const loaded = Object.fromEntries(results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])));
    if (Object.keys(loaded).length) store.setState((s) => ({ ...s, images: { ...s.images, ...loaded } }));
  };

  const runSearch = async (query: string) => {
    const seq = ++searchSeq;
    try {
      const result = await fetchWallets(deps.api, { page: 1, entries: WALLET_SEARCH_LIMIT, search: query, chains: chainsParam, ...filter });
      if (seq !== searchSeq) return;
      const results = filterByChains(result.data, chains).slice(0, WALLET_SEARCH_LIMIT);
      store.setState({ search: { query, results, loading: false } });
      void prefetchImages(results);
    } catch (error) {
      if (seq === searchSeq) store.setState({ search: { query, results: [], loading: false, error: error instanceof Error ? error.message : String(error) } });
    }
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    fetchInitial(force = false) {
      if (initial && !force) return initial;
      initial = (async () => {
        try {
          // The dapp's featured wallets (row 24: `include`) and the recommended ones, in parallel.
          const [chosen, suggested] = await Promise.all([
            featuredIds.length ? fetchWallets(deps.api, { page: 1, entries: featuredIds.length, chains: chainsParam, include: featuredIds.join(',') }) : undefined,
            featuredIds.length < FEATURED_WALLETS_SIZE
              ? fetchWallets(deps.api, {
                  page: 1,
                  entries: FEATURED_WALLETS_SIZE,
                  chains: chainsParam,
                  include: filter.include,
                  exclude: list([...(options.excludeWalletIds ?? []), ...featuredIds]),
                })
              : undefined,
          ]);
          const featured = featuredIds.flatMap((id) => chosen?.data.find((w) => w.id === id) ?? []);
          const recommended = filterByChains(suggested?.data ?? [], chains)
            .filter((w) => !featuredIds.includes(w.id))
            .slice(0, FEATURED_WALLETS_SIZE - featured.length);
          store.setState({ featured, recommended, error: undefined });
          await prefetchImages([...featured, ...recommended]);
        } catch (error) {
          log('error', 'Wallet directory failed', error);
          initial = undefined;
          store.setState({ error: error instanceof Error ? error.message : String(error) });
        }
      })();
      return initial;
    },
    fetchNextPage() {
      if (pageRequest) return pageRequest;
      const { page, count, wallets } = store.getState();
      if (page > 0 && wallets.length >= count) return Promise.resolve();
      store.setState({ loading: true });
      pageRequest = (async () => {
        try {
          const result = await fetchWallets(deps.api, { page: page + 1, entries: WALLET_PAGE_SIZE, chains: chainsParam, ...filter });
          const pageWallets = filterByChains(result.data, chains);
          const seen = new Set(store.getState().wallets.map((w) => w.id));
          store.setState((s) => ({
            ...s,
            wallets: [...s.wallets, ...pageWallets.filter((w) => !seen.has(w.id))],
            page: page + 1,
            count: result.count,
            loading: false,
            error: undefined,
          }));
          void prefetchImages(pageWallets);
        } catch (error) {
          log('error', 'Wallet directory page failed', error);
          store.setState({ loading: false, error: error instanceof Error ? error.message : String(error) });
        } finally {
          pageRequest = undefined;
        }
      })();
      return pageRequest;
    },
    search(query) {
      const trimmed = query.trim();
      if (searchTimer !== undefined) deps.clock.clearTimeout(searchTimer);
      searchTimer = undefined;
      if (!trimmed) {
        searchSeq++;
        store.setState({ search: { query: '', results: [], loading: false } });
        return;
      }
      store.setState((s) => ({ ...s, search: { ...s.search, query: trimmed, loading: true, error: undefined } }));
      searchTimer = deps.clock.setTimeout(() => {
        searchTimer = undefined;
        void runSearch(trimmed);
      }, WALLET_SEARCH_DEBOUNCE_MS);
    },
    addRecent(wallet) {
      const recent = addRecentWallet(store.getState().recent, wallet);
      writeJson(deps.storage, STORAGE_KEYS.recentWallets, recent);
      store.setState({ recent });
    },
    imageRouteUrl,
    tokenImage: (token) => safeImageUrl(token.iconUrl || token.logoUri || imageRouteUrl('token', token.symbol)),
    networkImage: (network) => safeImageUrl(imageRouteUrl('network', network.caipNetworkId)),
    currencyImage: (code) => safeImageUrl(imageRouteUrl('currency', code)),
    imageUrl(wallet) {
      if (wallet.image_id) return store.getState().images[wallet.image_id] ?? walletImageUrl(deps.api, wallet.image_id);
      return wallet.image_url;
    },
  };
}
