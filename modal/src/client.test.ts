import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAnnouncingTarget, createClientTestEnvironment, createFakeClock, createFakeFetch, createFakeWallet, fakeBlockchainApi, flush, testOptions } from './core/testing.js';
import { createModal } from './client.js';
import { controllersOf, getDefaultClient, setDefaultClient } from './client-registry.js';
import { ChainSwitchError, UserRejectedError } from './errors.js';
import { createMemoryStorage, STORAGE_KEYS } from './storage.js';
import type { AccountSnapshot, SiwxSession, SiwxStorage } from './core/types.js';
import type { ModalControllers } from './controllers/bag.js';

const ADDRESS = '0x1111111111111111111111111111111111111111';

function setup(overrides: { storage?: ReturnType<typeof createMemoryStorage>; authorized?: boolean } = {}) {
  const wallet = createFakeWallet();
  wallet.state.authorized = overrides.authorized ?? false;
  const { environment, mounted, fetch } = createClientTestEnvironment<ModalControllers>(wallet.provider);
  const modal = createModal(testOptions({ storage: overrides.storage ?? createMemoryStorage() }), environment);
  return { modal, wallet, mounted, fetch, controllers: controllersOf(modal)! };
}

// The workers share their module graph with the files before (vitest.config.ts): a client another file made may still
// be the default one, so each test starts with none.
beforeEach(() => setDefaultClient(undefined));
afterEach(() => setDefaultClient(undefined));

