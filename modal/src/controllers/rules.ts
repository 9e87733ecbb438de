import type { ResolvedOptions, SiwxController, Store } from '../core/types.js';
import type { CoreControllers } from './core-controllers.js';
import type { ConnectionControllerDeps } from './connection-types.js';
import { shouldShowUnsupportedChain } from './networks.js';

/** A rule between controllers, not yet followed: `follow` subscribes it and returns its unsubscribe. */
export interface Rule {
  follow(): () => void;
}

/**
 * When what `test` says of `store`'s state turns true (or, `falling`, turns false), `then(state)` runs.
 * @example rule(modal, (s) => s.open, () => track('MODAL_OPEN')) // on each opening
 */
export function rule<S>(store: Store<S>, test: (state: S) => boolean, then: (state: S) => unknown, falling = false): Rule {
  return { follow: () => store.subscribe((state, previous) => test(state) !== test(previous) && test(state) !== falling && then(state)) };
}

/** What the rules use: the core controllers (analytics made lazily) and the sign-in feature when configured. */
export type RuleControllers = Pick<CoreControllers, 'modal' | 'router' | 'connection' | 'networks' | 'account' | 'analytics'> & {
  siwx?: () => Promise<SiwxController>;
};

/** The account's balance and name, read again (a session began, the modal opened while connected). */
function refreshAccount(c: Pick<RuleControllers, 'account'>) {
  void c.account.fetchBalance();
  void c.account.fetchIdentity();
}

/** Checks the sign-in session against the connected account; a sign-in that cannot load closes the modal. */
function syncSiwx(c: Pick<RuleControllers, 'siwx' | 'modal'>) {
  void c.siwx?.().then((siwx) => siwx.sync()).catch(() => c.modal.close());
}

/**
 * What the connection tells the others, as it happens (the connection controller calls these): a session sets the
 * account and the wallet's chain, a chain change moves them, the end of the connection resets them and the sign-in.
 */
export function connectionRules(c: Omit<RuleControllers, 'connection'>): Pick<ConnectionControllerDeps, 'onSession' | 'onChainChanged' | 'onReset'> {
  return {
    onSession(session) {
      c.networks.setWalletChainId(session.chainId);
      c.account.setAccount('eip155', session.accounts[0], session.chainId, { name: session.connector.name, icon: session.connector.icon });
      refreshAccount(c);
      syncSiwx(c);
    },
    onChainChanged(chainId) {
      c.networks.setWalletChainId(chainId);
      const address = c.account.getState().byNamespace.eip155.address;
      if (address) c.account.setAccount('eip155', address, chainId);
      void c.account.fetchBalance();
      syncSiwx(c);
    },
    onReset() {
      c.account.resetAll();
      c.networks.reset();
      void c.siwx?.().then((siwx) => siwx.clearSessions()).catch(() => undefined);
    },
  };
}

/**
 * Which controller reacts to which, in the order they run (each is one subscription, made once by `createControllers`).
 * The names say the rule; the tests drive each one.
 */
export function controllerRules(c: RuleControllers, options: Pick<ResolvedOptions, 'embedded' | 'enableNetworkSwitch' | 'allowUnsupportedChain'>) {
  const { connection, networks, modal, router, analytics } = c;
  const isConnected = () => connection.getState().status === 'connected';
  const track = (event: string, properties: Record<string, unknown>) => void analytics.sendEvent({ type: 'track', event, properties });
  const connectedNow = (state: { status: string }) => state.status === 'connected';
  const unsupported = (state: { isUnsupported: boolean }) => state.isUnsupported;
  const open = (state: { open: boolean }) => state.open;
  return {
    /**
     * A connect is counted (CONNECT_SUCCESS with its connector). It leads the embedded modal to Account (open or not),
     * and closes any other open modal unless sign-in is configured: its check then closes the modal or shows
     * SIWXSignMessage.
     */
    connectLeadsOn: rule(connection, connectedNow, (state) => {
      track('CONNECT_SUCCESS', { connector: state.connectorId });
      if (options.embedded) router.reset('Account');
      else if (modal.getState().open && !c.siwx) modal.close();
    }),
    /** A disconnect returns the modal to Connect. */
    disconnectShowsConnect: rule(connection, connectedNow, (state) => state.status === 'disconnected' && router.reset('Connect'), true),
    /** A rejection in the wallet returns quietly from ConnectingExternal to Connect. */
    rejectionShowsConnect: rule(
      connection,
      (state) => state.connectRequest.status === 'rejected',
      () => router.getState().view === 'ConnectingExternal' && router.reset('Connect'),
    ),
    /** A connected wallet on a chain the dapp does not support opens UnsupportedChain (unless the options allow it). */
    unsupportedChainOpens: rule(networks, unsupported, (state) => shouldShowUnsupportedChain(state, options) && isConnected() && modal.open({ view: 'UnsupportedChain' })),
    /** Back on a supported chain, UnsupportedChain gives way: to Account in the embedded modal, closed otherwise. */
    supportedChainLeaves: rule(
      networks,
      unsupported,
      () => router.getState().view === 'UnsupportedChain' && (options.embedded ? router.reset('Account') : modal.close()),
      true,
    ),
    /** Opening is counted (MODAL_OPEN), and a connected account's balance and name are read again. */
    openRefreshes: rule(modal, open, () => {
      track('MODAL_OPEN', { connected: isConnected() });
      if (isConnected()) refreshAccount(c);
    }),
    /** Closing abandons a pending connect and network switch, and is counted (MODAL_CLOSE). */
    closeCancels: rule(
      modal,
      open,
      () => {
        connection.cancelConnect();
        networks.cancelSwitch();
        track('MODAL_CLOSE', { connected: isConnected() });
      },
      true,
    ),
  } satisfies Record<string, Rule>;
}
