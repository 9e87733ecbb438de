import { vi } from 'vitest';
import type { Address, Hash } from 'viem';

/** The account snapshot shape of the modal's React wrapper. */
export interface FakeAccount {
  address?: Address;
  isConnected: boolean;
  status: 'disconnected' | 'connecting' | 'connected';
  chainId?: number;
}

export const TEST_ADDRESS: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const TEST_HASH: Hash = '0x9f1c2a6be0d8d7e2b1f0a4f6c3e2d1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4';

/**
 * A fake of what the page uses of ModalClient: chain reads (`readContract`, answered by `publicClient.readContract`),
 * wallet writes, chain switching. The modal's real `useReadContract` and `useWriteContract` run on it.
 */
export function createFakeClient(options: { chainId?: number; price?: bigint; balance?: bigint; tokenId?: bigint } = {}) {
  const chain = { current: options.chainId as number | undefined };
  const state = { balance: options.balance ?? 0n, tokenId: options.tokenId ?? 7n, price: options.price ?? 10n ** 17n };
  const publicClient = {
    chain: { id: options.chainId ?? 31337 },
    readContract: vi.fn(async ({ functionName }: { functionName: string; args?: unknown[] }) => {
      if (functionName === 'price') return state.price;
      if (functionName === 'balanceOf') return state.balance;
      if (functionName === 'tokenOfOwnerByIndex') return state.tokenId;
      throw new Error(`unexpected read ${functionName}`);
    }),
    waitForTransactionReceipt: vi.fn(async ({ hash }: { hash: Hash }) => ({ status: 'success' as const, transactionHash: hash })),
  };
  const walletClient = {
    account: { address: TEST_ADDRESS, type: 'json-rpc' as const },
    writeContract: vi.fn(async (_request: Record<string, unknown>): Promise<Hash> => TEST_HASH),
  };
  const client = {
    chain,
    state,
    publicClient,
    walletClient,
    getWalletClient: vi.fn(() => walletClient as never),
    getPublicClient: vi.fn((_chainId?: number) => publicClient as never),
    readContract: vi.fn((parameters: { functionName: string; args?: readonly unknown[]; chainId?: number }) =>
      publicClient.readContract({ ...parameters, args: parameters.args as unknown[] | undefined })),
    getAccount: vi.fn(() => ({ isConnected: false, status: 'disconnected' as const, chainId: chain.current })),
    getWalletChainId: vi.fn(async () => chain.current),
    switchNetwork: vi.fn(async (chainId: number) => {
      chain.current = chainId;
    }),
  };
  return client;
}

export type FakeClient = ReturnType<typeof createFakeClient>;

/** The client the modal's real hooks get from `useModalClient` in site tests (set by `fakeModal.reset`; see setup.ts). */
export const activeFake: { client: FakeClient } = { client: createFakeClient({ chainId: 31337 }) };
