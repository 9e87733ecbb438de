import { DEFAULT_API_URLS } from '../core/constants.js';
import type { Eip1193Provider, ResolvedOptions, WcAuthProvider } from '../core/types.js';

/** The part of @walletconnect/universal-provider the modal uses. */
export interface WcUniversalProvider extends Eip1193Provider {
  /** `chain` (CAIP-2) routes the request to that namespace's account (the default: the EVM chain). */
  request(args: { method: string; params?: unknown }, chain?: string): Promise<unknown>;
  on(event: string, listener: (...args: never[]) => void): unknown;
  removeListener(event: string, listener: (...args: never[]) => void): unknown;
  connect(params: { optionalNamespaces: Record<string, unknown> }): Promise<unknown>;
  disconnect(): Promise<void>;
  setDefaultChain(chain: string, rpcUrl?: string): void;
  session?: { namespaces: Record<string, { accounts: string[]; methods?: string[] }> };
  /** One-click auth (`wc_sessionAuthenticate`), used by SIWX. */
  authenticate: WcAuthProvider['authenticate'];
  client: { core: { verify: { isDevEnv?: boolean } } } & WcAuthProvider['client'];
}

/** True unless the relay is the hosted one: then domain verification (a hosted frame) is switched off. */
export function isLocalRelay(relayUrl: string): boolean {
  return relayUrl.replace(/\/+$/, '') !== DEFAULT_API_URLS.relay;
}

/** Loads the library as its own lazy chunk (only when the WalletConnect view opens). */
export async function loadUniversalProvider(options: ResolvedOptions, initOverrides: Record<string, unknown> = {}): Promise<WcUniversalProvider> {
  const { UniversalProvider } = await import('@walletconnect/universal-provider');
  const provider = await UniversalProvider.init({
    projectId: options.projectId,
    relayUrl: options.apiUrls.relay,
    metadata: options.metadata,
    telemetryEnabled: false,
    ...initOverrides,
  });
  const wc = provider as unknown as WcUniversalProvider;
  // Offline, the hosted verify frame never loads and every proposal waits 5 s: keep it for the hosted relay only.
  if (isLocalRelay(options.apiUrls.relay)) wc.client.core.verify.isDevEnv = true;
  return wc;
}
