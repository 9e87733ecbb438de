// @vitest-environment happy-dom
import { act, render, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { parseAbi, type PublicClient } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createModal } from '../client.js';
import { setDefaultClient, controllersOf } from '../client-registry.js';
import { createFakeClock, createFakeFetch, createFakeWallet, fakeBlockchainApi, json, testOptions } from '../core/testing.js';
import type { AccountSnapshot, ModalClient } from '../core/types.js';
import type { DiscoveryTarget } from '../connectors/eip6963.js';
import { createMemoryStorage } from '../storage.js';
import { useAccount, useBalances, useDisconnect, useModal, useModalClient, useReadContract, useSend, useWriteContract, WalletProvider } from './index.js';

const ADDRESS = '0x1111111111111111111111111111111111111111';
const CONTRACT = '0x2222222222222222222222222222222222222222';
const abi = parseAbi(['function price() view returns (uint256)', 'function mint(uint256 quantity) payable']);
const balanceAbi = parseAbi(['function balanceOf(address owner) view returns (uint256)']);

function realClient() {
  const wallet = createFakeWallet();
  const request = wallet.provider.request;
  wallet.provider.request = async (args) => {
    if (args.method === 'eth_sendTransaction') {
      wallet.provider.calls.push(args);
      return `0x${'ab'.repeat(32)}`;
    }
    return request(args);
  };
  const target = new EventTarget() as EventTarget & DiscoveryTarget;
  target.addEventListener('eip6963:requestProvider', () =>
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: 'u', name: 'W', icon: 'data:,', rdns: 'com.test' }, provider: wallet.provider } })),
  );
  const client = createModal(testOptions({ storage: createMemoryStorage() }), {
    fetch: createFakeFetch(fakeBlockchainApi),
    clock: createFakeClock(),
    discoveryTarget: target,
    isMobile: false,
    loadMount: async () => () => {},
    location: null,
  });
  return { client, wallet, controllers: controllersOf(client)! };
}

const wrapperFor = (client: ModalClient) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <WalletProvider client={client}>{children}</WalletProvider>;
  };

afterEach(() => setDefaultClient(undefined));

// Vitest resolves @lit/react with the "node" condition (its server-rendering build, which sets no properties);
// the element wrappers are tested with the build browsers get.
vi.mock('@lit/react', () => import('../../../node_modules/@lit/react/development/index.js'));

describe('WalletProvider', () => {
  it("logs 'Wallet provider mounted' once when mounted and renders its children", () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { client } = realClient();
    const view = render(
      <WalletProvider client={client}>
        <p>child</p>
      </WalletProvider>,
    );
    expect(view.getByText('child')).toBeTruthy();
    expect(info).toHaveBeenCalledWith('Wallet provider mounted');
    expect(info).toHaveBeenCalledTimes(1);
    info.mockRestore();
  });

  it('without a client prop (a server component cannot pass one), provides the default client: the first createModal', () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { client } = realClient();
    const { result } = renderHook(() => useModalClient(), { wrapper: ({ children }: { children: ReactNode }) => <WalletProvider>{children}</WalletProvider> });
    expect(result.current).toBe(client);
  });

  it('useModalClient outside the provider throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useModalClient())).toThrow('WalletProvider');
  });
});

