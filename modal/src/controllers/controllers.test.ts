import { createDirectoryController } from './directory.js';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { WcWallet } from '../api/directory-types.js';
import {
  BALANCE_CACHE_MS,
  BALANCE_RETRY_BLOCK_MS,
  FEATURED_WALLETS_SIZE,
  IDENTITY_CACHE_MS,
  IMAGE_PREFETCH_COUNT,
  IMAGE_PRELOAD_TIMEOUT_MS,
  RECENT_WALLETS_MAX,
  WALLET_PAGE_SIZE,
  WALLET_SEARCH_DEBOUNCE_MS,
  WALLET_SEARCH_LIMIT,
} from '../core/constants.js';
import { createFakeClock, createFakeFetch, createFakeWallet, flush, json, testOptions, type FakeRoute } from '../core/testing.js';
import type { ModalOptions } from '../core/types.js';
import { createEip6963Discovery, type DiscoveryTarget } from '../connectors/eip6963.js';
import { messages } from '../texts/messages.js';
import { createMemoryStorage, STORAGE_KEYS } from '../storage.js';
import { createControllers, type ControllerDeps } from './index.js';
import { resolveOptions } from './options.js';

// The balance fetch and the chain switch are lazy modules; loaded once here so that their dynamic imports resolve within a flush.
beforeAll(() => Promise.all([import('./account-balance.js'), import('../core/address.js'), import('../connectors/switch-chain.js')]));
import { shouldShowUnsupportedChain } from './networks.js';

const ADDRESS = '0x1111111111111111111111111111111111111111';

function announce(target: EventTarget, rdns: string, provider: unknown, name = 'Test Wallet') {
  target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: rdns, name, icon: 'data:image/svg+xml,<svg/>', rdns }, provider } }));
}

function setup(
  opts: {
    options?: Partial<ModalOptions>;
    route?: FakeRoute;
    storage?: ReturnType<typeof createMemoryStorage>;
    walletChainId?: number;
    isMobile?: boolean;
    mountShell?: ControllerDeps['mountShell'];
  } = {},
) {
  const clock = createFakeClock();
  const wallet = createFakeWallet({ chainId: opts.walletChainId ?? 56, knownChains: [56] });
  const target = new EventTarget() as EventTarget & DiscoveryTarget;
  target.addEventListener('eip6963:requestProvider', () => announce(target, 'com.test.wallet', wallet.provider));
  const discovery = createEip6963Discovery(target);
  const fetch = createFakeFetch(
    opts.route ??
      ((r) => {
        if (r.url.includes('/v1/supported-chains')) return json({ http: ['eip155:56'], ws: [] });
        if (r.url.includes('/balance')) return json({ balances: [{ name: 'BNB', symbol: 'BNB', chainId: 'eip155:56', price: 1, quantity: { decimals: '18', numeric: '2.5' }, iconUrl: '' }] });
        if (r.url.includes('/v1/identity/')) return json({ name: 'alice.reown.id', avatar: 'https://img/a.png' });
        return undefined;
      }),
  );
  const storage = opts.storage ?? createMemoryStorage();
  const readNativeBalance = vi.fn(async () => 3_000_000_000_000_000_000n);
  const controllers = createControllers({
    createDirectory: createDirectoryController,
    options: resolveOptions(testOptions(opts.options)),
    fetch,
    storage,
    clock,
    isMobile: opts.isMobile ?? false,
    discovery,
    loadWalletConnect: () => Promise.reject(new Error('not in this test')),
    readNativeBalance,
    reconnectWaitMs: 100,
    mountShell: opts.mountShell,
    createObjectUrl: (() => {
      let n = 0;
      return () => `blob:test/${++n}`;
    })(),
  });
  discovery.start();
  return { clock, wallet, target, discovery, fetch, storage, controllers, readNativeBalance };
}

