// What the first load uses is in core-constants.ts (re-exported here, but for the storage keys, which storage.ts
// exports): this module's own constants load with the lazy chunks that use them.
export {
  DEFAULT_API_URLS,
  DEFAULT_FEATURES,
  SDK_TYPE,
  SDK_VERSION,
  PAIRING_EXPIRY_MARGIN_MS,
  TOAST_SWAP_DELAY_MS,
  TOAST_DURATION_MS,
  SHAKE_DURATION_MS,
  WALLET_CONNECT_CONNECTOR_ID,
  LEGACY_INJECTED_CONNECTOR_ID,
} from './core-constants.js';

/** The hosted profile service's zone (spec section 9, "a fixed provider zone"): the default of `nameZone`. */
export const DEFAULT_NAME_ZONE = 'reown.id';

// Spec section 9 constants.
export const WALLET_PAGE_SIZE = 40;
export const FEATURED_WALLETS_SIZE = 4;
export const WALLET_SEARCH_LIMIT = 100;
export const WALLET_SEARCH_DEBOUNCE_MS = 300;
export const IMAGE_PREFETCH_COUNT = 20;
export const IMAGE_PRELOAD_TIMEOUT_MS = 2000;
export const RECENT_WALLETS_MAX = 2;
export const BALANCE_CACHE_MS = 30_000;
/** After a failed balance fetch, no retry for 30 s. */
export const BALANCE_RETRY_BLOCK_MS = 30_000;
export const IDENTITY_CACHE_MS = 5 * 60_000;
export const PAIRING_EXPIRY_MS = 4 * 60_000;
export const BALANCE_DISPLAY_DECIMALS = 3;

/**
 * The modal’s one timeout policy: how long any request may take before it fails (viem's
 * http default), for a node's JSON-RPC and every api call. Kept here, beside the page sizes and caches of the
 * lazy chunks: a module of its own would be a chunk of its own in a dapp's bundle, which costs more than its few bytes.
 */
export const REQUEST_TIMEOUT_MS = 10_000;

/** The abort signal of that policy: a server that accepts the connection but never answers must not leave the caller waiting for ever. */
export const timeoutSignal = (timeoutMs = REQUEST_TIMEOUT_MS): AbortSignal => AbortSignal.timeout(timeoutMs);
