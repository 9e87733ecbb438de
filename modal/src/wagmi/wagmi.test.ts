import { connect, createConfig, createStorage, disconnect, getConnection, injected, reconnect, switchChain, type Config, type CreateConnectorFn } from '@wagmi/core';
import { UserRejectedRequestError } from 'viem';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createModal } from '../client.js';
import { createModalCore } from '../client-core.js';
import type { DiscoveryTarget } from '../connectors/eip6963.js';
import { createFakeClock, createFakeFetch, createFakeWallet, fakeBlockchainApi, flush, testOptions } from '../core/testing.js';
import { bscNetwork, controllersOf, defineEvmNetwork, setDefaultClient, solanaNetwork, type ModalClient, type ModalControllers, type ModalOptions } from '../index.js';
import { createMemoryStorage, STORAGE_KEYS } from '../storage.js';
import { MINIBOT_CONNECTOR_ID, minibotConnector, wagmiConfigParameters } from './index.js';

const ADDRESS = '0x1111111111111111111111111111111111111111';
const OTHER = '0x2222222222222222222222222222222222222222';

/** A modal whose only wallet is a fake EIP-6963 wallet ('com.test'); its views are not mounted (open() only records). */
function setup(options: { storage?: ReturnType<typeof createMemoryStorage>; authorized?: boolean; networks?: ModalOptions['networks'] } = {}) {
  const wallet = createFakeWallet({ knownChains: [56, 31337] });
  wallet.state.authorized = options.authorized ?? false;
  const target = new EventTarget() as EventTarget & DiscoveryTarget;
  target.addEventListener('eip6963:requestProvider', () =>
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: 'u', name: 'Test Wallet', icon: 'data:,', rdns: 'com.test' }, provider: wallet.provider } })),
  );
  const modal = createModal(testOptions({ storage: options.storage ?? createMemoryStorage(), ...(options.networks ? { networks: options.networks } : {}) }), {
    fetch: createFakeFetch(fakeBlockchainApi),
    clock: createFakeClock(),
    discoveryTarget: target,
    isMobile: false,
    loadMount: async () => () => undefined,
    location: null,
  });
  const controllers = controllersOf(modal) as ModalControllers;
  return { modal, wallet, controllers };
}

/** wagmi's config from the modal, with wagmi's own storage kept in memory (a Map). */
function wagmiConfig(modal: ModalClient): Config {
  const memory = new Map<string, string>();
  const storage = createStorage({
    storage: { getItem: (key) => memory.get(key) ?? null, setItem: (key, value) => void memory.set(key, value), removeItem: (key) => void memory.delete(key) },
  });
  return createConfig({ ...wagmiConfigParameters(modal, { storage }) });
}

const modalConnector = (config: Config) => config.connectors.find((connector) => connector.id === MINIBOT_CONNECTOR_ID)!;

/** Resolves once `open()` has shown the modal. */
const opened = (modal: ModalClient) => vi.waitFor(() => expect(modal.isOpen()).toBe(true));

afterEach(() => setDefaultClient(undefined));

