import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { describe, expect, it, vi } from 'vitest';
import { createEip6963Discovery, type DiscoveryTarget } from '../connectors/eip6963.js';
import { createFakeClock, flush } from '../core/testing.js';
import { createMemoryStorage, STORAGE_KEYS } from '../storage.js';
import { createConnectionController } from './connection.js';
import { createSolanaController } from './solana-connection.js';

const CHAIN = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1';
const ALICE = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const BOB = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

/** A Wallet Standard wallet with one Solana account: connect (refused on command), silent connect, change events. */
function fakeWallet() {
  const account = (address: string): WalletAccount => ({ address, publicKey: new Uint8Array(32), chains: [CHAIN], features: [] });
  const listeners = new Set<(change: { accounts?: WalletAccount[] }) => void>();
  const state = { authorized: false, refuse: false, accounts: [account(ALICE)] };
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
  return { wallet, state, emit };
}

function setup(storage = createMemoryStorage(), fake = fakeWallet()) {
  const clock = createFakeClock();
  const discovery = createEip6963Discovery(new EventTarget() as EventTarget & DiscoveryTarget, clock);
  const onReset = vi.fn();
  let solana: ReturnType<typeof createSolanaController> | undefined;
  const connection = createConnectionController({
    storage,
    discovery,
    onSession: vi.fn(),
    onChainChanged: vi.fn(),
    onReset,
    reconnectWaitMs: 0,
    loadSolana: async () => (solana ??= createSolanaController({ clock, storage, connection, onReset, connectionFailed: 'Connection failed', registry: () => ({ get: () => [fake.wallet], on: () => () => undefined }) })),
  });
  return { connection, storage, onReset, fake, load: () => connection.connect('wallet-standard:Fake Solana') };
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

  it('reconnects silently on load only when its connector id is stored; disconnect ends it in the wallet', async () => {
    const fake = fakeWallet();
    const storage = createMemoryStorage();
    const first = setup(storage, fake);
    await first.load();
    const reloaded = setup(storage, fake);
    await reloaded.connection.reconnect();
    await vi.waitFor(() => expect(reloaded.connection.getState()).toMatchObject({ status: 'connected', solanaAddress: ALICE }));
    await reloaded.connection.disconnect();
    expect(reloaded.connection.getState()).toMatchObject({ status: 'disconnected', solanaConnectorId: undefined });
    expect((fake.wallet.features['standard:disconnect'] as { disconnect: ReturnType<typeof vi.fn> }).disconnect).toHaveBeenCalled();
    const loadSolana = vi.fn();
    const without = createConnectionController({
      storage: createMemoryStorage(),
      discovery: createEip6963Discovery(new EventTarget() as EventTarget & DiscoveryTarget, createFakeClock()),
      onSession: vi.fn(),
      onChainChanged: vi.fn(),
      onReset: vi.fn(),
      loadSolana,
    });
    await without.reconnect();
    await flush();
    expect(loadSolana).not.toHaveBeenCalled();
  });
});