describe('connection', () => {
  it("a stored embedded wallet's session is restored by the embedded wallet once the modal's shell (where its frame lives) mounted", async () => {
    const storage = createMemoryStorage();
    storage.setItem(STORAGE_KEYS.connectorId, 'auth');
    const mountShell = vi.fn(async () => {});
    const { controllers } = setup({ storage, mountShell });
    // No frame opens in this test: the restore fails, and the stored session is forgotten.
    expect(await controllers.connection.reconnect()).toBe(false);
    expect(mountShell).toHaveBeenCalledWith(controllers);
    expect(controllers.embedded.current).toBeDefined();
    expect(storage.getItem(STORAGE_KEYS.connectorId)).toBeNull();
  });

  it('disconnected -> connecting -> connected; the account, chain and stored connector id follow', async () => {
    const { controllers, storage } = setup();
    const statuses: string[] = [];
    controllers.connection.subscribe((s, p) => s.status !== p.status && statuses.push(s.status));
    expect(controllers.connection.getState().connectors).toEqual([
      { id: 'com.test.wallet', name: 'Test Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'com.test.wallet', type: 'ANNOUNCED' },
    ]);
    await controllers.connection.connect('com.test.wallet');
    expect(statuses).toEqual(['connecting', 'connected']);
    expect(controllers.getAccount()).toEqual({
      address: ADDRESS,
      isConnected: true,
      status: 'connected',
      chainId: 56,
      caipAddress: `eip155:56:${ADDRESS}`,
      connectorId: 'com.test.wallet',
    });
    expect(storage.getItem(STORAGE_KEYS.connectorId)).toBe('com.test.wallet');
    expect(controllers.account.getState().byNamespace.eip155.connectedWalletInfo).toEqual({ name: 'Test Wallet', icon: 'data:image/svg+xml,<svg/>' });
  });

  it('a reload restores from storage at once: connecting with the last address, confirmed in the background, forgotten when the wallet no longer authorizes it', async () => {
    const first = setup();
    await first.controllers.connection.connect('com.test.wallet');
    expect(first.storage.getItem(STORAGE_KEYS.lastAddress)).toBe(ADDRESS);

    const again = setup({ storage: first.storage });
    again.wallet.state.authorized = true;
    const restoring = again.controllers.connection.reconnect();
    expect(again.controllers.connection.getState()).toMatchObject({ status: 'connecting', restoringAddress: ADDRESS });
    expect(await restoring).toBe(true);
    expect(again.controllers.connection.getState()).toMatchObject({ status: 'connected', restoringAddress: undefined });

    const revoked = setup({ storage: first.storage });
    const failing = revoked.controllers.connection.reconnect();
    expect(revoked.controllers.connection.getState().restoringAddress).toBe(ADDRESS);
    expect(await failing).toBe(false);
    expect(revoked.controllers.connection.getState()).toMatchObject({ status: 'disconnected', restoringAddress: undefined });
    expect(first.storage.getItem(STORAGE_KEYS.lastAddress)).toBeNull();
  });

  it('shows and hands out EIP-55 addresses whatever case the wallet answers in (connect, a changed account, reconnect)', async () => {
    const { controllers, wallet, storage } = setup();
    wallet.state.account = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
    await controllers.connection.connect('com.test.wallet');
    // The checksum's chunk loads behind the feature loaders: the address changes a moment after it first shows.
    await vi.waitFor(() => expect(controllers.getAccount()).toMatchObject({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', caipAddress: 'eip155:56:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }));
    wallet.provider.emit('accountsChanged', ['0x70997970C51812DC3A010C7D01B50E0D17DC79C8']);
    await vi.waitFor(() => expect(controllers.getAccount().address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8'));

    const again = setup({ storage });
    again.wallet.state.account = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
    again.wallet.state.authorized = true;
    expect(await again.controllers.connection.reconnect()).toBe(true);
    await vi.waitFor(() => expect(again.controllers.getAccount().address).toBe('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'));
    // A session another controller attaches (WalletConnect, in lower case) too.
    const wc = setup();
    wc.controllers.connection.attachSession({ provider: wc.wallet.provider, connector: { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT' }, accounts: ['0x90f79bf6eb2c4f870365e785982e1f101e93b906'], chainId: 56 });
    await vi.waitFor(() => expect(wc.controllers.getAccount().address).toBe('0x90F79bf6EB2c4f870365E785982E1f101E93b906'));
  });

  it('a user rejection (4001) returns quietly to Connect; another failure offers retry', async () => {
    const { controllers, wallet } = setup();
    controllers.modal.open();
    controllers.router.push('ConnectingExternal', { connectorId: 'com.test.wallet' });
    wallet.state.rejectConnect = true;
    await controllers.connection.connect('com.test.wallet');
    expect(controllers.connection.getState()).toMatchObject({ status: 'disconnected', connectRequest: { status: 'rejected', connectorId: 'com.test.wallet' } });
    expect(controllers.router.getState().view).toBe('Connect');
    expect(controllers.toasts.getState().open).toBe(false);

    wallet.state.rejectConnect = false;
    const request = wallet.provider.request;
    wallet.provider.request = async (args) => {
      if (args.method === 'eth_requestAccounts') throw { code: -32002, message: 'Request already pending' };
      return request(args);
    };
    controllers.router.push('ConnectingExternal', { connectorId: 'com.test.wallet' });
    await controllers.connection.connect('com.test.wallet');
    expect(controllers.connection.getState().connectRequest).toEqual({ status: 'failed', connectorId: 'com.test.wallet', message: 'Request already pending' });
    expect(controllers.router.getState().view).toBe('ConnectingExternal');
    wallet.provider.request = request;
    await controllers.connection.retry();
    expect(controllers.connection.getState().status).toBe('connected');
  });

  it('a change from disconnected to connected resets the connect request state', async () => {
    const { controllers, wallet } = setup();
    wallet.state.rejectConnect = true;
    await controllers.connection.connect('com.test.wallet');
    expect(controllers.connection.getState().connectRequest.status).toBe('rejected');
    wallet.state.rejectConnect = false;
    await controllers.connection.connect('com.test.wallet');
    expect(controllers.connection.getState().connectRequest).toEqual({ status: 'idle' });
  });

  it('closing the modal abandons a connect the wallet never answers: disconnected at once, the late answer dropped, a new connect works', async () => {
    const { controllers, wallet } = setup();
    const request = wallet.provider.request;
    let answerLate: ((accounts: string[]) => void) | undefined;
    wallet.provider.request = async (args) => {
      if (args.method === 'eth_requestAccounts' && !answerLate) return new Promise((resolve) => (answerLate = resolve));
      return request(args);
    };
    controllers.modal.open();
    controllers.router.push('ConnectingExternal', { connectorId: 'com.test.wallet' });
    const pending = controllers.connection.connect('com.test.wallet');
    await flush();
    expect(controllers.connection.getState()).toMatchObject({ status: 'connecting', connectRequest: { status: 'pending' } });
    expect(controllers.getAccount().status).toBe('connecting');

    controllers.modal.close();
    expect(controllers.connection.getState()).toMatchObject({ status: 'disconnected', connectRequest: { status: 'idle' } });
    expect(controllers.getAccount()).toMatchObject({ isConnected: false, status: 'disconnected' });
    answerLate!([ADDRESS]);
    await pending;
    expect(controllers.connection.getState().status).toBe('disconnected');
    expect(controllers.getAccount().address).toBeUndefined();

    controllers.modal.open();
    await controllers.connection.connect('com.test.wallet');
    expect(controllers.getAccount()).toMatchObject({ isConnected: true, address: ADDRESS });
    controllers.modal.open();
    controllers.modal.close();
    expect(controllers.connection.getState().status).toBe('connected');
  });

  it('connecting closes the open modal', async () => {
    const { controllers } = setup();
    controllers.modal.open();
    await controllers.connection.connect('com.test.wallet');
    expect(controllers.modal.getState().open).toBe(false);
    controllers.modal.open();
    expect(controllers.router.getState().view).toBe('Account');
  });

  it("disconnect resets each chain's account and the network, the connection, and removes the stored connector id", async () => {
    const { controllers, storage, wallet } = setup();
    await controllers.connection.connect('com.test.wallet');
    await flush();
    expect(controllers.account.getState().byNamespace.eip155.balance).toBe('2.5');
    await controllers.connection.disconnect();
    expect(controllers.connection.getState()).toMatchObject({ status: 'disconnected', connectorId: undefined });
    const eip155 = controllers.account.getState().byNamespace.eip155;
    expect([eip155.address, eip155.balance, eip155.caipAddress, eip155.status]).toEqual([undefined, undefined, undefined, 'disconnected']);
    expect(controllers.account.getState().byNamespace.solana.address).toBeUndefined();
    expect(controllers.networks.getState()).toMatchObject({ activeNetwork: { id: 56 }, isUnsupported: false });
    expect(controllers.networks.getState().walletChainId).toBeUndefined();
    expect(storage.getItem(STORAGE_KEYS.connectorId)).toBeNull();
    expect(controllers.getAccount()).toEqual({ address: undefined, isConnected: false, status: 'disconnected', chainId: undefined, caipAddress: undefined, connectorId: undefined });
    expect(wallet.provider.listenerCount('chainChanged')).toBe(0);
  });

  it('a failing wallet-side session end still disconnects and throws "Failed to disconnect"', async () => {
    const { controllers, wallet } = setup();
    const connector = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT' as const };
    controllers.connection.attachSession({ provider: wallet.provider, connector, accounts: [ADDRESS], chainId: 56, endSession: () => Promise.reject(new Error('relay down')) });
    await expect(controllers.connection.disconnect()).rejects.toThrow(messages.failedToDisconnect);
    expect(controllers.connection.getState().status).toBe('disconnected');
  });

  it('wallet events: accountsChanged updates the address, [] disconnects, chainChanged moves the network', async () => {
    const { controllers, wallet } = setup();
    await controllers.connection.connect('com.test.wallet');
    const other = '0x2222222222222222222222222222222222222222';
    wallet.provider.emit('accountsChanged', [other]);
    expect(controllers.getAccount().address).toBe(other);
    wallet.provider.emit('chainChanged', '0x7a69');
    expect(controllers.getAccount()).toMatchObject({ chainId: 31337, caipAddress: `eip155:31337:${other}` });
    expect(controllers.networks.getState().activeNetwork.id).toBe(31337);
    wallet.provider.emit('accountsChanged', []);
    expect(controllers.getAccount().isConnected).toBe(false);
  });

  it('reconnects on load from the stored connector id when the wallet still authorizes eth_accounts', async () => {
    const storage = createMemoryStorage({ [STORAGE_KEYS.connectorId]: 'com.test.wallet' });
    const first = setup({ storage });
    first.wallet.state.authorized = true;
    expect(await first.controllers.connection.reconnect()).toBe(true);
    expect(first.controllers.getAccount()).toMatchObject({ isConnected: true, address: ADDRESS });
    expect(first.wallet.provider.calls.map((c) => c.method)).not.toContain('eth_requestAccounts');

    const second = setup({ storage: createMemoryStorage({ [STORAGE_KEYS.connectorId]: 'com.test.wallet' }) });
    expect(await second.controllers.connection.reconnect()).toBe(false);
    expect(second.controllers.getAccount().status).toBe('disconnected');
    expect(second.storage.getItem(STORAGE_KEYS.connectorId)).toBeNull();
  });

  it('reconnect waits for a late announcement (up to its wait)', async () => {
    const storage = createMemoryStorage({ [STORAGE_KEYS.connectorId]: 'com.late.wallet' });
    const { controllers, target, clock } = setup({ storage });
    const late = createFakeWallet();
    late.state.authorized = true;
    const result = controllers.connection.reconnect();
    await flush();
    // Waiting: the wait's time-out is the one timer armed, and nothing is decided before the wallet announces.
    expect(clock.pending()).toBe(1);
    expect(controllers.getAccount().status).toBe('connecting');
    announce(target, 'com.late.wallet', late.provider, 'Late');
    expect(await result).toBe(true);
    expect(controllers.getAccount().connectorId).toBe('com.late.wallet');
    // The announcement ended the wait early and cleared its time-out (no timer left behind).
    expect(clock.pending()).toBe(0);
  });
});

describe('networks', () => {
  it('the configured list with BNB Smart Chain (56, BNB, 18 decimals); the first is active', () => {
    const { controllers } = setup();
    const { networks, activeNetwork } = controllers.networks.getState();
    expect(networks.map((n) => n.id)).toEqual([56, 31337]);
    expect(activeNetwork).toMatchObject({ id: 56, caipNetworkId: 'eip155:56', chainNamespace: 'eip155', nativeCurrency: { symbol: 'BNB', decimals: 18 } });
  });

  it('switching adds an unknown chain (4902) then switches', async () => {
    const { controllers, wallet } = setup();
    await controllers.connection.connect('com.test.wallet');
    await controllers.networks.switchNetwork(31337);
    const methods = wallet.provider.calls.map((c) => c.method).filter((m) => m.startsWith('wallet_'));
    expect(methods).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain']);
    expect(controllers.getAccount().chainId).toBe(31337);
    expect(controllers.networks.getState().activeNetwork.id).toBe(31337);
  });

  it('closing the modal stops waiting for a switch the wallet never answers: the list is usable again and the next switch goes through', async () => {
    const { controllers, wallet } = setup();
    await controllers.connection.connect('com.test.wallet');
    const request = wallet.provider.request;
    let held = true;
    wallet.provider.request = async (args) => {
      if (args.method === 'wallet_switchEthereumChain' && held) {
        held = false;
        return new Promise(() => {});
      }
      return request(args);
    };
    controllers.modal.open({ view: 'Networks' });
    const pending = controllers.networks.switchNetwork(31337);
    await flush();
    expect(controllers.networks.getState().switching).toBe(true);
    controllers.modal.close();
    expect(controllers.networks.getState().switching).toBe(false);
    void pending;

    controllers.modal.open({ view: 'Networks' });
    await controllers.networks.switchNetwork(31337);
    expect(controllers.networks.getState()).toMatchObject({ switching: false, activeNetwork: { id: 31337 } });
    expect(controllers.getAccount().chainId).toBe(31337);
  });

  it('a switch cancelled while its wallet calls load asks the wallet nothing and leaves the network as it was', async () => {
    const { controllers, wallet } = setup();
    await controllers.connection.connect('com.test.wallet');
    controllers.modal.open({ view: 'Networks' });
    const pending = controllers.networks.switchNetwork(31337);
    expect(controllers.networks.getState().switching).toBe(true);
    controllers.modal.close();
    await pending;
    expect(wallet.provider.calls.filter((c) => c.method.startsWith('wallet_'))).toEqual([]);
    expect(controllers.networks.getState()).toMatchObject({ switching: false, activeNetwork: { id: 56 } });
    expect(controllers.getAccount().chainId).toBe(56);
  });

  it('the supported chains are requested once (two checks at a time share it) and kept in the state; a failed request counts as none and is made again', async () => {
    let failing = true;
    const { controllers, fetch } = setup({ route: (r) => (r.url.includes('/v1/supported-chains') ? (failing ? json({}, 500) : json({ http: ['eip155:56'], ws: [] })) : undefined) });
    const requests = () => fetch.requests.filter((r) => r.url.includes('/v1/supported-chains')).length;
    expect(await controllers.networks.isActiveChainSupported()).toBe(false);
    expect(controllers.networks.getState().supportedChains).toEqual([]);
    failing = false;
    expect(await Promise.all([controllers.networks.isActiveChainSupported(), controllers.networks.isActiveChainSupported()])).toEqual([true, true]);
    expect(await controllers.networks.isActiveChainSupported()).toBe(true);
    expect(requests()).toBe(2);
    expect(controllers.networks.getState().supportedChains).toEqual(['eip155:56']);
  });

  it('a switch that asks no wallet (disconnected) still happens when the modal closes before it ran', async () => {
    const { controllers } = setup();
    controllers.modal.open({ view: 'Networks' });
    const pending = controllers.networks.switchNetwork(31337);
    controllers.modal.close();
    await pending;
    expect(controllers.networks.getState()).toMatchObject({ activeNetwork: { id: 31337 }, switching: false, isSwitchingNamespace: false });
  });

  it('while disconnected, switching only changes the active network; an unknown id throws "Network not found"', async () => {
    const { controllers, wallet } = setup();
    await controllers.networks.switchNetwork(31337);
    expect(controllers.networks.getState().activeNetwork.id).toBe(31337);
    expect(wallet.provider.calls).toHaveLength(0);
    await expect(controllers.networks.switchNetwork(1)).rejects.toThrow(messages.networkNotFound);
    // The refused switch is over: the list is usable again.
    expect(controllers.networks.getState().switching).toBe(false);
  });

  it('switching to another namespace flags namespace switching and resets the send form', async () => {
    const solana = {
      id: 101,
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const,
      chainNamespace: 'solana' as const,
      name: 'Solana',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: ['http://127.0.0.1:9899'] } },
    };
    const { controllers } = setup({ options: { networks: [testOptions().networks[0], solana] } });
    controllers.send.set({ sendTokenAmount: '1.5', receiverAddress: ADDRESS });
    const flags: boolean[] = [];
    controllers.networks.subscribe((s) => flags.push(s.isSwitchingNamespace));
    // A Solana network is named by its CAIP-2 id.
    await controllers.networks.switchNetwork(solana.caipNetworkId);
    expect(flags).toContain(true);
    expect(controllers.networks.getState()).toMatchObject({ activeNamespace: 'solana', isSwitchingNamespace: false });
    expect(controllers.send.getState()).toEqual({ loading: false, tokenBalances: [] });
  });

  it('an unsupported chain opens UnsupportedChain when switching is enabled and unsupported chains are not allowed', async () => {
    const strict = setup();
    await strict.controllers.connection.connect('com.test.wallet');
    strict.wallet.provider.emit('chainChanged', '0x1');
    expect(strict.controllers.networks.getState().isUnsupported).toBe(true);
    expect(strict.controllers.modal.getState().open).toBe(true);
    expect(strict.controllers.router.getState().view).toBe('UnsupportedChain');
    // Switching back closes it.
    await strict.controllers.networks.switchNetwork(56);
    expect(strict.controllers.modal.getState().open).toBe(false);

    const allowed = setup({ options: { allowUnsupportedChain: true } });
    await allowed.controllers.connection.connect('com.test.wallet');
    allowed.wallet.provider.emit('chainChanged', '0x1');
    expect(allowed.controllers.networks.getState().isUnsupported).toBe(true);
    expect(allowed.controllers.modal.getState().open).toBe(false);

    const noSwitch = setup({ options: { enableNetworkSwitch: false } });
    await noSwitch.controllers.connection.connect('com.test.wallet');
    noSwitch.wallet.provider.emit('chainChanged', '0x1');
    expect(noSwitch.controllers.modal.getState().open).toBe(false);
  });

  it('shouldShowUnsupportedChain truth table', () => {
    expect(shouldShowUnsupportedChain({ isUnsupported: true }, { enableNetworkSwitch: true, allowUnsupportedChain: false })).toBe(true);
    expect(shouldShowUnsupportedChain({ isUnsupported: true }, { enableNetworkSwitch: false, allowUnsupportedChain: false })).toBe(false);
    expect(shouldShowUnsupportedChain({ isUnsupported: true }, { enableNetworkSwitch: true, allowUnsupportedChain: true })).toBe(false);
    expect(shouldShowUnsupportedChain({ isUnsupported: false }, { enableNetworkSwitch: true, allowUnsupportedChain: false })).toBe(false);
  });
});

describe('account per chain (caches and the supported-chains gate)', () => {
  it('native balance is cached 30 s; force refetches', async () => {
    const { controllers, fetch, clock } = setup();
    await controllers.connection.connect('com.test.wallet');
    await flush();
    const balanceCalls = () => fetch.requests.filter((r) => r.url.includes('/balance')).length;
    expect(balanceCalls()).toBe(1);
    expect(controllers.account.getState().byNamespace.eip155).toMatchObject({ balance: '2.5', balanceSymbol: 'BNB' });
    await clock.advance(BALANCE_CACHE_MS - 1);
    await controllers.account.fetchBalance();
    expect(balanceCalls()).toBe(1);
    await clock.advance(1);
    await controllers.account.fetchBalance();
    expect(balanceCalls()).toBe(2);
    await controllers.account.fetchBalance(true);
    expect(balanceCalls()).toBe(3);
    expect(BALANCE_CACHE_MS).toBe(30_000);
  });

  it("a late answer for the network the wallet has left is dropped: the new network's balance stays", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { controllers, wallet } = setup({
      route: (r) => {
        if (r.url.includes('/v1/supported-chains')) return json({ http: ['eip155:56'], ws: [] });
        if (r.url.includes('/balance'))
          return held.then(() => json({ balances: [{ name: 'BNB', symbol: 'BNB', chainId: 'eip155:56', price: 1, quantity: { decimals: '18', numeric: '2.5' }, iconUrl: '' }] }));
        if (r.url.includes('/v1/identity/')) return json({ name: null, avatar: null });
        return undefined;
      },
    });
    await controllers.connection.connect('com.test.wallet');
    await flush();
    // The wallet moves to the local chain (not served by the balance API: its node answers 3) while BSC's answer is held.
    wallet.provider.emit('chainChanged', '0x7a69');
    await flush();
    await controllers.account.fetchBalance();
    expect(controllers.account.getState().byNamespace.eip155).toMatchObject({ balance: '3' });
    release();
    await flush(50);
    expect(controllers.account.getState().byNamespace.eip155).toMatchObject({ balance: '3' });
    expect(controllers.account.getState().byNamespace.eip155.tokenBalances ?? []).toEqual([]);
  });

  it("a failed balance fetch shows 'Token Balance Unavailable' and blocks retries for 30 s", async () => {
    let failing = true;
    const { controllers, fetch, clock } = setup({
      route: (r) => {
        if (r.url.includes('/v1/supported-chains')) return json({ http: ['eip155:56'], ws: [] });
        if (r.url.includes('/balance')) return failing ? json({}, 500) : json({ balances: [] });
        if (r.url.includes('/v1/identity/')) return json({ name: null, avatar: null });
        return undefined;
      },
    });
    await controllers.connection.connect('com.test.wallet');
    await flush();
    const balanceCalls = () => fetch.requests.filter((r) => r.url.includes('/balance')).length;
    expect(balanceCalls()).toBe(1);
    expect(controllers.toasts.getState()).toMatchObject({ open: true, variant: 'error', message: 'Token Balance Unavailable' });
    failing = false;
    await clock.advance(BALANCE_RETRY_BLOCK_MS - 1);
    await controllers.account.fetchBalance(true);
    expect(balanceCalls()).toBe(1);
    await clock.advance(1);
    await controllers.account.fetchBalance();
    expect(balanceCalls()).toBe(2);
    expect(controllers.account.getState().byNamespace.eip155.balance).toBe('0');
  });

  it("says why a balance is missing ('unreachable' for a 503 or a failed fetch, else 'failed'), and a person's retry passes the 30 s block", async () => {
    let answer: 'unreachable' | 'down' | 'offline' | 'ok' = 'unreachable';
    const { controllers, fetch } = setup({
      route: (r) => {
        if (r.url.includes('/v1/supported-chains')) return json({ http: ['eip155:56'], ws: [] });
        if (r.url.includes('/balance')) {
          if (answer === 'offline') throw new TypeError('Failed to fetch');
          return answer === 'unreachable' ? json({ error: 'cannot be reached' }, 503) : answer === 'down' ? json({}, 500) : json({ balances: [] });
        }
        if (r.url.includes('/v1/identity/')) return json({ name: null, avatar: null });
        return undefined;
      },
    });
    await controllers.connection.connect('com.test.wallet');
    await flush();
    const chain = () => controllers.account.getState().byNamespace.eip155;
    const balanceCalls = () => fetch.requests.filter((r) => r.url.includes('/balance')).length;
    expect(chain()).toMatchObject({ balance: undefined, balanceError: 'unreachable' });
    answer = 'down';
    await controllers.account.fetchBalance(true);
    expect(balanceCalls()).toBe(1);
    await controllers.account.fetchBalance('retry');
    expect(balanceCalls()).toBe(2);
    expect(chain().balanceError).toBe('failed');
    answer = 'offline';
    await controllers.account.fetchBalance('retry');
    expect(chain().balanceError).toBe('unreachable');
    answer = 'ok';
    await controllers.account.fetchBalance('retry');
    expect(chain()).toMatchObject({ balance: '0', balanceError: undefined });
  });

  it('identity (name, avatar) is cached 5 min in storage', async () => {
    const { controllers, fetch, clock } = setup();
    await controllers.connection.connect('com.test.wallet');
    await flush();
    const identityCalls = () => fetch.requests.filter((r) => r.url.includes('/v1/identity/')).length;
    expect(controllers.account.getState().byNamespace.eip155).toMatchObject({ profileName: 'alice.reown.id', profileImage: 'https://img/a.png' });
    expect(identityCalls()).toBe(1);
    await clock.advance(IDENTITY_CACHE_MS - 1);
    await controllers.account.fetchIdentity();
    expect(identityCalls()).toBe(1);
    await clock.advance(1);
    await controllers.account.fetchIdentity();
    expect(identityCalls()).toBe(2);
    expect(IDENTITY_CACHE_MS).toBe(300_000);
  });

  it('a chain outside supported-chains http[] sends nothing to the blockchain API (balance over RPC instead)', async () => {
    const { controllers, fetch, readNativeBalance } = setup({ walletChainId: 31337 });
    await controllers.connection.connect('com.test.wallet');
    await flush();
    expect(fetch.requests.map((r) => new URL(r.url).pathname)).toEqual(['/v1/supported-chains']);
    expect(readNativeBalance).toHaveBeenCalledWith(ADDRESS, expect.objectContaining({ id: 31337 }));
    expect(controllers.account.getState().byNamespace.eip155).toMatchObject({ balance: '3', profileName: undefined });
  });
});

const wallet = (i: number, extra: Partial<WcWallet> = {}): WcWallet => ({ id: `w${i}`, name: `Wallet ${i}`, image_id: `img${i}`, chains: ['eip155:56'], ...extra });

describe('wallet directory: featured, include and exclude options', () => {
  /** A directory of w0..w49 that honours `include` and `exclude` (row 24). */
  const route: FakeRoute = (r) => {
    const url = new URL(r.url);
    if (url.pathname !== '/getWallets') return url.pathname.startsWith('/getWalletImage/') ? new Response(new Uint8Array([1])) : undefined;
    const include = url.searchParams.get('include')?.split(',');
    const exclude = url.searchParams.get('exclude')?.split(',') ?? [];
    const all = Array.from({ length: 50 }, (_, i) => wallet(i)).filter((w) => (!include || include.includes(w.id)) && !exclude.includes(w.id));
    const entries = Number(url.searchParams.get('entries'));
    const page = Number(url.searchParams.get('page'));
    return json({ data: all.slice((page - 1) * entries, page * entries), count: all.length });
  };
  const walletRequests = (fetch: { requests: { url: string }[] }) =>
    fetch.requests.filter((r) => r.url.includes('/getWallets')).map((r) => Object.fromEntries(new URL(r.url).searchParams));

  it("shows the dapp's featured wallets first, in its order (sent as include), and fills up to 4 with recommended ones", async () => {
    const { controllers, fetch } = setup({ route, options: { featuredWalletIds: ['w7', 'w2', 'w7'] } });
    await controllers.directory.fetchInitial();
    const state = controllers.directory.getState();
    expect(state.featured.map((w) => w.id)).toEqual(['w7', 'w2']);
    expect(state.recommended.map((w) => w.id)).toEqual(['w0', 'w1']);
    const requests = walletRequests(fetch);
    expect(requests).toHaveLength(2);
    expect(requests.find((q) => q.include === 'w7,w2')).toMatchObject({ page: '1', entries: '2', chains: 'eip155:56,eip155:31337' });
    expect(requests.find((q) => q.exclude === 'w7,w2')).toMatchObject({ page: '1', entries: '4' });
  });

  it('4 featured wallets fill the list: no recommended request', async () => {
    const { controllers, fetch } = setup({ route, options: { featuredWalletIds: ['w9', 'w8', 'w7', 'w6', 'w5'] } });
    await controllers.directory.fetchInitial();
    expect(controllers.directory.getState().featured.map((w) => w.id)).toEqual(['w9', 'w8', 'w7', 'w6']);
    expect(controllers.directory.getState().recommended).toEqual([]);
    expect(walletRequests(fetch)).toEqual([expect.objectContaining({ include: 'w9,w8,w7,w6', entries: '4' })]);
  });

  it('includeWalletIds and excludeWalletIds go with the recommended, page and search requests; exclusion wins over featured', async () => {
    const { controllers, fetch, clock } = setup({
      route,
      options: { featuredWalletIds: ['w3', 'w1'], includeWalletIds: ['w0', 'w1', 'w2', 'w3', 'w4'], excludeWalletIds: ['w1'] },
    });
    await controllers.directory.fetchInitial();
    expect(controllers.directory.getState().featured.map((w) => w.id)).toEqual(['w3']);
    expect(controllers.directory.getState().recommended.map((w) => w.id)).toEqual(['w0', 'w2', 'w4']);
    await controllers.directory.fetchNextPage();
    expect(controllers.directory.getState().wallets.map((w) => w.id)).toEqual(['w0', 'w2', 'w3', 'w4']);
    controllers.directory.search('w');
    await clock.advance(WALLET_SEARCH_DEBOUNCE_MS);
    await flush();
    const [, recommended, page, search] = walletRequests(fetch);
    expect(recommended).toMatchObject({ include: 'w0,w1,w2,w3,w4', exclude: 'w1,w3' });
    expect(page).toMatchObject({ include: 'w0,w1,w2,w3,w4', exclude: 'w1', entries: '40' });
    expect(search).toMatchObject({ include: 'w0,w1,w2,w3,w4', exclude: 'w1', search: 'w' });
  });
});

describe('wallet directory', () => {
  const directorySetup = (imageDelay?: (id: string) => number | undefined) => {
    const clockRef: { clock?: ReturnType<typeof createFakeClock> } = {};
    const route: FakeRoute = (r) => {
      const url = new URL(r.url);
      if (url.pathname === '/getWallets') {
        const entries = Number(url.searchParams.get('entries'));
        const page = Number(url.searchParams.get('page'));
        const search = url.searchParams.get('search');
        const total = search ? 150 : 95;
        const data = Array.from({ length: Math.max(0, Math.min(entries, total - (page - 1) * entries)) }, (_, i) => wallet((page - 1) * entries + i));
        return json({ data: [...data, wallet(999, { chains: ['eip155:1'] })], count: total });
      }
      if (url.pathname.startsWith('/getWalletImage/')) {
        const id = url.pathname.split('/').pop()!;
        const delay = imageDelay?.(id);
        if (delay === undefined) return new Response(new Uint8Array([1]));
        return new Promise<Response>((resolve) => clockRef.clock!.setTimeout(() => resolve(new Response(new Uint8Array([1]))), delay));
      }
      return undefined;
    };
    const s = setup({ route });
    clockRef.clock = s.clock;
    return s;
  };

  it('recommended: 4 wallets of the app chains; images prefetched', async () => {
    const { controllers, fetch } = directorySetup();
    await controllers.directory.fetchInitial();
    expect(FEATURED_WALLETS_SIZE).toBe(4);
    expect(controllers.directory.getState().recommended.map((w) => w.id)).toEqual(['w0', 'w1', 'w2', 'w3']);
    const url = new URL(fetch.requests[0].url);
    expect(url.searchParams.get('entries')).toBe('4');
    expect(url.searchParams.get('chains')).toBe('eip155:56,eip155:31337');
  });

  it('pages of 40; wallets without the app chains are dropped; paging stops at count', async () => {
    const { controllers, fetch } = directorySetup();
    expect(WALLET_PAGE_SIZE).toBe(40);
    await controllers.directory.fetchNextPage();
    expect(controllers.directory.getState()).toMatchObject({ page: 1, count: 95 });
    expect(controllers.directory.getState().wallets).toHaveLength(40);
    expect(controllers.directory.getState().wallets.some((w) => w.id === 'w999')).toBe(false);
    await controllers.directory.fetchNextPage();
    await controllers.directory.fetchNextPage();
    expect(controllers.directory.getState().wallets).toHaveLength(95);
    await controllers.directory.fetchNextPage();
    expect(fetch.requests.filter((r) => r.url.includes('/getWallets')).map((r) => new URL(r.url).searchParams.get('page'))).toEqual(['1', '2', '3']);
  });

  it('prefetches images for the first 20 wallets of a page, each with a 2 s time-out', async () => {
    const { controllers, fetch, clock } = directorySetup((id) => (id === 'img1' ? 5000 : undefined));
    await controllers.directory.fetchNextPage();
    await flush();
    const imageRequests = fetch.requests.filter((r) => r.url.includes('/getWalletImage/'));
    expect(IMAGE_PREFETCH_COUNT).toBe(20);
    expect(imageRequests).toHaveLength(20);
    expect(imageRequests.map((r) => new URL(r.url).pathname)).toContain('/getWalletImage/img19');
    expect(imageRequests.map((r) => new URL(r.url).pathname)).not.toContain('/getWalletImage/img20');
    expect(Object.keys(controllers.directory.getState().images)).toHaveLength(0);
    await clock.advance(IMAGE_PRELOAD_TIMEOUT_MS);
    const images = controllers.directory.getState().images;
    expect(Object.keys(images)).toHaveLength(19);
    expect(images.img1).toBeUndefined();
    expect(controllers.directory.imageUrl(wallet(1))).toBe('http://dir.test/getWalletImage/img1?projectId=test-project&st=appkit&sv=html-minibot-modal-0.1.0');
    expect(controllers.directory.imageUrl(wallet(0))).toBe(images.img0);
    expect(IMAGE_PRELOAD_TIMEOUT_MS).toBe(2000);
  });

  it("names the directory's images of networks, tokens and fiat currencies (rows 26-28), the id escaped", () => {
    const { controllers } = directorySetup();
    const sdk = '?projectId=test-project&st=appkit&sv=html-minibot-modal-0.1.0';
    expect(controllers.directory.imageRouteUrl('network', 'eip155:56')).toBe(`http://dir.test/public/getAssetImage/eip155%3A56${sdk}`);
    expect(controllers.directory.imageRouteUrl('token', 'USDT')).toBe(`http://dir.test/public/getTokenImage/USDT${sdk}`);
    expect(controllers.directory.imageRouteUrl('currency', 'EUR')).toBe(`http://dir.test/public/getCurrencyImage/EUR${sdk}`);
    expect(controllers.directory.imageRouteUrl('token', '../x?')).toBe(`http://dir.test/public/getTokenImage/..%2Fx%3F${sdk}`);
    // A token's own image first, else its symbol's; both through the URL gate.
    expect(controllers.directory.tokenImage({ symbol: 'USDT', iconUrl: 'https://img.test/usdt.png' })).toBe('https://img.test/usdt.png');
    expect(controllers.directory.tokenImage({ symbol: 'USDT', iconUrl: 'javascript:alert(1)' })).toBeUndefined();
    // This test's directory is plain http outside loopback, which the gate refuses: the letters show instead.
    expect(controllers.directory.tokenImage({ symbol: 'USDT', logoUri: '' })).toBeUndefined();
    expect(controllers.directory.networkImage({ caipNetworkId: 'eip155:31337' })).toBeUndefined();
    expect(controllers.directory.currencyImage('EUR')).toBeUndefined();
  });

  it('search is debounced and returns up to 100 wallets', async () => {
    const { controllers, fetch, clock } = directorySetup();
    controllers.directory.search('m');
    controllers.directory.search('me');
    controllers.directory.search('meta');
    expect(controllers.directory.getState().search).toMatchObject({ query: 'meta', loading: true });
    await clock.advance(WALLET_SEARCH_DEBOUNCE_MS - 1);
    expect(fetch.requests.filter((r) => r.url.includes('search='))).toHaveLength(0);
    await clock.advance(1);
    const searches = fetch.requests.filter((r) => r.url.includes('search='));
    expect(searches).toHaveLength(1);
    expect(new URL(searches[0].url).searchParams.get('search')).toBe('meta');
    expect(new URL(searches[0].url).searchParams.get('entries')).toBe(String(WALLET_SEARCH_LIMIT));
    expect(controllers.directory.getState().search.results).toHaveLength(100);
    expect(WALLET_SEARCH_LIMIT).toBe(100);
    controllers.directory.search('');
    expect(controllers.directory.getState().search).toEqual({ query: '', results: [], loading: false });
  });

  it('a search the directory does not answer carries its error (not an empty result); the same search once it answers clears it', async () => {
    let down = true;
    const { controllers, clock } = setup({
      route: (r) => {
        if (!r.url.includes('/getWallets')) return undefined;
        if (down) return new Response('unavailable', { status: 503 });
        return json({ data: [wallet(1, { name: 'Tidepool' })], count: 1 });
      },
    });
    controllers.directory.search('tide');
    await clock.advance(WALLET_SEARCH_DEBOUNCE_MS);
    await flush();
    const failed = controllers.directory.getState().search;
    expect(failed).toMatchObject({ query: 'tide', results: [], loading: false });
    expect(failed.error).toMatch(/503/);

    down = false;
    controllers.directory.search('tide');
    expect(controllers.directory.getState().search).toMatchObject({ loading: true });
    expect(controllers.directory.getState().search.error).toBeUndefined();
    await clock.advance(WALLET_SEARCH_DEBOUNCE_MS);
    await flush();
    expect(controllers.directory.getState().search).toMatchObject({ query: 'tide', loading: false });
    expect(controllers.directory.getState().search.error).toBeUndefined();
    expect(controllers.directory.getState().search.results.map((w) => w.name)).toEqual(['Tidepool']);
  });

  it('recent wallets: newest first, no duplicates, capped at 2, stored', () => {
    const { controllers, storage } = directorySetup();
    controllers.directory.addRecent(wallet(1));
    controllers.directory.addRecent(wallet(2));
    controllers.directory.addRecent(wallet(1));
    controllers.directory.addRecent(wallet(3));
    expect(controllers.directory.getState().recent.map((w) => w.id)).toEqual(['w3', 'w1']);
    expect(RECENT_WALLETS_MAX).toBe(2);
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.recentWallets)!).map((w: WcWallet) => w.id)).toEqual(['w3', 'w1']);
  });
});
