import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClientTestEnvironment, createFakeWallet, testOptions } from './core/testing.js';
import { createModalCore } from './client-core.js';
import { controllersOf, getDefaultClient, setDefaultClient } from './client-registry.js';
import { loadControllers, restoringAddressOf } from './client-lazy-entry.js';
import { createMemoryStorage, STORAGE_KEYS } from './storage.js';
import type { AccountSnapshot } from './core/types.js';
import type { ModalControllers } from './controllers/bag.js';

const ADDRESS = '0x1111111111111111111111111111111111111111';

/** The element entry's client over a page with one announced wallet (authorized when `authorized`). */
function setup(options: { stored?: boolean; authorized?: boolean } = {}) {
  const wallet = createFakeWallet();
  wallet.state.authorized = options.authorized ?? false;
  const storage = createMemoryStorage(options.stored ? { [STORAGE_KEYS.connectorId]: 'com.test', [STORAGE_KEYS.lastAddress]: ADDRESS } : {});
  const { environment, mounted, fetch, discoveryRequests } = createClientTestEnvironment<ModalControllers>(wallet.provider);
  const modal = createModalCore(testOptions({ storage }), environment);
  return { modal, wallet, storage, mounted, fetch, discoveryRequests };
}

/** Waits until `check` holds, 10 s at most (the controllers' chunk is a dynamic import: slow the first time on a busy machine). */
async function until(check: () => boolean) {
  for (let i = 0; i < 2000 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

// The workers share their module graph with the files before (vitest.config.ts): a client another file made may still
// be the default one, so each test starts with none.
beforeEach(() => setDefaultClient(undefined));
afterEach(() => setDefaultClient(undefined));

describe('the element entry client: controllers made on first use', { timeout: 20_000 }, () => {
  it('makes nothing before an interaction: no controllers, no discovery, no request; it answers as a closed, disconnected modal', async () => {
    const { modal, fetch, discoveryRequests } = setup();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(controllersOf(modal)).toBeUndefined();
    expect(discoveryRequests()).toBe(0);
    expect(fetch.requests).toEqual([]);
    expect(modal.getAccount()).toEqual({ isConnected: false, status: 'disconnected' });
    expect(modal.isOpen()).toBe(false);
    expect(modal.getProvider()).toBeUndefined();
    expect(modal.getWalletClient()).toBeUndefined();
    expect(await modal.getWalletChainId()).toBeUndefined();
    expect(() => modal.getPublicClient()).toThrow('No viem clients in this build');
    expect(getDefaultClient()).toBe(modal);
    // Nothing to end: no chunk is loaded for it.
    await modal.disconnect();
    expect(controllersOf(modal)).toBeUndefined();
  });

  it('prefetch() makes them (discovery starts), and a state listener subscribed before hears the opening', async () => {
    const { modal, mounted, discoveryRequests } = setup();
    const states: { open: boolean; view: string }[] = [];
    modal.subscribeState((state) => states.push(state));
    modal.prefetch();
    await until(() => controllersOf(modal) !== undefined);
    expect(discoveryRequests()).toBe(1);
    expect(controllersOf(modal)!.connection.getState().connectors.map((c) => c.id)).toEqual(['com.test']);
    await modal.open();
    expect(mounted).toEqual([controllersOf(modal)]);
    expect(modal.isOpen()).toBe(true);
    expect(states).toEqual([{ open: true, view: 'Connect' }]);
    modal.close();
    expect(states.at(-1)).toEqual({ open: false, view: 'Connect' });
  });

  it('open() without a prefetch makes them and opens, once however often it is called', async () => {
    const { modal, mounted } = setup();
    await Promise.all([modal.open(), modal.open({ view: 'Networks' })]);
    expect(mounted).toHaveLength(1);
    expect(modal.isOpen()).toBe(true);
    expect(await loadControllers(modal)).toBe(controllersOf(modal));
  });

  it('with a stored session they are made at once: connecting (the stored address shown) until the wallet confirms, then connected', async () => {
    const { modal } = setup({ stored: true, authorized: true });
    const seen: AccountSnapshot[] = [];
    modal.subscribeAccount((account) => seen.push(account));
    expect(modal.getAccount()).toEqual({ isConnected: false, status: 'connecting' });
    expect(restoringAddressOf(modal)).toBe(ADDRESS);
    await until(() => modal.getAccount().isConnected);
    expect(modal.getAccount()).toMatchObject({ address: ADDRESS, chainId: 56, connectorId: 'com.test' });
    expect(seen.map((account) => account.status)).toEqual(['connected']);
    expect(modal.getProvider()).toBeDefined();
  });

  it('a stored session the wallet no longer authorizes ends as disconnected, and the listener hears it', async () => {
    const { modal, storage } = setup({ stored: true, authorized: false });
    const seen: string[] = [];
    modal.subscribeAccount((account) => seen.push(account.status));
    await until(() => seen.includes('disconnected'));
    expect(modal.getAccount()).toEqual(expect.objectContaining({ isConnected: false, status: 'disconnected' }));
    expect(storage.getItem(STORAGE_KEYS.connectorId)).toBeNull();
  });

  it("a listener's unsubscribe before the controllers come is kept: it hears nothing after", async () => {
    const { modal } = setup({ stored: true, authorized: true });
    const seen: AccountSnapshot[] = [];
    const off = modal.subscribeAccount((account) => seen.push(account));
    off();
    await until(() => modal.getAccount().isConnected);
    expect(seen).toEqual([]);
  });

  it('an action waits for them: switchNetwork before any click makes them and moves the active network', async () => {
    const { modal } = setup();
    await modal.switchNetwork(31337);
    expect(controllersOf(modal)!.networks.getState().activeNetwork.id).toBe(31337);
  });
});
