import { adoptSession, optionalNamespacesOf } from '../connectors/walletconnect-session.js';
import type { WcUniversalProvider } from '../connectors/walletconnect.js';
import { followSession } from './connection-requests.js';
import { PAIRING_EXPIRY_MS } from '../core/constants.js';
import { log } from '../core/log.js';
import { isUserRejection } from '../errors.js';
import type { PairingContext } from './walletconnect-types.js';

/*
 * The WalletConnect controller's pairing and restore (controllers/walletconnect.ts keeps the state and starts the
 * provider's load): a chunk of its own, loaded with the first pairing or restore, so that a page that connects an
 * installed wallet never loads it.
 */

// Providers whose `display_uri` already fills the state (a provider that failed to load is replaced by a new one).
const listened = new WeakSet<WcUniversalProvider>();

/** The provider whose load the controller started, with its `display_uri` filling the state. */
async function providerOf(context: PairingContext, loading: Promise<WcUniversalProvider>): Promise<WcUniversalProvider> {
  const { deps, store } = context;
  const provider = await loading;
  if (!listened.has(provider)) {
    listened.add(provider);
    provider.on('display_uri', ((uri: string) => {
      store.setState({ status: 'ready', uri, pairingExpiry: deps.clock.now() + PAIRING_EXPIRY_MS, error: undefined });
    }) as (...args: never[]) => void);
  }
  return provider;
}

async function adopt(context: PairingContext, provider: WcUniversalProvider): Promise<boolean> {
  const { deps } = context;
  const { solana } = deps;
  const adopted = await adoptSession(provider, {
    ...deps,
    connector: context.connector,
    attachSession: (session) => deps.attachSession(session, followSession),
    adoptSolana: solana && ((wcProvider, account) => solana.load().then((controller) => controller.adoptWalletConnect(wcProvider, account))),
  });
  if (adopted) context.store.setState({ status: 'connected', uri: undefined });
  return adopted;
}

/** Pairing number `id`: proposes the session, then adopts it; a failure or a refusal ends in the 'error' state. */
export async function pair(context: PairingContext, id: number, loading: Promise<WcUniversalProvider>): Promise<void> {
  const { deps, store } = context;
  try {
    const provider = await providerOf(context, loading);
    const optionalNamespaces = optionalNamespacesOf(deps.networks());
    await (deps.siwx ? deps.siwx().then((siwx) => siwx.connectWalletConnect(provider, optionalNamespaces)) : provider.connect({ optionalNamespaces }));
    if (id !== context.runId) return;
    if (!(await adopt(context, provider))) throw new Error('The wallet approved no account');
  } catch (error) {
    if (id !== context.runId) return;
    // WalletConnect reports a declined proposal as 5000 (USER_REJECTED), injected wallets as 4001: both are rejections.
    const declined = isUserRejection(error);
    if (!declined) log('error', 'WalletConnect pairing failed', error);
    store.setState({ status: 'error', error: declined ? deps.messages.connectionDeclined : deps.messages.connectionFailed });
  }
}

/** Adopts the session the provider restored from its storage (reload while connected); false when none. */
export async function restore(context: PairingContext, loading: Promise<WcUniversalProvider>): Promise<boolean> {
  return adopt(context, await providerOf(context, loading));
}
