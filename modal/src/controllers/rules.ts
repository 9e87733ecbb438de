import type { ResolvedOptions, SiwxController } from '../core/types.js';
import type { CoreControllers } from './core-controllers.js';
import type { ConnectionControllerDeps } from './connection-types.js';
import { shouldShowUnsupportedChain } from './networks.js';

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
export function connectionRules(bag: () => Omit<RuleControllers, 'connection'>): Pick<ConnectionControllerDeps, 'onSession' | 'onChainChanged' | 'onReset'> {
  return {
    onSession(session) {
      const c = bag();
      c.networks.setWalletChainId(session.chainId);
      c.account.setAccount('eip155', session.accounts[0], session.chainId, { name: session.connector.name, icon: session.connector.icon });
      refreshAccount(c);
      syncSiwx(c);
    },
    onChainChanged(chainId) {
      const c = bag();
      c.networks.setWalletChainId(chainId);
      const address = c.account.getState().byNamespace.eip155.address;
      if (address) c.account.setAccount('eip155', address, chainId);
      void c.account.fetchBalance();
      syncSiwx(c);
    },
    onReset() {
      const c = bag();
      c.account.resetAll();
      c.networks.reset();
      void c.siwx?.().then((siwx) => siwx.clearSessions()).catch(() => undefined);
    },
  };
}

/**
 * Which controller reacts to which: for each controller whose changes move others (the key), what follows each change
 * (state, previous), one rule per line. `createControllers` subscribes each once, in this order; the tests drive each rule.
 */
export function controllerRules(c: RuleControllers, options: Pick<ResolvedOptions, 'embedded' | 'enableNetworkSwitch' | 'allowUnsupportedChain'>) {
  const { connection, networks, modal, router, analytics } = c;
  const isConnected = () => connection.getState().status === 'connected';
  const track = (event: string, properties: Record<string, unknown>) => void analytics.sendEvent({ type: 'track', event, properties });
  const rules: { [K in 'connection' | 'networks' | 'modal']: Parameters<RuleControllers[K]['subscribe']>[0] } = {
    connection(state, previous) {
      // A connect is counted; it leads the embedded modal to Account (open or not), and closes any other open modal
      // unless sign-in is configured (its check then closes the modal or shows SIWXSignMessage).
      if (state.status === 'connected' && previous.status !== 'connected') {
        track('CONNECT_SUCCESS', { connector: state.connectorId });
        if (options.embedded) router.reset('Account');
        else if (modal.getState().open && !c.siwx) modal.close();
      }
      // A disconnect returns to Connect.
      if (state.status === 'disconnected' && previous.status === 'connected') router.reset('Connect');
      // A rejection in the wallet returns quietly from ConnectingExternal to Connect.
      if (state.connectRequest.status === 'rejected' && previous.connectRequest.status !== 'rejected' && router.getState().view === 'ConnectingExternal') {
        router.reset('Connect');
      }
    },
    networks(state, previous) {
      // A connected wallet on a chain the dapp does not support opens UnsupportedChain (unless the options allow it).
      if (shouldShowUnsupportedChain(state, options) && !previous.isUnsupported && isConnected()) modal.open({ view: 'UnsupportedChain' });
      // Back on a supported chain, UnsupportedChain gives way: to Account in the embedded modal, closed otherwise.
      if (!state.isUnsupported && previous.isUnsupported && router.getState().view === 'UnsupportedChain') {
        if (options.embedded) router.reset('Account');
        else modal.close();
      }
    },
    modal(state, previous) {
      // Opening is counted, and a connected account's balance and name are read again.
      if (state.open && !previous.open) {
        track('MODAL_OPEN', { connected: isConnected() });
        if (isConnected()) refreshAccount(c);
      }
      // Closing abandons a pending connect and network switch, and is counted.
      if (!state.open && previous.open) {
        connection.cancelConnect();
        networks.cancelSwitch();
        track('MODAL_CLOSE', { connected: isConnected() });
      }
    },
  };
  return rules;
}