describe('createModal', () => {
  it('connects, exposes the account and notifies subscribers', async () => {
    const { modal, controllers } = setup();
    const seen: AccountSnapshot[] = [];
    modal.subscribeAccount((a) => seen.push(a));
    expect(modal.getAccount()).toMatchObject({ isConnected: false, status: 'disconnected' });
    await controllers.connection.connect('com.test');
    expect(modal.getAccount()).toMatchObject({ address: ADDRESS, isConnected: true, status: 'connected', chainId: 56, connectorId: 'com.test' });
    expect(seen.map((a) => a.status)).toEqual(['connecting', 'connected']);
  });

  it('open() mounts the modal once (lazy) and shows the view of the opening rules; subscribeState reports it', async () => {
    const { modal, mounted } = setup();
    const states: { open: boolean; view: string }[] = [];
    modal.subscribeState((s) => states.push(s));
    await modal.open();
    await modal.open({ view: 'Networks' });
    expect(mounted).toHaveLength(1);
    expect(modal.isOpen()).toBe(true);
    expect(states).toEqual([
      { open: true, view: 'Connect' },
      { open: true, view: 'Networks' },
    ]);
    modal.close();
    expect(modal.isOpen()).toBe(false);
  });

  it('the core client (element entry) has no viem: its wallet and public clients throw', async () => {
    const { createModalCore } = await import('./client-core.js');
    const core = createModalCore(testOptions({ storage: createMemoryStorage() }), { discoveryTarget: null, location: null, fetch: createFakeFetch(fakeBlockchainApi) });
    expect(() => core.getPublicClient()).toThrow('No viem clients in this build');
    expect(core.getWalletClient()).toBeUndefined();
    expect(core.getAccount().isConnected).toBe(false);
  });

  it('registers the first client as the default (for <mb-connect-button>)', () => {
    const { modal } = setup();
    expect(getDefaultClient()).toBe(modal);
  });

  it('getWalletClient: undefined while disconnected; bound to the provider and account when connected', async () => {
    const { modal, controllers, wallet } = setup();
    expect(modal.getWalletClient()).toBeUndefined();
    expect(await modal.getWalletChainId()).toBeUndefined();
    await controllers.connection.connect('com.test');
    const client = modal.getWalletClient()!;
    expect(client.account?.address).toBe(ADDRESS);
    expect(client.chain?.id).toBe(56);
    expect(await client.getChainId()).toBe(56);
    expect(wallet.provider.calls.at(-1)?.method).toBe('eth_chainId');
    expect(modal.getWalletClient()).toBe(client);
    expect(await modal.getWalletChainId()).toBe(56);
  });

  it('getProvider: undefined while disconnected; the connected wallet\'s EIP-1193 provider, until it disconnects', async () => {
    const { modal, controllers, wallet } = setup();
    expect(modal.getProvider()).toBeUndefined();
    await controllers.connection.connect('com.test');
    const provider = modal.getProvider()!;
    expect(provider).toBe(wallet.provider);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([ADDRESS]);
    await modal.disconnect();
    expect(modal.getProvider()).toBeUndefined();
  });

  it("getPublicClient: the first network by default; BSC reads through the Blockchain API's JSON-RPC endpoint, the local chain over its rpcUrls", () => {
    const { modal } = setup();
    const client = modal.getPublicClient();
    expect(client.chain?.id).toBe(56);
    expect((client.transport as unknown as { url: string }).url).toBe('http://api.test/v1/?chainId=eip155%3A56&projectId=test-project');
    const local = modal.getPublicClient(31337);
    expect(local.chain?.name).toBe('BSC Local');
    expect((local.transport as unknown as { url: string }).url).toBe('http://127.0.0.1:9545');
    expect(() => modal.getPublicClient(1)).toThrow('Network not found');
  });

  it('switchNetwork: adds then switches (4902); ChainSwitchError for unknown chains or failures; 4001 stays UserRejectedError', async () => {
    const { modal, controllers, wallet } = setup();
    await controllers.connection.connect('com.test');
    await modal.switchNetwork(31337);
    expect(modal.getAccount().chainId).toBe(31337);
    await expect(modal.switchNetwork(1)).rejects.toBeInstanceOf(ChainSwitchError);
    const request = wallet.provider.request;
    wallet.provider.request = async (args) => {
      if (args.method === 'wallet_switchEthereumChain') throw { code: 4001, message: 'no' };
      return request(args);
    };
    await expect(modal.switchNetwork(56)).rejects.toBeInstanceOf(UserRejectedError);
    wallet.provider.request = async (args) => {
      if (args.method === 'wallet_switchEthereumChain') throw { code: -32000, message: 'boom' };
      return request(args);
    };
    await expect(modal.switchNetwork(56)).rejects.toBeInstanceOf(ChainSwitchError);
  });

  it("getSiwxSession asked right after a reload waits for the stored wallet's restore: the account's session, not undefined", async () => {
    const session = { data: { chainId: 'eip155:56', accountAddress: ADDRESS }, message: 'signed', signature: '0x00' } as unknown as SiwxSession;
    const siwxStorage: SiwxStorage = {
      createNonce: async () => 'n0nce',
      add: async () => undefined,
      get: async (chainId, address) => (chainId === 'eip155:56' && address === ADDRESS ? [session] : []),
      delete: async () => undefined,
      clear: async () => undefined,
    };
    const wallet = createFakeWallet();
    wallet.state.authorized = true;
    // The wallet takes its time to say which accounts the page may see.
    let answer!: () => void;
    const slow = new Promise<void>((resolve) => (answer = resolve));
    const provider = { ...wallet.provider, request: async (args: { method: string; params?: unknown }) => (args.method === 'eth_accounts' && (await slow), wallet.provider.request(args)) };
    const target = createAnnouncingTarget(provider);
    const storage = createMemoryStorage({ [STORAGE_KEYS.connectorId]: 'com.test', [STORAGE_KEYS.lastAddress]: ADDRESS });
    const modal = createModal(testOptions({ storage, siwx: { storage: siwxStorage } }), { fetch: createFakeFetch(fakeBlockchainApi), clock: createFakeClock(), discoveryTarget: target, isMobile: false, location: null });
    // Asked at once, while the wallet is still being asked for its accounts.
    const asked = modal.getSiwxSession();
    // Time for the sign-in's chunk to load: the answer must still wait for the wallet.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(modal.getAccount().isConnected).toBe(false);
    answer();
    expect(await asked).toBe(session);
  });

  it('reconnects on creation from the stored connector id; disconnect clears it', async () => {
    const storage = createMemoryStorage({ [STORAGE_KEYS.connectorId]: 'com.test' });
    const { modal } = setup({ storage, authorized: true });
    await flush();
    expect(modal.getAccount()).toMatchObject({ isConnected: true, address: ADDRESS });
    await modal.disconnect();
    expect(modal.getAccount().isConnected).toBe(false);
    expect(storage.getItem(STORAGE_KEYS.connectorId)).toBeNull();
  });
});

