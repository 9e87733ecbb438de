import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setDefaultClient } from '../client-registry.js';
import { createFakeWallet, flush, json, type FakeRoute } from '../core/testing.js';
import { createMemoryStorage } from '../storage.js';
import { WALLET_CONNECT_WALLET, type HeadlessWallet } from './index.js';
import { ADDRESS, setupHeadless as setup } from './testing/headless-harness.js';

// Lazy modules the stores load; imported once here so that their dynamic imports resolve within a flush.
beforeAll(() => Promise.all([import('../controllers/walletconnect-pairing.js'), import('./directory-wallets.js'), import('../controllers/hub.js'), import('../core/deep-link.js')]));
afterEach(() => setDefaultClient(undefined));

const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const HASH = `0x${'ab'.repeat(32)}`;

describe('headless stores', () => {
  it('offer the announced wallet and the directory (without the installed one twice); snapshots keep identity until a change', async () => {
    const { stores } = setup();
    const seen: unknown[] = [];
    const off = stores.wallets.subscribe(() => seen.push(stores.wallets.getSnapshot()));
    const before = stores.wallets.getSnapshot();
    expect(stores.wallets.getSnapshot()).toBe(before);
    expect(before.installed).toEqual([expect.objectContaining({ id: 'com.test', name: 'Test Wallet', kind: 'injected', connectorId: 'com.test', icon: 'data:image/png;base64,AA==' })]);
    await stores.wallets.load();
    await flush();
    const loaded = stores.wallets.getSnapshot();
    expect(loaded).not.toBe(before);
    // Alpha pairs over WalletConnect; 'Test Wallet' of the directory is the installed extension, shown once.
    expect(loaded.featured.map((w) => [w.name, w.kind])).toEqual([['Alpha', 'walletConnect']]);
    expect(loaded.all.map((w) => [w.name, w.kind, w.connectorId])).toEqual([
      ['Alpha', 'walletConnect', undefined],
      ['Test Wallet', 'injected', 'com.test'],
    ]);
    expect(loaded.walletConnect).toBe(WALLET_CONNECT_WALLET);
    expect(loaded.count).toBe(2);
    // Nothing changed: the same objects, down to each wallet.
    expect(stores.wallets.getSnapshot()).toBe(loaded);
    const notified = seen.length;
    off();
    stores.wallets.setSearch('alp');
    await flush();
    expect(seen).toHaveLength(notified);
  });

  it('connect(wallet): connecting, then connected; the account store follows with its network and wallet', async () => {
    const { stores } = setup();
    const installed = stores.wallets.getSnapshot().installed[0];
    const statuses: string[] = [];
    stores.connect.subscribe(() => statuses.push(stores.connect.getSnapshot().status));
    const account = stores.account.getSnapshot();
    expect(account).toMatchObject({ isConnected: false, status: 'disconnected' });
    await stores.connect.connect(installed);
    expect(statuses).toContain('connecting');
    expect(stores.connect.getSnapshot()).toMatchObject({ status: 'connected', wallet: installed });
    expect(stores.account.getSnapshot()).toMatchObject({ isConnected: true, address: ADDRESS, chainId: 31337, connectorId: 'com.test', network: { id: 31337 }, wallet: { name: 'Test Wallet' } });
    await stores.account.disconnect();
    expect(stores.account.getSnapshot()).toMatchObject({ isConnected: false, status: 'disconnected' });
  });

  it("connect(wallet): a rejection in the wallet is 'rejected'; another failure is 'failed' with the error, and retry asks again", async () => {
    const { stores, wallet } = setup({ rejectConnect: true });
    const installed = stores.wallets.getSnapshot().installed[0];
    await stores.connect.connect(installed);
    expect(stores.connect.getSnapshot()).toMatchObject({ status: 'rejected', wallet: installed });
    wallet.state.rejectConnect = false;
    const request = wallet.provider.request.bind(wallet.provider);
    wallet.provider.request = async (args) => {
      if (args.method === 'eth_requestAccounts') throw { code: -32603, message: 'Internal error' };
      return request(args);
    };
    await stores.connect.retry();
    expect(stores.connect.getSnapshot()).toMatchObject({ status: 'failed', wallet: installed, error: 'Internal error' });
  });

  it('a directory wallet pairs over WalletConnect: the URI and its deep link appear, then the session connects', async () => {
    const { stores, wc } = setup();
    await stores.wallets.load();
    const alpha = stores.wallets.getSnapshot().featured[0] as HeadlessWallet;
    const pairing = stores.connect.connect(alpha);
    await flush();
    expect(stores.connect.getSnapshot()).toMatchObject({ status: 'connecting', wallet: alpha });
    expect(stores.walletConnect.getSnapshot()).toMatchObject({
      status: 'ready',
      uri: 'wc:abc@2?relay-protocol=irn&symKey=1',
      deepLink: `alpha://wc?uri=${encodeURIComponent('wc:abc@2?relay-protocol=irn&symKey=1')}`,
    });
    expect(stores.walletConnect.isPairingExpired()).toBe(false);
    wc.approve([`eip155:31337:${ADDRESS}`]);
    await pairing;
    await flush();
    expect(stores.connect.getSnapshot().status).toBe('connected');
    expect(stores.account.getSnapshot()).toMatchObject({ address: ADDRESS, connectorId: 'walletConnect' });
    // It became a recent wallet.
    expect(stores.wallets.getSnapshot().recent.map((w) => w.name)).toEqual(['Alpha']);
  });

  it('WalletConnect itself: a declined proposal is rejected', async () => {
    const { stores, wc } = setup();
    const pairing = stores.connect.connect(WALLET_CONNECT_WALLET);
    await flush();
    expect(stores.walletConnect.getSnapshot().uri).toMatch(/^wc:/);
    wc.fail({ code: 5000, message: 'User rejected.' });
    await pairing;
    expect(stores.connect.getSnapshot()).toMatchObject({ status: 'rejected', error: 'Connection declined' });
  });

  it('the modal store follows open() and close() with no element mounted', async () => {
    const { stores } = setup();
    const opened = stores.modal.getSnapshot();
    expect(opened).toEqual({ open: false, view: expect.any(String) });
    await stores.modal.show();
    expect(stores.modal.getSnapshot()).toMatchObject({ open: true, view: 'Connect' });
    stores.modal.close();
    expect(stores.modal.getSnapshot().open).toBe(false);
  });
});

