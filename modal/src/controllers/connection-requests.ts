import { getAuthorizedAccounts, getChainId, requestAccounts } from '../connectors/injected-requests.js';
import { watchProvider } from '../connectors/injected.js';
import { waitForProvider } from '../connectors/wait-for-provider.js';
import { WALLET_CONNECT_CONNECTOR_ID } from '../core/constants.js';
import { log } from '../core/log.js';
import type { ConnectorInfo, Eip1193Provider, WalletSession } from '../core/types.js';
import { isUserRejection, ModalError } from '../errors.js';
import type { ConnectionRequestContext } from './connection-types.js';

/*
 * The connection controller's wallet requests (controllers/connection.ts keeps the state and the session): a chunk of
 * its own, loaded with the first connect or the restore of a stored session.
 */

/** Request number `mine`: asks the wallet for its accounts and chain, and adopts them while the request is current. */
export async function requestSession(ctx: ConnectionRequestContext, mine: number, connector: ConnectorInfo, provider: Eip1193Provider): Promise<void> {
  const connectorId = connector.id;
  // Cancelled while this chunk loaded: the wallet is not asked.
  if (!ctx.isCurrent(mine)) return;
  try {
    const accounts = await requestAccounts(provider);
    const chainId = await getChainId(provider);
    if (ctx.isCurrent(mine)) ctx.attachSession({ provider, connector, accounts, chainId }, followSession);
  } catch (error) {
    if (!isUserRejection(error)) log('error', `Connecting ${connectorId} failed`, error);
    if (!ctx.isCurrent(mine)) return;
    ctx.store.setState({
      status: ctx.idle(),
      connectRequest: isUserRejection(error)
        ? { status: 'rejected', connectorId }
        : { status: 'failed', connectorId, message: error instanceof ModalError ? error.shortMessage : ctx.deps.messages.connectionFailed },
    });
  }
}

/** Restore number `mine` of the stored connector: true when its wallet still authorizes the session. */
export async function restoreSession(ctx: ConnectionRequestContext, mine: number, storedId: string): Promise<boolean> {
  const { deps, store } = ctx;
  if (storedId === WALLET_CONNECT_CONNECTOR_ID || storedId === 'auth') {
    const { walletConnect, embedded, mountShell } = deps;
    // The embedded wallet's frame lives in the modal: its shell mounts first.
    const restore = storedId === 'auth' ? mountShell && embedded && (() => mountShell().then(() => embedded.load()).then((wallet) => wallet.restore())) : walletConnect && (() => walletConnect.restore());
    const restored = (await restore?.().catch(() => false)) ?? false;
    if (!restored && ctx.isCurrent(mine)) {
      ctx.forget();
      store.setState({ status: ctx.idle() });
    }
    return restored;
  }
  const provider = await waitForProvider(deps.discovery, deps.clock, storedId, deps.reconnectWaitMs ?? 1000);
  const connector = deps.discovery.getConnectors().find((c) => c.id === storedId);
  const accounts = provider ? await getAuthorizedAccounts(provider) : [];
  if (!ctx.isCurrent(mine)) return false;
  if (!provider || !connector || accounts.length === 0) {
    ctx.forget();
    store.setState({ status: ctx.idle() });
    return false;
  }
  try {
    const chainId = await getChainId(provider);
    if (!ctx.isCurrent(mine)) return false;
    ctx.attachSession({ provider, connector, accounts, chainId }, followSession);
    return true;
  } catch {
    if (ctx.isCurrent(mine)) store.setState({ status: ctx.idle(), restoringAddress: undefined });
    return false;
  }
}

/** Ends the sessions: the other one first, then the EVM one (its wallet told when it can be); ended here even if that fails. */
export async function endSessions(ctx: ConnectionRequestContext): Promise<void> {
  const current = ctx.session();
  await ctx.extension()?.disconnect();
  if (!current) return;
  try {
    await current.endSession?.();
  } catch (cause) {
    ctx.endLocally();
    throw new ModalError(ctx.deps.messages.failedToDisconnect, { cause });
  }
  ctx.endLocally();
}

/**
 * Follows `current`, the session just attached: adopts its accounts in EIP-55 once that chunk has loaded (a wallet in
 * lower case changes on screen), and its wallet's account, chain and disconnect events.
 */
export function followSession(ctx: ConnectionRequestContext, current: WalletSession): void {
  const { deps } = ctx;
  const checksum = (of: WalletSession) =>
    void deps.checksum?.().then((toChecksum) => {
      const accounts = toChecksum(of.accounts);
      if (ctx.session() !== of || accounts.join() === of.accounts.join()) return;
      const next = { ...of, accounts };
      ctx.setSession(next);
      deps.onSession(next);
    });
  checksum(current);
  ctx.watching(
    watchProvider(current.provider, {
      accountsChanged(accounts) {
        const session = ctx.session();
        if (!session) return;
        if (accounts.length === 0) return ctx.endLocally();
        const next = { ...session, accounts };
        ctx.setSession(next);
        deps.onSession(next);
        checksum(next);
      },
      chainChanged(chainId) {
        const session = ctx.session();
        if (!session) return;
        ctx.setSession({ ...session, chainId });
        deps.onChainChanged(chainId);
      },
      disconnect() {
        if (ctx.session()) ctx.endLocally();
      },
    }),
  );
}
