import { describe, expect, it, vi } from 'vitest';
import { createEip6963Discovery, type DiscoveryTarget } from '../connectors/eip6963.js';
import { withSignature } from '../connectors/solana/walletconnect-connector.js';
import { decodeBase58, encodeBase58 } from '../connectors/solana/rules.js';
import type { WcUniversalProvider } from '../connectors/walletconnect.js';
import { defineSolanaNetwork } from '../core/networks.js';
import { createFakeClock, createFakeFetch, createFakeProvider, testOptions } from '../core/testing.js';
import { messages } from '../texts/messages.js';
import { createMemoryStorage, STORAGE_KEYS } from '../storage.js';
import { createControllers } from './index.js';
import { resolveOptions } from './options.js';

/** Issue 23: a WalletConnect wallet that approves a Solana account is connected in the solana namespace. */

const CLUSTER = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1';
const MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const ALICE = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const EVM = '0x1111111111111111111111111111111111111111';
const SIGNATURE = encodeBase58(new Uint8Array(64).fill(7));
const SOLANA_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'];

type Namespaces = NonNullable<WcUniversalProvider['session']>['namespaces'];

/** A universal provider whose wallet approves `namespaces` when the pairing starts (or that restored them on load). */
function fakeUniversalProvider(namespaces: Namespaces, options: { restored?: boolean } = {}) {
  const requests: { method: string; params?: unknown; chain?: string }[] = [];
  const base = createFakeProvider(() => null);
  const provider = Object.assign(base, {
    client: { core: { verify: { isDevEnv: false } } },
    session: options.restored ? { namespaces } : undefined,
    async request(args: { method: string; params?: unknown }, chain?: string) {
      requests.push({ ...args, chain });
      if (args.method === 'solana_signAndSendTransaction' || args.method === 'solana_signMessage') return { signature: SIGNATURE };
      if (args.method === 'solana_signTransaction') return { signature: SIGNATURE };
      return null;
    },
    connect: vi.fn(async () => {
      base.emit('display_uri', 'wc:abc@2?relay-protocol=irn&symKey=1');
      provider.session = { namespaces };
    }),
    disconnect: vi.fn(async () => {
      provider.session = undefined;
    }),
    setDefaultChain: vi.fn(),
    requests,
  });
  return provider as typeof provider & WcUniversalProvider;
}

function bag(provider: ReturnType<typeof fakeUniversalProvider>, storage = createMemoryStorage()) {
  const cluster = defineSolanaNetwork({ caipNetworkId: CLUSTER, name: 'Solana Local', rpcUrl: 'http://127.0.0.1:9899' });
  const controllers = createControllers({
    options: resolveOptions(testOptions({ networks: [...testOptions().networks, cluster] })),
    fetch: createFakeFetch(() => undefined),
    storage,
    clock: createFakeClock(),
    isMobile: false,
    discovery: createEip6963Discovery(new EventTarget() as EventTarget & DiscoveryTarget),
    loadWalletConnect: async () => provider,
    readNativeBalance: async () => 0n,
    reconnectWaitMs: 0,
  });
  return controllers;
}

const solanaOnly: Namespaces = { solana: { accounts: [`${CLUSTER}:${ALICE}`], methods: SOLANA_METHODS } };
const both: Namespaces = { eip155: { accounts: [`eip155:56:${EVM}`] }, ...solanaOnly };

