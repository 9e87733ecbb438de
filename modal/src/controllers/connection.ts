import { createStore } from '../core/store.js';
import type { WalletSession } from '../core/types.js';
import { STORAGE_KEYS } from '../core/core-constants.js';
import type { ConnectionController, ConnectionControllerDeps, ConnectionExtension, ConnectionRequestContext, ConnectionState, FollowSession } from './connection-types.js';

export type * from './connection-types.js';

/** Connection: disconnected -> connecting -> connected -> disconnected, with the connect request's state. */
export function createConnectionController(deps: ConnectionControllerDeps): ConnectionController {
  const text = deps.messages;
  const store = createStore<ConnectionState>({
    status: 'disconnected',
    connectors: deps.discovery.getConnectors(),
    connectRequest: { status: 'idle' },
  });
  let session: WalletSession | undefined;
  let unwatch: (() => void) | undefined;
  let lastConnectorId: string | undefined;
  // Bumped by every connect, reconnect and cancel: a request answers only while its number is current.
  let attempt = 0;

  let extension: ConnectionExtension | undefined;
  /** The status with no request pending: connected while a session is (EVM, or the second one its chunk writes). */
  const idle = () => (session || store.getState().solanaConnectorId ? 'connected' : 'disconnected');
  deps.discovery.subscribe((connectors) => store.setState({ connectors }));

  const endLocally = () => {
    unwatch?.();
    unwatch = undefined;
    session = undefined;
    forget();
    // The other session stays (its chunk follows the change: the EVM account resets, the other shows).
    const other = store.getState().solanaConnectorId;
    if (!other) deps.onReset();
    store.setState({ status: idle(), connectorId: other });
  };

  const forget = () => {
    deps.storage.removeItem(STORAGE_KEYS.connectorId);
    deps.storage.removeItem(STORAGE_KEYS.lastAddress);
    store.setState({ restoringAddress: undefined });
  };

  // Bumped by every attach: a late requests chunk follows only the session it was loaded for.
  let attached = 0;

  const attachSession = (next: WalletSession, follow?: FollowSession) => {
    unwatch?.();
    unwatch = undefined;
    session = next;
    const mine = ++attached;
    deps.storage.setItem(STORAGE_KEYS.connectorId, next.connector.id);
    deps.storage.setItem(STORAGE_KEYS.lastAddress, next.accounts[0]);
    // The wallet's events and the accounts' checksum are followed by the requests' chunk: at once from a caller that
    // has it (a connect, a restore, a WalletConnect pairing), else once it arrives.
    if (follow) follow(context, next);
    else void requests().then((m) => mine === attached && session && m.followSession(context, next), () => undefined);
    const wasDisconnected = store.getState().status !== 'connected';
    deps.onSession(next);
    store.setState({
      status: 'connected',
      connectorId: next.connector.id,
      restoringAddress: undefined,
      // A change from disconnected to connected resets the connect request's state.
      ...(wasDisconnected ? { connectRequest: { status: 'idle' as const } } : {}),
    });
  };

  // The wallet requests of a connect and of the restore on load are a chunk of their own, loaded on the first of them:
  // a page with no stored session loads it only when the person connects.
  const requests = () => import('./connection-requests.js');
  const context: ConnectionRequestContext = {
    deps,
    store,
    isCurrent: (mine) => mine === attempt,
    idle,
    forget,
    attachSession,
    session: () => session,
    setSession: (next) => (session = next),
    watching: (stop) => (unwatch = stop),
    extension: () => extension,
    endLocally,
  };

  const connect = async (connectorId: string) => {
    lastConnectorId = connectorId;
    const routed = extension?.connect(connectorId);
    if (routed) return routed;
    const connector = store.getState().connectors.find((c) => c.id === connectorId);
    const provider = deps.discovery.getProvider(connectorId);
    if (!connector || !provider) {
      store.setState({ connectRequest: { status: 'failed', connectorId, message: text.connectionFailed } });
      return;
    }
    const mine = ++attempt;
    store.setState({ status: 'connecting', connectRequest: { status: 'pending', connectorId } });
    await requests().then(
      (m) => m.requestSession(context, mine, connector, provider),
      // The chunk did not load: the request failed as any other failure does.
      (error: unknown) => {
        void import('../core/log.js').then((m) => m.log('error', `Connecting ${connectorId} failed`, error), () => undefined);
        if (mine === attempt) store.setState({ status: idle(), connectRequest: { status: 'failed', connectorId, message: text.connectionFailed } });
      },
    );
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    connect,
    async retry() {
      const request = store.getState().connectRequest;
      const id = 'connectorId' in request ? request.connectorId : lastConnectorId;
      if (id) await connect(id);
    },
    // Ending the sessions is a request of the requests' chunk (loaded by then with any session but a WalletConnect one).
    disconnect: () => (session || extension ? requests().then((m) => m.endSessions(context)) : Promise.resolve()),
    async reconnect() {
      const storedId = deps.storage.getItem(STORAGE_KEYS.connectorId);
      if (!storedId || session) return false;
      const mine = ++attempt;
      // At once, from storage: the session's address while the wallet confirms it in the background.
      store.setState({ status: 'connecting', restoringAddress: deps.storage.getItem(STORAGE_KEYS.lastAddress) ?? undefined });
      return requests().then(
        (m) => m.restoreSession(context, mine, storedId),
        // The chunk did not load: the stored session stays for the next load.
        () => {
          if (mine === attempt) store.setState({ status: idle(), restoringAddress: undefined });
          return false;
        },
      );
    },
    resetConnectRequest() {
      store.setState({ connectRequest: { status: 'idle' } });
    },
    cancelConnect() {
      if (store.getState().status !== 'connecting') return;
      attempt++;
      store.setState({ status: idle(), connectRequest: { status: 'idle' }, restoringAddress: undefined });
    },
    getProvider: () => session?.provider,
    attachSession,
    extend(next) {
      extension = next;
      return store.setState;
    },
  };
}
