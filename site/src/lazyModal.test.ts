import { describe, expect, it, vi } from 'vitest';
import type { ModalClient } from '@minibot/modal';
import { LazyModalClient } from './lazyModal.js';

function realClient() {
  let listener: ((account: ReturnType<ModalClient['getAccount']>) => void) | undefined;
  const account = { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const, isConnected: true, status: 'connected' as const };
  const client = {
    open: vi.fn(async () => {}),
    close: vi.fn(),
    isOpen: vi.fn(() => true),
    getAccount: vi.fn(() => account),
    subscribeAccount: vi.fn((next: typeof listener) => {
      listener = next;
      return () => (listener = undefined);
    }),
    subscribeState: vi.fn(() => () => {}),
    switchNetwork: vi.fn(async () => {}),
    disconnect: vi.fn(async () => {}),
    getWalletClient: vi.fn(() => undefined),
    getPublicClient: vi.fn(() => ({ kind: 'public' })),
    getWalletChainId: vi.fn(async () => 31337),
    readContract: vi.fn(async () => 'from the real client'),
  };
  return { client: client as unknown as ModalClient & typeof client, emit: () => listener?.(account) };
}

describe('LazyModalClient', () => {
  it('reports a disconnected wallet until the real client has loaded, then attaches subscribers', async () => {
    const { client } = realClient();
    const lazy = new LazyModalClient(async () => client);
    expect(lazy.getAccount()).toEqual({ isConnected: false, status: 'disconnected' });
    expect(lazy.getAccount()).toBe(lazy.getAccount());
    const seen: unknown[] = [];
    const unsubscribe = lazy.subscribeAccount((account) => seen.push(account));
    expect(await lazy.ready()).toBe(client);
    expect(seen).toEqual([client.getAccount()]);
    expect(lazy.getAccount()).toBe(client.getAccount());
    unsubscribe();
    expect(client.subscribeAccount).toHaveBeenCalledTimes(1);
  });

  it('reports connecting (never Connect Wallet) while a stored session waits for the real client to restore it', async () => {
    window.localStorage.setItem('mb:connectorId', 'org.example.wallet');
    try {
      const { client } = realClient();
      const lazy = new LazyModalClient(async () => client);
      expect(lazy.getAccount()).toEqual({ isConnected: false, status: 'connecting' });
      expect(lazy.getAccount()).toBe(lazy.getAccount());
      await lazy.ready();
      expect(lazy.getAccount()).toBe(client.getAccount());
    } finally {
      window.localStorage.removeItem('mb:connectorId');
    }
  });

  it('waits for the real client for actions and loads it only once', async () => {
    const { client } = realClient();
    const load = vi.fn(async () => client);
    const lazy = new LazyModalClient(load);
    await Promise.all([lazy.open(), lazy.switchNetwork(56), lazy.getWalletChainId()]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(client.open).toHaveBeenCalledTimes(1);
    expect(client.switchNetwork).toHaveBeenCalledWith(56);
    expect(lazy.isOpen()).toBe(true);
  });

  it('retries after a failed load', async () => {
    const { client } = realClient();
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(client);
    const lazy = new LazyModalClient(load);
    await expect(lazy.ready()).rejects.toThrow('offline');
    await expect(lazy.ready()).resolves.toBe(client);
  });

  it('answers contract reads through the light path until the real client is there, then through the real client', async () => {
    const { client } = realClient();
    const load = vi.fn(async () => client);
    const lightRead = vi.fn(async () => 'from the light path');
    const lazy = new LazyModalClient(load, lightRead);
    const read = { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const, abi: [], functionName: 'price' };
    await expect(lazy.readContract(read)).resolves.toBe('from the light path');
    expect(load).not.toHaveBeenCalled();
    await lazy.ready();
    await expect(lazy.readContract(read)).resolves.toBe('from the real client');
    expect(client.readContract).toHaveBeenCalledWith(read);
    expect(lightRead).toHaveBeenCalledTimes(1);
  });

  it('without a light path, a contract read waits for the real client (its public client when it has no readContract)', async () => {
    const { client } = realClient();
    const lazy = new LazyModalClient(async () => client);
    const read = { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const, abi: [], functionName: 'price' };
    await expect(lazy.readContract(read)).resolves.toBe('from the real client');
    const publicRead = vi.fn(async () => 'from the public client');
    const plain = { ...realClient().client, readContract: undefined, getPublicClient: vi.fn(() => ({ readContract: publicRead })) };
    const viaPublic = new LazyModalClient(async () => plain as unknown as ModalClient);
    await expect(viaPublic.readContract({ ...read, chainId: 31337 })).resolves.toBe('from the public client');
    expect(plain.getPublicClient).toHaveBeenCalledWith(31337);
  });
});