describe('a WalletConnect session in the solana namespace', () => {
  it('a Solana account of a configured cluster connects the solana namespace (caipAddress solana:<ref>:<address>), active on Solana', async () => {
    const provider = fakeUniversalProvider(solanaOnly);
    const storage = createMemoryStorage();
    const controllers = bag(provider, storage);
    await controllers.walletConnect.connect();
    expect(controllers.walletConnect.getState().status).toBe('connected');
    expect(controllers.connection.getState()).toMatchObject({ status: 'connected', solanaConnectorId: 'walletConnect', solanaAddress: ALICE });
    await vi.waitFor(() => expect(controllers.account.getState().byNamespace.solana.caipAddress).toBe(`${CLUSTER}:${ALICE}`));
    expect(controllers.getAccount()).toMatchObject({ isConnected: true, address: undefined, solana: { address: ALICE, connectorId: 'walletConnect' } });
    await vi.waitFor(() => expect(controllers.networks.getState().activeNamespace).toBe('solana'));
    expect(storage.getItem(STORAGE_KEYS.solanaConnectorId)).toBe('walletConnect');
    expect(storage.getItem(STORAGE_KEYS.connectorId)).toBeNull();
  });

  it('signs over WalletConnect requests on its cluster: send (base64 transaction) and sign-in (base58 message)', async () => {
    const provider = fakeUniversalProvider(solanaOnly);
    const controllers = bag(provider);
    await controllers.walletConnect.connect();
    const connector = controllers.solana!.current!.connector()!;
    expect([connector.canSendTransactions, connector.canSignIn]).toEqual([true, true]);
    const send = vi.fn();
    const transaction = new Uint8Array([1, 2, 3]);
    expect(await connector.signAndSend({ address: ALICE, chain: CLUSTER, transaction, send })).toBe(SIGNATURE);
    expect(send).not.toHaveBeenCalled();
    const signed = await connector.signIn({ domain: 'dapp.example', address: ALICE, uri: 'https://dapp.example', chainId: CLUSTER.slice(7), nonce: 'n0nce123', issuedAt: '2026-01-01T00:00:00.000Z' });
    expect(signed).toMatchObject({ address: ALICE, signature: SIGNATURE });
    expect(signed.message.startsWith('dapp.example wants you to sign in with your Solana account:\n' + ALICE)).toBe(true);
    expect(provider.requests).toEqual([
      { method: 'solana_signAndSendTransaction', params: { transaction: 'AQID', sendOptions: { preflightCommitment: 'confirmed' } }, chain: CLUSTER },
      { method: 'solana_signMessage', params: { message: encodeBase58(new TextEncoder().encode(signed.message)), pubkey: ALICE }, chain: CLUSTER },
    ]);
  });

  it('an account of a cluster the dapp does not configure is ignored: nothing connects', async () => {
    const controllers = bag(fakeUniversalProvider({ solana: { accounts: [`${MAINNET}:${ALICE}`], methods: SOLANA_METHODS } }));
    await controllers.walletConnect.connect();
    expect(controllers.walletConnect.getState()).toMatchObject({ status: 'error', error: messages.connectionFailed });
    expect(controllers.connection.getState().status).toBe('disconnected');
    expect(controllers.getAccount().solana).toBeUndefined();
    expect(controllers.solana!.current).toBeUndefined();
  });

  it('an EVM-only session is unchanged: the EVM session, no Solana chunk', async () => {
    const controllers = bag(fakeUniversalProvider({ eip155: { accounts: [`eip155:56:${EVM}`] } }));
    await controllers.walletConnect.connect();
    expect(controllers.connection.getState()).toMatchObject({ status: 'connected', connectorId: 'walletConnect' });
    expect(controllers.getAccount()).toMatchObject({ address: EVM, chainId: 56, solana: undefined });
    expect(controllers.solana!.current).toBeUndefined();
  });

  it('with both namespaces: both connected, EVM stays active; disconnect ends the one session and both namespaces', async () => {
    const provider = fakeUniversalProvider(both);
    const storage = createMemoryStorage();
    const controllers = bag(provider, storage);
    await controllers.walletConnect.connect();
    expect(controllers.getAccount()).toMatchObject({ address: EVM, solana: { address: ALICE, connectorId: 'walletConnect' } });
    expect(controllers.account.getState().byNamespace.eip155.address).toBe(EVM);
    expect(controllers.networks.getState().activeNamespace).toBe('eip155');

    await controllers.connection.disconnect();
    expect(provider.disconnect).toHaveBeenCalledOnce();
    expect(controllers.connection.getState()).toMatchObject({ status: 'disconnected', connectorId: undefined, solanaConnectorId: undefined });
    expect(controllers.getAccount().isConnected).toBe(false);
    expect([storage.getItem(STORAGE_KEYS.connectorId), storage.getItem(STORAGE_KEYS.solanaConnectorId)]).toEqual([null, null]);
  });

  it('the wallet ending the session ends the Solana session', async () => {
    const provider = fakeUniversalProvider(solanaOnly);
    const controllers = bag(provider);
    await controllers.walletConnect.connect();
    provider.session = undefined;
    provider.emit('session_delete', { topic: 't' });
    expect(controllers.connection.getState()).toMatchObject({ status: 'disconnected', solanaConnectorId: undefined });
  });

  it('reload restores a Solana-only session and a session with both namespaces', async () => {
    const storage = createMemoryStorage();
    await bag(fakeUniversalProvider(solanaOnly), storage).walletConnect.connect();
    const reloaded = bag(fakeUniversalProvider(solanaOnly, { restored: true }), storage);
    await reloaded.connection.reconnect();
    await vi.waitFor(() => expect(reloaded.getAccount()).toMatchObject({ isConnected: true, solana: { address: ALICE, connectorId: 'walletConnect' } }));

    const storageBoth = createMemoryStorage();
    await bag(fakeUniversalProvider(both), storageBoth).walletConnect.connect();
    const provider = fakeUniversalProvider(both, { restored: true });
    const reloadedBoth = bag(provider, storageBoth);
    expect(await reloadedBoth.connection.reconnect()).toBe(true);
    await vi.waitFor(() => expect(reloadedBoth.getAccount()).toMatchObject({ address: EVM, solana: { address: ALICE } }));
    await reloadedBoth.connection.disconnect();
    expect(provider.disconnect).toHaveBeenCalledOnce();
  });
});

describe('withSignature', () => {
  // A legacy one-signer transaction: 1 slot, header (1 signer, 0, 1 read-only), 2 keys, blockhash, no instructions.
  const payer = decodeBase58(ALICE)!;
  const other = new Uint8Array(32).fill(9);
  const wire = new Uint8Array([1, ...new Uint8Array(64), 1, 0, 1, 2, ...payer, ...other, ...new Uint8Array(32).fill(3), 0]);
  const signature = new Uint8Array(64).fill(5);

  it("puts a wallet's signature into its account's slot; an account that signs nothing is refused", () => {
    const signed = withSignature(wire, payer, signature);
    expect([...signed.subarray(1, 65)]).toEqual([...signature]);
    expect([...signed.subarray(65)]).toEqual([...wire.subarray(65)]);
    expect(() => withSignature(wire, other, signature)).toThrow('The transaction needs no signature of this account');
  });

  it('reads a v0 message (its version byte before the header)', () => {
    const v0 = new Uint8Array([1, ...new Uint8Array(64), 0x80, 1, 0, 1, 2, ...payer, ...other, ...new Uint8Array(32).fill(3), 0, 0]);
    expect([...withSignature(v0, payer, signature).subarray(1, 65)]).toEqual([...signature]);
  });
});