describe('the first interaction', () => {
  const location = { href: 'https://dapp.example/', hostname: 'dapp.example', origin: 'https://dapp.example' };
  /** A page with an announced wallet; the services answer the first checks (origins, analytics config). */
  function page(options: { origins?: string[]; analytics?: boolean } = {}) {
    const target = createAnnouncingTarget(createFakeWallet().provider);
    const fetch = createFakeFetch((request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('/projects/v1/origins')) return new Response(JSON.stringify({ allowedOrigins: options.origins ?? [] }), { headers: { 'content-type': 'application/json' } });
      if (path.endsWith('/getAnalyticsConfig')) return new Response(JSON.stringify({ isAnalyticsEnabled: options.analytics ?? false }), { headers: { 'content-type': 'application/json' } });
      if (path.endsWith('/e')) return new Response(null, { status: 204 });
      return fakeBlockchainApi(request);
    });
    const mounted: ModalControllers[] = [];
    let shellLoads = 0;
    const modal = createModal(testOptions({ storage: createMemoryStorage(), features: { analytics: options.analytics ?? false } }), {
      fetch,
      clock: createFakeClock(),
      discoveryTarget: target,
      isMobile: false,
      loadMount: async () => {
        shellLoads++;
        return (controllers) => void mounted.push(controllers);
      },
      location,
    });
    const paths = () => fetch.requests.map((request) => new URL(request.url).pathname);
    return { modal, mounted, paths, shellLoads: () => shellLoads, controllers: controllersOf(modal)! };
  }

  it('createModal requests nothing until the first interaction; prefetch() then loads the shell once and runs the checks, without opening', async () => {
    const { modal, mounted, paths, shellLoads } = page();
    await flush();
    expect(paths().filter((path) => /origins|getAnalyticsConfig/.test(path))).toEqual([]);
    expect(shellLoads()).toBe(0);

    modal.prefetch();
    modal.prefetch();
    await vi.waitFor(() => expect(paths().filter((path) => path.endsWith('/projects/v1/origins'))).toHaveLength(1));
    expect(shellLoads()).toBe(1);
    expect(mounted).toHaveLength(0);
    expect(modal.isOpen()).toBe(false);

    await modal.open();
    expect(shellLoads()).toBe(1);
    expect(mounted).toHaveLength(1);
    expect(paths().filter((path) => path.endsWith('/projects/v1/origins'))).toHaveLength(1);
  });

  it("open() without a prefetch runs the checks too: a disallowed origin shows 'Invalid App Configuration' in the open modal", async () => {
    const { modal, controllers } = page({ origins: ['https://other.example'] });
    await modal.open();
    await vi.waitFor(() => expect(controllers.toasts.getState()).toMatchObject({ open: true, variant: 'error' }));
    expect(controllers.toasts.getState().message).toContain('Invalid App Configuration');
  });

  it('the first MODAL_OPEN waits for the analytics config that the opening requested, and is sent', async () => {
    const { modal, paths } = page({ analytics: true });
    await modal.open();
    await vi.waitFor(() => expect(paths()).toContain('/e'));
    expect(paths().indexOf('/getAnalyticsConfig')).toBeLessThan(paths().indexOf('/e'));
  });
});