describe('headless hub stores', () => {
  const USDT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
  const balance = (symbol: string, numeric: string, address?: string) => ({
    name: symbol,
    symbol,
    chainId: 'eip155:31337',
    price: 1,
    value: Number(numeric),
    quantity: { decimals: '18', numeric },
    iconUrl: '',
    ...(address ? { address: `eip155:31337:${address}` } : {}),
  });
  const hubRoute: FakeRoute = (r) => {
    if (r.url.includes('/balance')) return json({ balances: [balance('BNB', '2'), balance('USDT', '10', USDT)] });
    if (r.url.includes('/v1/convert/gas-price')) return json({ standard: '1000000000', fast: '1200000000', instant: '1500000000' });
    if (r.url.includes('/history')) return json({ data: [], next: null });
    if (r.method === 'POST' && r.body?.includes('eth_getTransactionReceipt')) return json({ jsonrpc: '2.0', id: JSON.parse(r.body).id, result: { status: '0x1' } });
    return undefined;
  };
  async function connected() {
    const wallet = createFakeWallet({ chainId: 31337, knownChains: [56, 31337] });
    const request = wallet.provider.request.bind(wallet.provider);
    const sent: unknown[] = [];
    wallet.provider.request = async (args) => {
      if (args.method === 'eth_sendTransaction') return (sent.push(args.params), HASH);
      if (args.method === 'wallet_getCapabilities') return {};
      return request(args);
    };
    const context = setup({ wallet, route: hubRoute });
    await context.stores.connect.connect(context.stores.wallets.getSnapshot().installed[0]);
    return { ...context, wallet, sent };
  }

  it('balances load on subscription for the connected account; the snapshot keeps identity between changes', async () => {
    const { stores } = await connected();
    const off = stores.balances.subscribe(() => undefined);
    await vi.waitFor(() => expect(stores.balances.getSnapshot().balances).toHaveLength(2));
    const loaded = stores.balances.getSnapshot();
    expect(loaded.balances.map((b) => b.symbol)).toEqual(['BNB', 'USDT']);
    expect(loaded.totalUsd).toBe(12);
    expect(stores.balances.getSnapshot()).toBe(loaded);
    off();
  });

  it('send: the form tells what blocks it, then submits through the chain room (eth_sendTransaction) and keeps the sent transaction', async () => {
    const { stores, sent } = await connected();
    const off = stores.send.subscribe(() => undefined);
    await flush();
    expect(stores.send.getSnapshot()).toMatchObject({ canSend: false, blocker: 'selectToken' });
    await stores.balances.refetch();
    const token = stores.balances.getSnapshot().balances.find((b) => b.symbol === 'USDT')!;
    await stores.send.selectToken(token);
    expect(stores.send.getSnapshot().blocker).toBe('enterAmount');
    await stores.send.setAmount('11');
    expect(stores.send.getSnapshot().blocker).toBe('insufficientFunds');
    await stores.send.setAmount('1.5');
    await stores.send.setReceiver('0x12');
    expect(stores.send.getSnapshot().blocker).toBe('invalidReceiver');
    await expect(stores.send.submit()).rejects.toMatchObject({ name: 'SendNotPossibleError', reason: 'invalidReceiver' });
    await stores.send.setReceiver(RECEIVER);
    expect(stores.send.getSnapshot()).toMatchObject({ canSend: true, sendTokenAmount: '1.5', receiverAddress: RECEIVER });
    expect(await stores.send.submit()).toBe('sent');
    expect(sent).toEqual([[expect.objectContaining({ from: ADDRESS, to: USDT })]]);
    expect(stores.send.getSnapshot().last).toMatchObject({ hash: HASH, to: RECEIVER });
    off();
  });

  it('activity loads its first page on subscription', async () => {
    const { stores, fetch } = await connected();
    const off = stores.activity.subscribe(() => undefined);
    await vi.waitFor(() => expect(stores.activity.getSnapshot().hasMore).toBe(false));
    expect(fetch.requests.some((r) => r.url.includes('/history'))).toBe(true);
    expect(stores.activity.getSnapshot()).toMatchObject({ transactions: [], loading: false, hasMore: false });
    off();
  });
});

