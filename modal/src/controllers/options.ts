import { DEFAULT_API_URLS, DEFAULT_FEATURES, SDK_TYPE, SDK_VERSION } from '../core/core-constants.js';
import { coreMessages as messages } from '../texts/core-messages.js';
import type { ModalOptions, ResolvedOptions } from '../core/types.js';

/**
 * Applies the defaults: hosted api URLs, features (swaps, onramp, receive, send on), WalletConnect on,
 * unsupported chains not allowed.
 */
export function resolveOptions(options: ModalOptions): ResolvedOptions {
  if (!options.networks?.length) throw new Error('createModal: `networks` needs at least one network');
  const trim = (url: string) => url.replace(/\/+$/, '');
  const apiUrls = { ...DEFAULT_API_URLS, ...options.apiUrls };
  return {
    projectId: options.projectId,
    networks: options.networks,
    metadata: options.metadata,
    features: { ...DEFAULT_FEATURES, ...options.features },
    apiUrls: {
      blockchainApi: trim(apiUrls.blockchainApi),
      walletDirectory: trim(apiUrls.walletDirectory),
      analytics: trim(apiUrls.analytics),
      relay: apiUrls.relay,
      ...(apiUrls.embeddedWallet ? { embeddedWallet: trim(apiUrls.embeddedWallet) } : {}),
    },
    themeMode: options.themeMode ?? 'light',
    enableWalletConnect: options.enableWalletConnect ?? true,
    enableInjected: options.enableInjected ?? true,
    enableNetworkSwitch: options.enableNetworkSwitch ?? true,
    allowUnsupportedChain: options.allowUnsupportedChain ?? false,
    embedded: options.embedded ?? false,
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.texts ? { texts: options.texts } : {}),
    featuredWalletIds: [...new Set(options.featuredWalletIds ?? [])].filter((id) => !options.excludeWalletIds?.includes(id)),
    includeWalletIds: options.includeWalletIds ?? [],
    excludeWalletIds: options.excludeWalletIds ?? [],
    siwx: options.siwx,
    customRpcUrls: options.customRpcUrls ?? {},
    // Defaulted and checked where names are used (their lazy chunk), not on the first click.
    nameZone: options.nameZone,
    messages: { ...messages, ...options.locale?.messages, ...options.texts?.messages },
    sdkType: SDK_TYPE,
    sdkVersion: SDK_VERSION,
  };
}