describe('hooks', () => {
  it('useAccount exposes address and isConnected and follows connect / disconnect', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { client, controllers } = realClient();
    const { result } = renderHook(() => ({ account: useAccount(), disconnect: useDisconnect() }), { wrapper: wrapperFor(client) });
    expect(result.current.account).toMatchObject({ isConnected: false, status: 'disconnected' });
    await act(() => controllers.connection.connect('com.test'));
    expect(result.current.account).toMatchObject<Partial<AccountSnapshot>>({ address: ADDRESS, isConnected: true, status: 'connected', chainId: 56 });
    await act(() => result.current.disconnect.disconnect());
    expect(result.current.account.isConnected).toBe(false);
  });

  it('useModal opens and closes; isOpen follows', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { client } = realClient();
    const { result } = renderHook(() => useModal(), { wrapper: wrapperFor(client) });
    expect(result.current.isOpen).toBe(false);
    await act(() => result.current.open());
    expect(result.current.isOpen).toBe(true);
    act(() => result.current.close());
    expect(result.current.isOpen).toBe(false);
  });

  it("useReadContract reads through the public client of a client without its own readContract, and refetches when args change", async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const readContract = vi.fn(async ({ functionName }: { functionName: string }) => (functionName === 'price' ? 10n : 0n));
    const getPublicClient = vi.fn(() => ({ readContract }) as unknown as PublicClient);
    const { client } = realClient();
    vi.spyOn(client, 'getPublicClient').mockImplementation(getPublicClient);
    const { result, rerender } = renderHook((props: { chainId?: number }) => useReadContract<bigint>({ address: CONTRACT, abi, functionName: 'price', chainId: props.chainId }), {
      wrapper: wrapperFor(client),
      initialProps: {},
    });
    await waitFor(() => expect(result.current.data).toBe(10n));
    expect(result.current).toMatchObject({ error: null, isLoading: false });
    rerender({ chainId: 31337 });
    await waitFor(() => expect(getPublicClient).toHaveBeenLastCalledWith(31337));
    expect(readContract).toHaveBeenCalledTimes(2);
  });

  /** A client whose readContract answers from `answer` (the rest is a real client). */
  function readingClient(answer: (parameters: { functionName: string; args?: readonly unknown[] }) => Promise<unknown>) {
    const { client } = realClient();
    const readContract = vi.fn(answer);
    return { client: { ...client, readContract } as ModalClient, readContract };
  }

  it('useReadContract forgets the answer of the previous parameters and never shows a late one for them', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const pending = new Map<string, (value: bigint) => void>();
    const { client } = readingClient(({ args }) => new Promise((resolve) => pending.set(String(args?.[0]), resolve)));
    const { result, rerender } = renderHook((props: { owner: string }) => useReadContract<bigint>({ address: CONTRACT, abi: balanceAbi, functionName: 'balanceOf', args: [props.owner] }), {
      wrapper: wrapperFor(client),
      initialProps: { owner: ADDRESS },
    });
    await waitFor(() => expect(pending.has(ADDRESS)).toBe(true));
    act(() => pending.get(ADDRESS)!(1n));
    await waitFor(() => expect(result.current.data).toBe(1n));
    rerender({ owner: CONTRACT });
    expect(result.current).toMatchObject({ data: undefined, error: null, isLoading: true });
    await waitFor(() => expect(pending.has(CONTRACT)).toBe(true));
    rerender({ owner: ADDRESS });
    await waitFor(() => expect(result.current.isLoading).toBe(true));
    // The answer for the other owner arrives late: it is not shown as this owner's.
    act(() => pending.get(CONTRACT)!(9n));
    expect(result.current.data).toBeUndefined();
  });

  it('useReadContract with retry: a failed read is retried after retryDelay, keeps its error meanwhile, and recovers', async () => {
    vi.useFakeTimers();
    try {
      let failures = 2;
      const { client, readContract } = readingClient(async () => {
        if (failures-- > 0) throw new Error('HTTP status code: 500');
        return 7n;
      });
      const retryDelay = vi.fn((attempt: number) => 1000 * 2 ** attempt);
      const { result } = renderHook(() => useReadContract<bigint>({ address: CONTRACT, abi, functionName: 'price', retry: true, retryDelay }), { wrapper: wrapperFor(client) });
      await act(async () => {});
      expect(result.current.error?.message).toBe('HTTP status code: 500');
      expect(readContract).toHaveBeenCalledTimes(1);
      await act(() => vi.advanceTimersByTimeAsync(999));
      expect(readContract).toHaveBeenCalledTimes(1);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(readContract).toHaveBeenCalledTimes(2);
      expect(result.current.error?.message).toBe('HTTP status code: 500');
      await act(() => vi.advanceTimersByTimeAsync(2000));
      expect(readContract).toHaveBeenCalledTimes(3);
      expect(result.current).toMatchObject({ data: 7n, error: null, isLoading: false });
      expect(retryDelay.mock.calls.map(([attempt]) => attempt)).toEqual([0, 1]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('useReadContract: no retry by default, at most `retry` retries with a number, none after unmount', async () => {
    vi.useFakeTimers();
    try {
      const { client, readContract } = readingClient(async () => {
        throw new Error('down');
      });
      const plain = renderHook(() => useReadContract({ address: CONTRACT, abi, functionName: 'price' }), { wrapper: wrapperFor(client) });
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(readContract).toHaveBeenCalledTimes(1);
      plain.unmount();
      readContract.mockClear();
      const twice = renderHook(() => useReadContract({ address: CONTRACT, abi, functionName: 'price', retry: 2, retryDelay: 10 }), { wrapper: wrapperFor(client) });
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(readContract).toHaveBeenCalledTimes(3);
      twice.unmount();
      readContract.mockClear();
      const forever = renderHook(() => useReadContract({ address: CONTRACT, abi, functionName: 'price', retry: true, retryDelay: 10 }), { wrapper: wrapperFor(client) });
      await act(() => vi.advanceTimersByTimeAsync(5));
      forever.unmount();
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(readContract).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('useReadContract with refetchOnReconnect reads again when the browser comes back online', async () => {
    let price = 1n;
    const { client, readContract } = readingClient(async () => price);
    const { result } = renderHook(() => useReadContract<bigint>({ address: CONTRACT, abi, functionName: 'price', refetchOnReconnect: true }), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.data).toBe(1n));
    price = 2n;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(result.current.data).toBe(2n));
    expect(readContract).toHaveBeenCalledTimes(2);
  });

  it("useReadContract: 'abi is required', 'address or code is required', 'functionName is required'", async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { client } = realClient();
    const wrapper = wrapperFor(client);
    const noAbi = renderHook(() => useReadContract({ address: CONTRACT, functionName: 'price' }), { wrapper });
    await waitFor(() => expect(noAbi.result.current.error?.message).toBe('abi is required'));
    const noAddress = renderHook(() => useReadContract({ abi, functionName: 'price' }), { wrapper });
    await waitFor(() => expect(noAddress.result.current.error?.message).toBe('address or code is required'));
    const noName = renderHook(() => useReadContract({ abi, address: CONTRACT, enabled: false }), { wrapper });
    expect(noName.result.current.error).toBeNull();
    await expect(noName.result.current.refetch()).rejects.toThrow('functionName is required');
  });

  it('useWriteContract sends from the connected wallet and returns the hash; validates its parameters', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { client, controllers, wallet } = realClient();
    const { result } = renderHook(() => useWriteContract(), { wrapper: wrapperFor(client) });
    await expect(result.current.writeContract({ address: CONTRACT, abi, functionName: 'mint', args: [1n] })).rejects.toThrow('No wallet client available');
    await act(() => controllers.connection.connect('com.test'));
    let hash: string | undefined;
    await act(async () => {
      hash = await result.current.writeContract({ address: CONTRACT, abi, functionName: 'mint', args: [1n], value: 5n });
    });
    expect(hash).toBe(`0x${'ab'.repeat(32)}`);
    const sent = wallet.provider.calls.find((c) => c.method === 'eth_sendTransaction')!;
    expect((sent.params as [{ from: string; to: string; value: string }])[0]).toMatchObject({ from: ADDRESS, to: CONTRACT, value: '0x5' });
    expect(result.current).toMatchObject({ isPending: false, error: null });
    await act(async () => {
      await expect(result.current.writeContract({ address: CONTRACT, functionName: 'mint' })).rejects.toThrow('abi is required');
    });
    expect(result.current.error?.message).toBe('abi is required');
    await expect(result.current.writeContract({ abi, functionName: 'mint' })).rejects.toThrow('address or code is required');
    await expect(result.current.writeContract({ abi, address: CONTRACT })).rejects.toThrow('functionName is required');
    act(() => result.current.reset());
    expect(result.current.error).toBeNull();
  });

  it("useWriteContract throws 'Unsupported chain' while the wallet is on a chain outside the networks, and sends nothing", async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { client, controllers, wallet } = realClient();
    const { result } = renderHook(() => useWriteContract(), { wrapper: wrapperFor(client) });
    await act(() => controllers.connection.connect('com.test'));
    await act(async () => {
      wallet.provider.emit('chainChanged', '0x3e7');
    });
    await waitFor(() => expect(client.getAccount().chainId).toBe(999));
    await act(async () => {
      await expect(result.current.writeContract({ address: CONTRACT, abi, functionName: 'mint', args: [1n] })).rejects.toThrow('Unsupported chain');
    });
    expect(result.current.error?.message).toBe('Unsupported chain');
    expect(wallet.provider.calls.some((c) => c.method === 'eth_sendTransaction')).toBe(false);
  });
});

