import { describe, expect, it, vi } from 'vitest';
import { createStore } from '../core/store.js';
import type { SiwxController, WalletSession } from '../core/types.js';
import type { ConnectionState } from './connection-types.js';
import type { NetworksState } from './networks-types.js';
import { createModalController } from './modal.js';
import { createRouterController } from './router.js';
import { connectionRules, controllerRules, type RuleControllers } from './rules.js';

const idle = { status: 'idle' } as const;
const disconnected: ConnectionState = { status: 'disconnected', connectors: [], connectRequest: idle };
const connected: ConnectionState = { ...disconnected, status: 'connected', connectorId: 'io.metamask' };
const onChain = { isUnsupported: false } as NetworksState;
const offChain = { isUnsupported: true } as NetworksState;

/**
 * The rules over a real router and modal, and stores standing for the connection and the networks, whose states the
 * tests set; every rule followed as `createControllers` follows them.
 */
function harness(options: { embedded?: boolean; allowUnsupportedChain?: boolean; siwx?: () => Promise<SiwxController> } = {}) {
  const router = createRouterController();
  const connection = Object.assign(createStore<ConnectionState>(disconnected), { cancelConnect: vi.fn() });
  const networks = Object.assign(createStore<NetworksState>(onChain), { cancelSwitch: vi.fn(), setWalletChainId: vi.fn(), reset: vi.fn() });
  const isConnected = () => connection.getState().status === 'connected';
  const modal = createModalController({ clock: { now: () => 0, setTimeout: () => 0, clearTimeout: () => undefined } as never, router, embedded: !!options.embedded, isConnected, openView: (view) => view ?? 'Connect' });
  const account = { fetchBalance: vi.fn(), fetchIdentity: vi.fn(), setAccount: vi.fn(), resetAll: vi.fn(), getState: () => ({ byNamespace: { eip155: { address: '0xabc' } } }) };
  const analytics = { sendEvent: vi.fn((_event: { event: string }) => Promise.resolve()) };
  const c = { router, connection, networks, modal, account, analytics, siwx: options.siwx } as unknown as RuleControllers;
  const rules = controllerRules(c, { embedded: !!options.embedded, enableNetworkSwitch: true, allowUnsupportedChain: !!options.allowUnsupportedChain });
  const offs = [connection.subscribe(rules.connection), networks.subscribe(rules.networks), modal.subscribe(rules.modal)];
  const events = () => analytics.sendEvent.mock.calls.map(([e]) => e.event);
  return { router, connection, networks, modal, account, analytics, events, stop: () => offs.forEach((off) => off()) };
}