describe('headless with the wagmi connector on one client', () => {
  it("wagmi's connect opens the headless modal state; the dapp's own list connects a wallet and wagmi has it", async () => {
    const { connect, createConfig, createStorage, getConnection } = await import('@wagmi/core');
    const { wagmiConfigParameters } = await import('../wagmi/index.js');
    const { client, stores } = setup();
    const config = createConfig(wagmiConfigParameters(client, { storage: createStorage({ storage: createMemoryStorage() }) }));
    const connecting = connect(config, { connector: config.connectors[0] });
    await flush();
    // The dapp's dialog follows the modal store; its connect list calls the connect store.
    expect(stores.modal.getSnapshot().open).toBe(true);
    await stores.connect.connect(stores.wallets.getSnapshot().installed[0]);
    await connecting;
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: ADDRESS, chainId: 31337 });
    expect(stores.modal.getSnapshot().open).toBe(false);
  });

  it("closing the dapp's dialog rejects wagmi's connect as a user rejection", async () => {
    const { connect, createConfig, createStorage } = await import('@wagmi/core');
    const { wagmiConfigParameters } = await import('../wagmi/index.js');
    const { client, stores } = setup();
    const config = createConfig(wagmiConfigParameters(client, { storage: createStorage({ storage: createMemoryStorage() }) }));
    const connecting = connect(config, { connector: config.connectors[0] });
    await flush();
    stores.modal.close();
    await expect(connecting).rejects.toMatchObject({ name: 'UserRejectedRequestError' });
  });
});
