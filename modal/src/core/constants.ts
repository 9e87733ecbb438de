import type { ModalApiUrls, ModalFeatures } from './types.js';

/** Hosted services (service-shapes.md); api-mocks replaces them locally through `apiUrls`. */
export const DEFAULT_API_URLS: ModalApiUrls = {
  blockchainApi: 'https://rpc.walletconnect.org',
  walletDirectory: 'https://api.web3modal.org',
  analytics: 'https://pulse.walletconnect.org',
  relay: 'wss://relay.walletconnect.org',
};

/** The hosted profile service's zone (spec section 9, "a fixed provider zone"): the default of `nameZone`. */
export const DEFAULT_NAME_ZONE = 'reown.id';

/** Spec section 9: swaps, onramp, receive and send are on by default. */
export const DEFAULT_FEATURES: ModalFeatures = {
  swaps: true,
  onramp: true,
  receive: true,
  send: true,
  analytics: true,
};

/** `st` / `sv` query parameters (the hosted services expect the AppKit SDK type). */
export const SDK_TYPE = 'appkit';
export const SDK_VERSION = 'html-minibot-modal-0.1.0';

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
export const PAIRING_EXPIRY_MARGIN_MS = 10_000;
export const BALANCE_DISPLAY_DECIMALS = 3;
export const TOAST_SWAP_DELAY_MS = 150;
/** How long a success or error toast stays (ours: the spec gives none); loading stays until replaced. */
export const TOAST_DURATION_MS = 2500;
export const SHAKE_DURATION_MS = 500;
export const WALLET_CONNECT_CONNECTOR_ID = 'walletConnect';
export const LEGACY_INJECTED_CONNECTOR_ID = 'injected';

/**
 * The modal’s one timeout policy: how long any request may take before it fails (viem's
 * http default), for a node's JSON-RPC and every api call. Kept here, in a chunk the first click loads anyway: a
 * module of its own would be a chunk of its own in a dapp's bundle, which costs more than its few bytes.
 */
export const REQUEST_TIMEOUT_MS = 10_000;

/** The abort signal of that policy: a server that accepts the connection but never answers must not leave the caller waiting for ever. */
export const timeoutSignal = (timeoutMs = REQUEST_TIMEOUT_MS): AbortSignal => AbortSignal.timeout(timeoutMs);