describe('the rules between controllers', () => {
  it('the controllers whose changes move others are the connection, the networks and the modal', () => {
    const { modal, router, connection, networks, account, analytics } = harness();
    const rules = controllerRules({ modal, router, connection, networks, account, analytics } as unknown as RuleControllers, { embedded: false, enableNetworkSwitch: true, allowUnsupportedChain: false });
    expect(Object.keys(rules)).toEqual(['connection', 'networks', 'modal']);
  });

  it('a connect is tracked once with its connector, and closes the open modal', () => {
    const h = harness();
    h.modal.open();
    h.connection.setState(connected);
    h.connection.setState({ ...connected, connectors: [] });
    expect(h.events()).toEqual(['MODAL_OPEN', 'CONNECT_SUCCESS', 'MODAL_CLOSE']);
    expect(h.analytics.sendEvent).toHaveBeenCalledWith({ type: 'track', event: 'CONNECT_SUCCESS', properties: { connector: 'io.metamask' } });
    expect(h.modal.getState().open).toBe(false);
  });

  it('with sign-in configured, a connect leaves the modal open for its check', () => {
    const h = harness({ siwx: () => Promise.reject(new Error('not loaded')) });
    h.modal.open();
    h.connection.setState(connected);
    expect(h.modal.getState().open).toBe(true);
  });

  it('in the embedded modal a connect leads to Account, open or closed', () => {
    const h = harness({ embedded: true });
    h.connection.setState(connected);
    expect(h.router.getState().view).toBe('Account');
    expect(h.modal.getState().open).toBe(false);
  });

  it('a disconnect returns to Connect; a rejection does so only from ConnectingExternal', () => {
    const h = harness();
    h.connection.setState(connected);
    h.router.reset('Account');
    h.connection.setState(disconnected);
    expect(h.router.getState().view).toBe('Connect');

    h.router.push('AllWallets');
    h.connection.setState({ connectRequest: { status: 'rejected', connectorId: 'a' } });
    expect(h.router.getState().view).toBe('AllWallets');
    h.connection.setState({ connectRequest: idle });
    h.router.push('ConnectingExternal');
    h.connection.setState({ connectRequest: { status: 'rejected', connectorId: 'a' } });
    expect(h.router.getState().view).toBe('Connect');
    expect(h.router.getState().history).toEqual(['Connect']);
  });

  it('a connected wallet on an unsupported chain opens UnsupportedChain, and the modal closes when it is back', () => {
    const h = harness();
    h.networks.setState(offChain);
    expect(h.modal.getState().open).toBe(false); // not connected
    h.networks.setState(onChain);
    h.connection.setState(connected);
    h.networks.setState(offChain);
    expect(h.modal.getState().open).toBe(true);
    expect(h.router.getState().view).toBe('UnsupportedChain');
    h.networks.setState(onChain);
    expect(h.modal.getState().open).toBe(false);
  });

  it('the embedded modal goes to Account from UnsupportedChain; allowUnsupportedChain never opens it', () => {
    const embedded = harness({ embedded: true });
    embedded.connection.setState(connected);
    embedded.networks.setState(offChain);
    expect(embedded.router.getState().view).toBe('UnsupportedChain');
    embedded.networks.setState(onChain);
    expect(embedded.router.getState().view).toBe('Account');
    expect(embedded.modal.getState().open).toBe(true);

    const allowed = harness({ allowUnsupportedChain: true });
    allowed.connection.setState(connected);
    allowed.networks.setState(offChain);
    expect(allowed.modal.getState().open).toBe(false);
  });

  it('opening while connected reads the balance and the name again; closing cancels a pending connect and switch', () => {
    const h = harness();
    h.modal.open();
    expect(h.account.fetchBalance).not.toHaveBeenCalled();
    expect(h.analytics.sendEvent).toHaveBeenCalledWith({ type: 'track', event: 'MODAL_OPEN', properties: { connected: false } });
    h.modal.close();
    expect(h.connection.cancelConnect).toHaveBeenCalledTimes(1);
    expect(h.networks.cancelSwitch).toHaveBeenCalledTimes(1);
    h.connection.setState(connected);
    h.modal.open();
    expect(h.account.fetchBalance).toHaveBeenCalledTimes(1);
    expect(h.account.fetchIdentity).toHaveBeenCalledTimes(1);
    expect(h.events()).toEqual(['MODAL_OPEN', 'MODAL_CLOSE', 'CONNECT_SUCCESS', 'MODAL_OPEN']);
  });

  it('a rule stops with its unsubscribe', () => {
    const h = harness();
    h.stop();
    h.modal.open();
    h.connection.setState(connected);
    expect(h.events()).toEqual([]);
    expect(h.modal.getState().open).toBe(true);
  });
});

describe('what the connection tells the others', () => {
  const session = { chainId: 56, accounts: ['0xabc'], connector: { name: 'Wallet', icon: 'data:,' } } as unknown as WalletSession;
  function others(siwx?: SiwxController | 'fails') {
    const h = harness();
    const load = siwx === 'fails' ? () => Promise.reject(new Error('offline')) : siwx && (() => Promise.resolve(siwx));
    const { connection: _, ...rest } = { ...h, siwx: load };
    return { h, rules: connectionRules(() => rest as unknown as Omit<RuleControllers, 'connection'>) };
  }

  it('a session sets the wallet chain and the account, reads them, and checks the sign-in', async () => {
    const siwx = { sync: vi.fn(() => Promise.resolve()), clearSessions: vi.fn(() => Promise.resolve()) } as unknown as SiwxController;
    const { h, rules } = others(siwx);
    rules.onSession(session);
    expect(h.networks.setWalletChainId).toHaveBeenCalledWith(56);
    expect(h.account.setAccount).toHaveBeenCalledWith('eip155', '0xabc', 56, { name: 'Wallet', icon: 'data:,' });
    expect(h.account.fetchBalance).toHaveBeenCalledTimes(1);
    expect(h.account.fetchIdentity).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(siwx.sync).toHaveBeenCalledTimes(1));

    rules.onChainChanged(97);
    expect(h.account.setAccount).toHaveBeenLastCalledWith('eip155', '0xabc', 97);
    await vi.waitFor(() => expect(siwx.sync).toHaveBeenCalledTimes(2));

    rules.onReset();
    expect(h.account.resetAll).toHaveBeenCalledTimes(1);
    expect(h.networks.reset).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(siwx.clearSessions).toHaveBeenCalledTimes(1));
  });

  it('a sign-in that cannot load closes the modal', async () => {
    const { h, rules } = others('fails');
    h.modal.open();
    rules.onSession(session);
    await vi.waitFor(() => expect(h.modal.getState().open).toBe(false));
  });
});