describe('wagmiConfigParameters', () => {
  it("makes wagmi's chains from the modal's EVM networks, in order, with the modal's connector first and wagmi's own discovery off", () => {
    const { modal } = setup();
    const parameters = wagmiConfigParameters(modal);
    expect(parameters.chains.map((chain) => [chain.id, chain.name])).toEqual([
      [56, 'BNB Smart Chain'],
      [31337, 'BSC Local'],
    ]);
    expect(Object.keys(parameters.transports)).toEqual(['56', '31337']);
    expect(parameters.multiInjectedProviderDiscovery).toBe(false);
    const config = createConfig(parameters);
    expect(config.connectors.map((connector) => [connector.id, connector.name, connector.type])).toEqual([[MINIBOT_CONNECTOR_ID, 'Minibot Modal', 'minibotModal']]);
  });

  it("reads over the modal's read route for each chain (one source of truth for transports)", async () => {
    const { modal } = setup();
    const config = createConfig(wagmiConfigParameters(modal));
    const url = (client: { transport: unknown }) => (client.transport as { url?: string }).url;
    // BSC through the Blockchain API's JSON-RPC endpoint, the local chain over its rpcUrls: as the modal reads them.
    expect(url(config.getClient({ chainId: 56 }))).toBe('http://api.test/v1/?chainId=eip155%3A56&projectId=test-project');
    expect(url(config.getClient({ chainId: 56 }))).toBe(url(modal.getPublicClient(56)));
    expect(url(config.getClient({ chainId: 31337 }))).toBe(url(modal.getPublicClient(31337)));
    expect(url(config.getClient({ chainId: 31337 }))).toBe('http://127.0.0.1:9545');
    // A customRpcUrls entry wins, here too.
    setDefaultClient(undefined);
    const custom = createModal(testOptions({ storage: createMemoryStorage(), customRpcUrls: { 'eip155:31337': [{ url: 'http://127.0.0.1:7777/rpc' }] } }), {
      discoveryTarget: null, location: null, fetch: createFakeFetch(fakeBlockchainApi),
    });
    expect(url(createConfig(wagmiConfigParameters(custom)).getClient({ chainId: 31337 }))).toBe('http://127.0.0.1:7777/rpc');
  });

  it('works with the element entry\'s createModal (no viem clients of its own)', () => {
    const core = createModalCore(testOptions({ storage: createMemoryStorage() }), { discoveryTarget: null, location: null, fetch: createFakeFetch(fakeBlockchainApi) });
    const config = createConfig(wagmiConfigParameters(core));
    expect((config.getClient({ chainId: 31337 }).transport as { url?: string }).url).toBe('http://127.0.0.1:9545');
    expect(config.connectors[0].id).toBe(MINIBOT_CONNECTOR_ID);
    setDefaultClient(undefined);
    const custom = createModalCore(testOptions({ storage: createMemoryStorage(), customRpcUrls: { 'eip155:31337': [{ url: 'http://127.0.0.1:7777/rpc' }] } }), {
      discoveryTarget: null, location: null, fetch: createFakeFetch(fakeBlockchainApi),
    });
    expect((createConfig(wagmiConfigParameters(custom)).getClient({ chainId: 31337 }).transport as { url?: string }).url).toBe('http://127.0.0.1:7777/rpc');
  });

  it('passes ssr and storage through, and refuses a modal without EVM networks', () => {
    const { modal } = setup();
    const storage = createStorage({ storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined } });
    expect(wagmiConfigParameters(modal, { ssr: true, storage })).toMatchObject({ ssr: true, storage });
    expect(() => wagmiConfigParameters({} as ModalClient)).toThrow('wagmiConfigParameters needs a modal made by createModal.');
  });
});

describe('minibotConnector', () => {
  it("wagmi's connect opens the modal and resolves with the wallet the visitor picks there", async () => {
    const { modal, controllers } = setup();
    await flush();
    const config = wagmiConfig(modal);
    const connecting = connect(config, { connector: modalConnector(config) });
    await opened(modal);
    await controllers.connection.connect('com.test');
    expect(await connecting).toEqual({ accounts: [ADDRESS], chainId: 56 });
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: ADDRESS, chainId: 56, connector: { id: MINIBOT_CONNECTOR_ID } });
  });

  it('closing the modal without connecting rejects wagmi\'s connect as a user rejection', async () => {
    const { modal } = setup();
    await flush();
    const config = wagmiConfig(modal);
    const connecting = connect(config, { connector: modalConnector(config) });
    await opened(modal);
    modal.close();
    await expect(connecting).rejects.toBeInstanceOf(UserRejectedRequestError);
    expect(getConnection(config).status).toBe('disconnected');
  });

  it('a connect made in the modal (its own button) connects wagmi; a disconnect in the modal disconnects it', async () => {
    const { modal, controllers } = setup();
    await flush();
    const config = wagmiConfig(modal);
    await controllers.connection.connect('com.test');
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: ADDRESS, chainId: 56 });
    await modal.disconnect();
    expect(getConnection(config).status).toBe('disconnected');
  });

  it("wagmi's disconnect disconnects the modal (and so its button)", async () => {
    const { modal, controllers } = setup();
    await flush();
    const config = wagmiConfig(modal);
    await controllers.connection.connect('com.test');
    await disconnect(config);
    expect(modal.getAccount()).toMatchObject({ isConnected: false, status: 'disconnected' });
    expect(getConnection(config).status).toBe('disconnected');
  });

  it("wagmi follows the wallet's account and chain changes, and wagmi's switchChain goes through the modal", async () => {
    const { modal, controllers, wallet } = setup();
    await flush();
    const config = wagmiConfig(modal);
    await controllers.connection.connect('com.test');
    wallet.state.account = OTHER;
    wallet.provider.emit('accountsChanged', [OTHER]);
    await vi.waitFor(() => expect(getConnection(config).address).toBe(OTHER));
    await switchChain(config, { chainId: 31337 });
    expect(await modal.getWalletChainId()).toBe(31337);
    expect(modal.getAccount().chainId).toBe(31337);
    expect(getConnection(config).chainId).toBe(31337);
  });

  it("the provider wagmi's clients use is the connected wallet's: requests reach it", async () => {
    const { modal, controllers, wallet } = setup();
    await flush();
    const config = wagmiConfig(modal);
    await controllers.connection.connect('com.test');
    const provider = (await modalConnector(config).getProvider()) as { request(args: { method: string }): Promise<unknown> };
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x38');
    expect(wallet.provider.calls.at(-1)?.method).toBe('eth_chainId');
    await modal.disconnect();
    await expect(provider.request({ method: 'eth_chainId' })).rejects.toBeInstanceOf(UserRejectedRequestError);
  });

  it("reconnect on reload: wagmi's reconnect waits for the modal to restore the last wallet", async () => {
    const storage = createMemoryStorage({ [STORAGE_KEYS.connectorId]: 'com.test' });
    const { modal } = setup({ storage, authorized: true });
    const config = wagmiConfig(modal);
    const connections = await reconnect(config);
    expect(connections).toEqual([expect.objectContaining({ accounts: [ADDRESS], chainId: 56 })]);
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: ADDRESS });
  });

  it('reconnect finds nothing when the modal has no wallet to restore', async () => {
    const { modal } = setup();
    const config = wagmiConfig(modal);
    expect(await reconnect(config)).toEqual([]);
    expect(getConnection(config).status).toBe('disconnected');
    expect(await minibotConnector(modal)({ chains: config.chains, emitter: { emit: () => undefined } as never }).isAuthorized()).toBe(false);
  });
});

