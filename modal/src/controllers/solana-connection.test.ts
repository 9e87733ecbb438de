import { getWallets } from '@wallet-standard/app';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { describe, expect, it, vi } from 'vitest';
import { createEip6963Discovery, type DiscoveryTarget } from '../connectors/eip6963.js';
import { createFakeClock, createFakeFetch, createFakeWallet, json, testOptions } from '../core/testing.js';
import { defineSolanaNetwork } from '../core/networks.js';
import { createControllers } from './index.js';
import { resolveOptions } from './options.js';
import { createMemoryStorage, STORAGE_KEYS } from '../storage.js';
import { createConnectionController } from './connection.js';
import { createSolanaController } from './solana-connection.js';
import { coreMessages } from '../texts/core-messages.js';

const CHAIN = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1';
const ALICE = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const BOB = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

/** A Wallet Standard wallet with one Solana account: connect (refused on command), silent connect, change events. */
function fakeWallet() {
  const state = { authorized: false, refuse: false, chains: [CHAIN] as WalletAccount['chains'], accounts: [] as WalletAccount[] };
  const account = (address: string): WalletAccount => ({ address, publicKey: new Uint8Array(32), chains: state.chains, features: [] });
  state.accounts = [account(ALICE)];
  const listeners = new Set<(change: { accounts?: WalletAccount[] }) => void>();
  const wallet = {
    version: '1.0.0',
    name: 'Fake Solana',
    icon: 'data:image/svg+xml,<svg/>',
    chains: [CHAIN],
    get accounts() {
      return state.authorized ? state.accounts : [];
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          if (input?.silent) return { accounts: wallet.accounts };
          if (state.refuse) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
          state.authorized = true;
          return { accounts: wallet.accounts };
        },
      },
      'standard:disconnect': { version: '1.0.0', disconnect: vi.fn(async () => void (state.authorized = false)) },
      'standard:events': {
        version: '1.0.0',
        on(_event: 'change', listener: (change: { accounts?: WalletAccount[] }) => void) {
          listeners.add(listener);
          return () => void listeners.delete(listener);
        },
      },
    },
  } as unknown as Wallet;
  const emit = (addresses: string[]) => {
    state.accounts = addresses.map(account);
    for (const listener of [...listeners]) listener({ accounts: state.accounts });
  };
  /** The account moves to other clusters (as a wallet reports a cluster switch). */
  const moveTo = (chains: WalletAccount['chains']) => {
    state.chains = chains;
    emit(state.accounts.map((a) => a.address));
  };
  return { wallet, state, emit, moveTo };
}

function setup(storage = createMemoryStorage(), fake = fakeWallet()) {
  const clock = createFakeClock();
  // An EIP-6963 wallet beside it, for the two sessions at once.
  const evm = createFakeWallet({ chainId: 56 });
  const target = new EventTarget() as EventTarget & DiscoveryTarget;
  target.addEventListener('eip6963:requestProvider', () =>
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: 'evm', name: 'EVM Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'com.test.evm' }, provider: evm.provider } })),
  );
  const discovery = createEip6963Discovery(target);
  discovery.start();
  const onReset = vi.fn();
  let solana: ReturnType<typeof createSolanaController> | undefined;
  // What the bag does: the chunk is made on the first open (the Connect view), or on load when its wallet is stored.
  const makeSolana = () =>
    (solana ??= createSolanaController({ clock, storage, connection, onReset, connectionFailed: 'Connection failed', registry: () => ({ get: () => [fake.wallet], on: () => () => undefined }) }));
  const connection = createConnectionController({
    messages: coreMessages,
    storage,
    discovery,
    onSession: vi.fn(),
    onChainChanged: vi.fn(),
    onReset,
    reconnectWaitMs: 0,
    clock,
  });
  // The bag makes the chunk on load when a Solana wallet is stored; it then reconnects that wallet.
  if (storage.getItem(STORAGE_KEYS.solanaConnectorId)) void makeSolana().reconnect();
  return {
    connection,
    storage,
    onReset,
    fake,
    evm,
    load: () => {
      makeSolana();
      return connection.connect('wallet-standard:Fake Solana');
    },
  };
}

