import type { ModalApiUrls, ModalFeatures } from './types.js';

/**
 * The constants the client and its core controllers use when the modal is created (options, toasts, the modal's
 * shake, the WalletConnect pairing's state, EIP-6963 discovery, the stored session's keys). The others are in
 * constants.ts, which re-exports these: a bundler splits by module, so a first load that imports only this module
 * leaves the rest (page sizes, caches, the request timeout) to the lazy chunks that use them.
 */

/** Hosted services (service-shapes.md); api-mocks replaces them locally through `apiUrls`. */
export const DEFAULT_API_URLS: ModalApiUrls = {
  blockchainApi: 'https://rpc.walletconnect.org',
  walletDirectory: 'https://api.web3modal.org',
  analytics: 'https://pulse.walletconnect.org',
  relay: 'wss://relay.walletconnect.org',
};

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

export const PAIRING_EXPIRY_MARGIN_MS = 10_000;
export const TOAST_SWAP_DELAY_MS = 150;
/** How long a success or error toast stays (ours: the spec gives none); loading stays until replaced. */
export const TOAST_DURATION_MS = 2500;
export const SHAKE_DURATION_MS = 500;
export const WALLET_CONNECT_CONNECTOR_ID = 'walletConnect';
export const LEGACY_INJECTED_CONNECTOR_ID = 'injected';

/** Storage keys the modal writes (one prefix, so disconnect can clear them). */
export const STORAGE_KEYS = {
  connectorId: 'mb:connectorId',
  /** The connected address, shown at once while a reload restores the session. */
  lastAddress: 'mb:lastAddress',
  /** The Solana session's connector (a second session beside the EVM one). */
  solanaConnectorId: 'mb:solana',
  recentWallets: 'mb:recentWallets',
  identityPrefix: 'mb:identity:',
} as const;