describe('types', () => {
  const local = defineEvmNetwork({ id: 31337, name: 'BSC Local', nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } });

  it("keeps the networks' literal chain ids through createConfig, so wagmi's actions take only the configured chains", () => {
    // A plain array, as a dapp writes it: each network's own type carries its id.
    const networks = [bscNetwork, local];
    const { modal } = setup({ networks });
    const config = createConfig(wagmiConfigParameters(modal, { networks }));
    expectTypeOf<(typeof config)['chains'][number]['id']>().toEqualTypeOf<56 | 31337>();
    expect(config.chains.map((chain) => chain.id)).toEqual([56, 31337]);
    // Never called: the check is the compiler's.
    const switchToMainnet = () =>
      // @ts-expect-error 1 is not one of the config's chains
      switchChain(config, { chainId: 1 });
    expectTypeOf(switchToMainnet).toBeFunction();
  });

  it('takes some of the modal\'s networks, in their order, leaves Solana out and refuses a network the modal does not have', () => {
    const { modal } = setup({ networks: [bscNetwork, local, solanaNetwork] });
    const parameters = wagmiConfigParameters(modal, { networks: [local, bscNetwork, solanaNetwork] });
    expectTypeOf<(typeof parameters)['chains'][number]['id']>().toEqualTypeOf<31337 | 56>();
    expect(parameters.chains.map((chain) => chain.id)).toEqual([31337, 56]);
    const elsewhere = defineEvmNetwork({ id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } } });
    expect(() => wagmiConfigParameters(modal, { networks: [elsewhere] })).toThrow("eip155:1 is not one of the modal's networks");
  });

  it('types every chain id as a number when no networks are given', () => {
    const { modal } = setup();
    expectTypeOf<ReturnType<typeof wagmiConfigParameters>['chains'][number]['id']>().toEqualTypeOf<number>();
    expectTypeOf(wagmiConfigParameters(modal).chains[0].id).toEqualTypeOf<number>();
  });

  it("declares wagmi's shapes that wagmi's own types accept: the connector, more connectors and wagmi's storage", () => {
    const { modal } = setup();
    expectTypeOf(minibotConnector(modal)).toExtend<CreateConnectorFn>();
    const storage = createStorage({ storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined } });
    const config = createConfig(wagmiConfigParameters(modal, { networks: [bscNetwork], connectors: [injected()], storage }));
    expect(config.connectors.map((connector) => connector.id)).toEqual([MINIBOT_CONNECTOR_ID, 'injected']);
    expectTypeOf(config.connectors).items.toHaveProperty('id');
  });
});
