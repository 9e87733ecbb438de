import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Abi, Address, Hash } from 'viem';
import type { AccountSnapshot, ModalClient, ViewName } from '../core/types.js';
import { ModalError } from '../errors.js';
import { messages } from '../messages.js';
import { useModalClient } from './context.js';

const accountStores = new WeakMap<ModalClient, { subscribe: (cb: () => void) => () => void; get: () => AccountSnapshot }>();
const sameAccount = (a: AccountSnapshot, b: AccountSnapshot) =>
  a.address === b.address && a.status === b.status && a.chainId === b.chainId && a.connectorId === b.connectorId && a.isConnected === b.isConnected &&
  a.embeddedWalletInfo?.user === b.embeddedWalletInfo?.user;

function accountStore(client: ModalClient) {
  let store = accountStores.get(client);
  if (!store) {
    let cached: AccountSnapshot | undefined;
    store = {
      subscribe: (cb) => client.subscribeAccount(() => cb()),
      get() {
        const next = client.getAccount();
        if (!cached || !sameAccount(cached, next)) cached = next;
        return cached;
      },
    };
    accountStores.set(client, store);
  }
  return store;
}

/** The connected account: address, isConnected, status, chainId, and `embeddedWalletInfo` for an e-mail or social login. */
export function useAccount(): AccountSnapshot {
  const store = accountStore(useModalClient());
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** Opens and closes the modal; `isOpen` follows it. */
export function useModal(): { open(options?: { view?: ViewName }): Promise<void>; close(): void; isOpen: boolean } {
  const client = useModalClient();
  const subscribe = useCallback((cb: () => void) => client.subscribeState(() => cb()), [client]);
  const isOpen = useSyncExternalStore(subscribe, () => client.isOpen(), () => false);
  return useMemo(() => ({ open: (options?: { view?: ViewName }) => client.open(options), close: () => client.close(), isOpen }), [client, isOpen]);
}

/** Disconnects the wallet. */
export function useDisconnect(): { disconnect(): Promise<void> } {
  const client = useModalClient();
  return useMemo(() => ({ disconnect: () => client.disconnect() }), [client]);
}

export interface ContractCallParameters {
  address?: Address;
  abi?: Abi | readonly unknown[];
  functionName?: string;
  args?: readonly unknown[];
  chainId?: number;
}

/** The wallet hooks' checks (spec section 8): 'abi is required', 'address or code is required', 'functionName is required'. */
export function assertContractCall<P extends ContractCallParameters>(params: P): asserts params is P & { address: Address; abi: Abi; functionName: string } {
  if (!params.abi) throw new ModalError(messages.abiRequired);
  if (!params.address) throw new ModalError(messages.addressOrCodeRequired);
  if (!params.functionName) throw new ModalError(messages.functionNameRequired);
}

const keyOf = (value: unknown) => JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? `${v}n` : v));

export interface UseReadContractParameters extends ContractCallParameters {
  enabled?: boolean;
}
export interface UseReadContractReturnType<T> {
  data: T | undefined;
  error: Error | null;
  isLoading: boolean;
  refetch(): Promise<T>;
}

/**
 * Reads a contract through the modal's public client (the first network unless `chainId`); refetches when the
 * parameters change.
 * @example const { data: price } = useReadContract({ address, abi, functionName: 'price' });
 */
export function useReadContract<T = unknown>(params: UseReadContractParameters): UseReadContractReturnType<T> {
  const client = useModalClient();
  const [state, setState] = useState<{ data: T | undefined; error: Error | null; isLoading: boolean }>({ data: undefined, error: null, isLoading: false });
  const paramsRef = useRef(params);
  paramsRef.current = params;
  const enabled = params.enabled ?? true;
  const key = keyOf([params.address, params.functionName, params.args, params.chainId, Boolean(params.abi)]);
  const requestId = useRef(0);

  const refetch = useCallback(async (): Promise<T> => {
    const id = ++requestId.current;
    const current = paramsRef.current;
    setState((s) => ({ ...s, isLoading: true, error: null }));
    try {
      assertContractCall(current);
      const data = (await client.getPublicClient(current.chainId).readContract({
        address: current.address,
        abi: current.abi,
        functionName: current.functionName,
        args: current.args as unknown[] | undefined,
      })) as T;
      if (id === requestId.current) setState({ data, error: null, isLoading: false });
      return data;
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      if (id === requestId.current) setState((s) => ({ data: s.data, error: err, isLoading: false }));
      throw err;
    }
  }, [client]);

  useEffect(() => {
    if (!enabled) return;
    refetch().catch(() => {
      // Kept in `error`.
    });
  }, [enabled, key, refetch]);

  return { ...state, refetch };
}

export interface WriteContractParameters extends ContractCallParameters {
  value?: bigint;
}
export interface UseWriteContractReturnType {
  writeContract(params: WriteContractParameters): Promise<Hash>;
  isPending: boolean;
  error: Error | null;
  reset(): void;
}

/**
 * Sends a contract transaction from the connected wallet; resolves with the hash. Throws 'Unsupported chain' while the
 * wallet is on a chain that is not among the modal's networks (and no `chainId` is given).
 * @example const { writeContract } = useWriteContract(); await writeContract({ address, abi, functionName: 'mint', args: [1n], value });
 */
export function useWriteContract(): UseWriteContractReturnType {
  const client = useModalClient();
  const [state, setState] = useState<{ isPending: boolean; error: Error | null }>({ isPending: false, error: null });
  const writeContract = useCallback(
    async (params: WriteContractParameters): Promise<Hash> => {
      setState({ isPending: true, error: null });
      try {
        assertContractCall(params);
        const walletClient = client.getWalletClient();
        if (!walletClient?.account) throw new ModalError('No wallet client available');
        const chain = params.chainId !== undefined ? client.getPublicClient(params.chainId).chain : walletClient.chain;
        // A wallet on a chain that is not among the modal's networks: never send there by accident.
        if (!chain) throw new ModalError(messages.unsupportedChain, { details: `the wallet is on chain ${client.getAccount().chainId}` });
        const hash = await walletClient.writeContract({
          address: params.address,
          abi: params.abi,
          functionName: params.functionName,
          args: params.args as unknown[] | undefined,
          value: params.value,
          account: walletClient.account,
          chain,
        } as Parameters<typeof walletClient.writeContract>[0]);
        setState({ isPending: false, error: null });
        return hash;
      } catch (error) {
        const err = error instanceof Error ? error : new Error(String(error));
        setState({ isPending: false, error: err });
        throw err;
      }
    },
    [client],
  );
  const reset = useCallback(() => setState({ isPending: false, error: null }), []);
  return { writeContract, isPending: state.isPending, error: state.error, reset };
}