describe('element wrappers', () => {
  // First in this file to load an element: the modal's element is defined by no earlier test.
  it('<ConnectButton /> alone defines the button and not the modal; the button asks the client for the modal on pointer enter', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { ConnectButton } = await import('./index.js');
    const { client } = realClient();
    const prefetch = vi.spyOn(client, 'prefetch');
    const view = render(
      <WalletProvider client={client}>
        <ConnectButton />
      </WalletProvider>,
    );
    await waitFor(() => expect(view.container.querySelector('mb-connect-button')).toBeTruthy(), { timeout: 5000 });
    const host = view.container.querySelector('mb-connect-button') as HTMLElement & { updateComplete: Promise<unknown> };
    await host.updateComplete;
    expect(customElements.get('mb-modal')).toBeUndefined();
    host.shadowRoot!.querySelector('button')!.dispatchEvent(new Event('pointerenter'));
    expect(prefetch).toHaveBeenCalled();
  });

  it('<ConnectButton /> renders <mb-connect-button> bound to the provider client; <Modal /> renders <mb-modal>', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { ConnectButton, Modal } = await import('./index.js');
    const { client } = realClient();
    const view = render(
      <WalletProvider client={client}>
        <ConnectButton />
        <Modal />
      </WalletProvider>,
    );
    await waitFor(() => expect(view.container.querySelector('mb-connect-button')).toBeTruthy(), { timeout: 5000 });
    const button = view.container.querySelector('mb-connect-button') as HTMLElement & { client?: ModalClient };
    expect(button.client).toBe(client);
    expect(customElements.get('mb-connect-button')).toBeDefined();
    await waitFor(() => expect(view.container.querySelector('mb-modal')).toBeTruthy(), { timeout: 5000 });
  });
});