/** The modal's controllers with a Solana network, the Fake Solana wallet (registered by the caller) connected. */
async function connectedSolanaBag(fetch: ReturnType<typeof createFakeFetch>) {
  const solanaLocal = defineSolanaNetwork({ caipNetworkId: CHAIN, name: 'Solana Local', rpcUrl: 'http://127.0.0.1:9899' });
  const bag = createControllers({
    options: resolveOptions(testOptions({ networks: [...testOptions().networks, solanaLocal] })),
    fetch,
    storage: createMemoryStorage(),
    clock: createFakeClock(),
    isMobile: false,
    discovery: createEip6963Discovery(new EventTarget() as EventTarget & DiscoveryTarget),
    loadWalletConnect: () => Promise.reject(new Error('not in this test')),
    reconnectWaitMs: 0,
  });
  await bag.solana!.load();
  await bag.connection.connect('wallet-standard:Fake Solana');
  return bag;
}

describe('the Solana session of the connection', () => {
  it('connects a wallet-standard: connector in its chunk: connected, its address and connector id in the state and storage', async () => {
    const { connection, storage, load } = setup();
    await load();
    expect(connection.getState()).toMatchObject({ status: 'connected', connectorId: 'wallet-standard:Fake Solana', solanaConnectorId: 'wallet-standard:Fake Solana', solanaAddress: ALICE, connectRequest: { status: 'idle' } });
    expect(connection.getState().solanaConnectors?.map((c) => [c.id, c.namespace])).toEqual([['wallet-standard:Fake Solana', 'solana']]);
    expect(storage.getItem(STORAGE_KEYS.solanaConnectorId)).toBe('wallet-standard:Fake Solana');
    expect(storage.getItem(STORAGE_KEYS.connectorId)).toBeNull();
  });

  it('a refusal is the rejected request, nothing connected', async () => {
    const fake = fakeWallet();
    fake.state.refuse = true;
    const { connection, load } = setup(undefined, fake);
    await load();
    expect(connection.getState()).toMatchObject({ status: 'disconnected', connectRequest: { status: 'rejected', connectorId: 'wallet-standard:Fake Solana' } });
    expect(connection.getState().solanaConnectorId).toBeUndefined();
  });

  it('follows the wallet: another account changes the address; none left ends the session and resets', async () => {
    const { connection, storage, onReset, fake, load } = setup();
    await load();
    fake.emit([BOB]);
    expect(connection.getState().solanaAddress).toBe(BOB);
    fake.emit([]);
    expect(connection.getState()).toMatchObject({ status: 'disconnected', solanaConnectorId: undefined, solanaAddress: undefined });
    expect(onReset).toHaveBeenCalledOnce();
    expect(storage.getItem(STORAGE_KEYS.solanaConnectorId)).toBeNull();
  });

  it('reconnects silently on load when its connector id is stored; disconnect ends it in the wallet', async () => {
    const fake = fakeWallet();
    const storage = createMemoryStorage();
    const first = setup(storage, fake);
    await first.load();
    const reloaded = setup(storage, fake);
    await vi.waitFor(() => expect(reloaded.connection.getState()).toMatchObject({ status: 'connected', solanaAddress: ALICE }));
    await reloaded.connection.disconnect();
    expect(reloaded.connection.getState()).toMatchObject({ status: 'disconnected', solanaConnectorId: undefined });
    expect((fake.wallet.features['standard:disconnect'] as { disconnect: ReturnType<typeof vi.fn> }).disconnect).toHaveBeenCalled();
    expect(storage.getItem(STORAGE_KEYS.solanaConnectorId)).toBeNull();
  });

  it('with an EVM wallet connected too: the EVM wallet leaving keeps the Solana session (its connector, no reset); disconnect ends both', async () => {
    const { connection, storage, onReset, evm, load } = setup();
    await connection.connect('com.test.evm');
    await load();
    expect(connection.getState()).toMatchObject({ status: 'connected', connectorId: 'com.test.evm', solanaConnectorId: 'wallet-standard:Fake Solana' });
    evm.provider.emit('accountsChanged', []);
    expect(connection.getState()).toMatchObject({ status: 'connected', connectorId: 'wallet-standard:Fake Solana', solanaAddress: ALICE });
    expect(onReset).not.toHaveBeenCalled();
    expect(storage.getItem(STORAGE_KEYS.connectorId)).toBeNull();

    await connection.connect('com.test.evm');
    expect(connection.getState()).toMatchObject({ status: 'connected', connectorId: 'com.test.evm', solanaAddress: ALICE });
    await connection.disconnect();
    expect(connection.getState()).toMatchObject({ status: 'disconnected', connectorId: undefined, solanaConnectorId: undefined, solanaAddress: undefined });
    expect(onReset).toHaveBeenCalledOnce();
    expect(storage.getItem(STORAGE_KEYS.solanaConnectorId)).toBeNull();
  });

  it('a connector id that is not a Wallet Standard one stays with the EVM part (an unknown one fails there)', async () => {
    const { connection, load } = setup();
    await load();
    await connection.disconnect();
    await connection.connect('com.unknown');
    expect(connection.getState()).toMatchObject({ status: 'disconnected', connectRequest: { status: 'failed', connectorId: 'com.unknown' } });
  });

  it('the bag makes the Solana chunk on load only when a Solana wallet is stored (reconnect), and not without a Solana network', async () => {
    const solanaLocal = defineSolanaNetwork({ caipNetworkId: CHAIN, name: 'Solana Local', rpcUrl: 'http://127.0.0.1:9899' });
    const clock = createFakeClock();
    const bag = (storage: ReturnType<typeof createMemoryStorage>, withSolana = true) =>
      createControllers({
        options: resolveOptions(testOptions(withSolana ? { networks: [...testOptions().networks, solanaLocal] } : {})),
        fetch: createFakeFetch(() => undefined),
        storage,
        clock,
        isMobile: false,
        discovery: createEip6963Discovery(new EventTarget() as EventTarget & DiscoveryTarget),
        loadWalletConnect: () => Promise.reject(new Error('not in this test')),
        reconnectWaitMs: 0,
      });
    const empty = bag(createMemoryStorage());
    await empty.connection.reconnect();
    expect(empty.solana?.current).toBeUndefined();

    const stored = createMemoryStorage();
    stored.setItem(STORAGE_KEYS.solanaConnectorId, 'wallet-standard:Fake Solana');
    const reloaded = bag(stored);
    await reloaded.connection.reconnect();
    await vi.waitFor(() => expect(reloaded.solana?.current).toBeDefined());
    // No such wallet registers here: the silent reconnect waits 1 s for it, then forgets it.
    await clock.advance(1000);
    await vi.waitFor(() => expect(stored.getItem(STORAGE_KEYS.solanaConnectorId)).toBeNull());
    expect(reloaded.connection.getState().status).toBe('disconnected');

    expect(bag(stored, false).solana).toBeUndefined();
  });

  it('follows the cluster of the account as the EVM path follows chainChanged: another cluster is the unsupported-network state, back on the configured one it is supported again', async () => {
    const fake = fakeWallet();
    const unregister = getWallets().register(fake.wallet);
    try {
      const bag = await connectedSolanaBag(createFakeFetch(() => undefined));
      await vi.waitFor(() => expect(bag.networks.getState()).toMatchObject({ activeNamespace: 'solana', activeNetwork: { caipNetworkId: CHAIN }, isUnsupported: false }));

      fake.moveTo(['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']);
      expect(bag.networks.getState()).toMatchObject({ activeNamespace: 'solana', isUnsupported: true, walletChainId: undefined });
      expect(bag.connection.getState().solanaAddress).toBe(ALICE);

      fake.moveTo([CHAIN, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']);
      expect(bag.networks.getState()).toMatchObject({ activeNamespace: 'solana', activeNetwork: { caipNetworkId: CHAIN }, isUnsupported: false });
    } finally {
      unregister();
    }
  });

  it('asks the identity endpoint for the Solana address and shows its name and avatar on the Solana account', async () => {
    const fake = fakeWallet();
    const unregister = getWallets().register(fake.wallet);
    const fetch = createFakeFetch(({ url }) => {
      if (url.includes('/v1/supported-chains')) return json({ http: ['eip155:56', CHAIN], ws: [] });
      if (url.includes(`/v1/identity/${ALICE}`)) return json({ name: 'alice.minibot.id', avatar: 'https://img.example/alice.png' });
      return undefined;
    });
    try {
      const bag = await connectedSolanaBag(fetch);
      await vi.waitFor(() => expect(bag.account.getState().byNamespace.solana).toMatchObject({ address: ALICE, profileName: 'alice.minibot.id', profileImage: 'https://img.example/alice.png' }));
      const asked = new URL(fetch.requests.find((r) => r.url.includes('/v1/identity/'))!.url);
      expect(asked.pathname.endsWith(`/v1/identity/${ALICE}`)).toBe(true);
      expect(asked.searchParams.get('sender')).toBe(ALICE);
      expect(bag.account.getState().byNamespace.eip155.profileName).toBeUndefined();
    } finally {
      unregister();
    }
  });
});