describe('hub hooks', () => {
  const USDT = '0x55d398326f99059fF775485246999027B3197955';
  function hubClient() {
    const wallet = createFakeWallet({ account: ADDRESS });
    const request = wallet.provider.request;
    wallet.provider.request = async (args) => {
      if (args.method === 'eth_sendTransaction') {
        wallet.provider.calls.push(args);
        return `0x${'ab'.repeat(32)}`;
      }
      return request(args);
    };
    const target = new EventTarget() as EventTarget & DiscoveryTarget;
    target.addEventListener('eip6963:requestProvider', () =>
      target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: 'u', name: 'W', icon: 'data:,', rdns: 'com.test' }, provider: wallet.provider } })),
    );
    const fetch = createFakeFetch((r) => {
      if (r.url.includes('/balance')) {
        return json({
          balances: [
            { name: 'BNB', symbol: 'BNB', chainId: 'eip155:56', value: 1200, price: 600, quantity: { decimals: '18', numeric: '2' }, iconUrl: '' },
            { name: 'Tether USD', symbol: 'USDT', chainId: 'eip155:56', address: `eip155:56:${USDT}`, value: 10, price: 1, quantity: { decimals: '18', numeric: '10' }, iconUrl: '' },
          ],
        });
      }
      if (r.url.includes('/v1/convert/gas-price')) return json({ standard: '1000000000', fast: '1', instant: '1' });
      if (r.method === 'POST' && r.url.includes('/v1/?chainId=')) return json({ jsonrpc: '2.0', id: 1, result: { status: '0x1' } });
      return fakeBlockchainApi(r);
    });
    const client = createModal(testOptions({ storage: createMemoryStorage() }), {
      fetch,
      clock: createFakeClock(),
      discoveryTarget: target,
      isMobile: false,
      loadMount: async () => () => {},
      location: null,
    });
    return { client, wallet, controllers: controllersOf(client)! };
  }

  it('useBalances lists the connected account’s tokens with their USD total', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { client, controllers } = hubClient();
    const { result } = renderHook(() => useBalances(), { wrapper: wrapperFor(client) });
    expect(result.current.balances).toEqual([]);
    await act(() => controllers.connection.connect('com.test'));
    await waitFor(() => expect(result.current.balances.map((b) => b.symbol)).toEqual(['BNB', 'USDT']));
    expect(result.current.totalUsd).toBe(1210);
    expect(result.current.source).toBe('api');
  });

  it('useSend sends an ERC-20 transfer through the wallet; an unknown token or a bad receiver is refused with its reason', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { client, controllers, wallet } = hubClient();
    const { result } = renderHook(() => useSend(), { wrapper: wrapperFor(client) });
    await act(() => controllers.connection.connect('com.test'));
    await expect(result.current.send({ token: CONTRACT, amount: '1', to: USDT })).rejects.toMatchObject({ reason: 'unknownToken' });
    await expect(result.current.send({ token: USDT, amount: '1', to: '0x12' })).rejects.toMatchObject({ reason: 'invalidReceiver' });
    let outcome: string | undefined;
    await act(async () => {
      outcome = await result.current.send({ token: USDT, amount: '1.5', to: CONTRACT });
    });
    expect(outcome).toBe('sent');
    const sent = wallet.provider.calls.filter((c) => c.method === 'eth_sendTransaction');
    expect(sent).toHaveLength(1);
    expect(sent[0].params).toEqual([{ from: ADDRESS, to: USDT, data: `0xa9059cbb${CONTRACT.slice(2).padStart(64, '0')}${(15n * 10n ** 17n).toString(16).padStart(64, '0')}` }]);
    expect(result.current.isPending).toBe(false);
  });
});
