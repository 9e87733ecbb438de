import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Abi, Address, Hash } from 'viem';
import type { AccountSnapshot, ModalClient, ViewName } from '../core/types.js';
import { ModalError } from '../modal-error.js';
import { hookMessages as messages } from '../texts/hook-messages.js';
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
  // Hydration renders what the server did (no wallet there), then the browser's account (e.g. a session being restored).
  return useSyncExternalStore(store.subscribe, store.get, serverAccount);
}

const SERVER_ACCOUNT: AccountSnapshot = Object.freeze({ isConnected: false, status: 'disconnected' as const });
const serverAccount = () => SERVER_ACCOUNT;

/**
 * Opens and closes the modal; `isOpen` follows it. `prefetch` loads what `open` shows first: call it on your own
 * button's pointer enter and focus, so that the click opens at once.
 */
export function useModal(): { open(options?: { view?: ViewName }): Promise<void>; close(): void; prefetch(): void; isOpen: boolean } {
  const client = useModalClient();
  const subscribe = useCallback((cb: () => void) => client.subscribeState(() => cb()), [client]);
  const isOpen = useSyncExternalStore(subscribe, () => client.isOpen(), () => false);
  return useMemo(
    () => ({ open: (options?: { view?: ViewName }) => client.open(options), close: () => client.close(), prefetch: () => client.prefetch(), isOpen }),
    [client, isOpen],
  );
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
  /** Default true; while false nothing is read (and `refetch()` still reads on demand). */
  enabled?: boolean;
  /** Retries a failed read: `true` until it answers, a number for at most that many retries. Default false. */
  retry?: boolean | number;
  /** The wait before retry number `attempt` (0-based), in ms. Default: 1 s, doubling up to 30 s. */
  retryDelay?: number | ((attempt: number, error: Error) => number);
  /** Reads again when the browser comes back online (the window's `online` event). Default false. */
  refetchOnReconnect?: boolean;
}
export interface UseReadContractReturnType<T> {
  /** The answer for the current parameters; undefined until the first read of them succeeded. */
  data: T | undefined;
  /** The last failure for the current parameters; kept while a retry runs, cleared by a successful read. */
  error: Error | null;
  isLoading: boolean;
  refetch(): Promise<T>;
}

/** The default `retryDelay`: 1 s, 2 s, 4 s, ... up to 30 s. */
const defaultRetryDelay = (attempt: number): number => Math.min(1000 * 2 ** attempt, 30_000);

interface ReadState<T> {
  key: string;
  data: T | undefined;
  error: Error | null;
  isLoading: boolean;
}

const readKeyOf = (params: UseReadContractParameters) =>
  keyOf([params.address, params.functionName, params.args, params.chainId, Boolean(params.abi)]);

/**
 * Reads a contract through the modal client's `readContract` when it has one, else its public client (the first
 * network unless `chainId`); reads again when the parameters change, and then forgets the previous answer. With
 * `retry` a failed read is tried again after `retryDelay` (the error stays visible meanwhile); with
 * `refetchOnReconnect` it is read again when the browser comes back online.
 * @example const { data: price } = useReadContract({ address, abi, functionName: 'price', retry: true });
 */
export function useReadContract<T = unknown>(params: UseReadContractParameters): UseReadContractReturnType<T> {
  const client = useModalClient();
  const enabled = params.enabled ?? true;
  const key = readKeyOf(params);
  const [state, setState] = useState<ReadState<T>>({ key, data: undefined, error: null, isLoading: false });
  const paramsRef = useRef(params);
  paramsRef.current = params;
  const requestId = useRef(0);
  const retry = useRef<{ timer?: ReturnType<typeof setTimeout>; attempt: number }>({ attempt: 0 });

  const refetch = useCallback(async (): Promise<T> => {
    const id = ++requestId.current;
    const current = paramsRef.current;
    const readKey = readKeyOf(current);
    clearTimeout(retry.current.timer);
    retry.current.timer = undefined;
    setState((s) => (s.key === readKey ? { ...s, isLoading: true } : { key: readKey, data: undefined, error: null, isLoading: true }));
    try {
      assertContractCall(current);
      const { address, abi, functionName, args, chainId } = current;
      const data = (await (client.readContract
        ? client.readContract({ address, abi, functionName, args, chainId })
        : client.getPublicClient(chainId).readContract({ address, abi, functionName, args: args as unknown[] | undefined }))) as T;
      if (id === requestId.current) {
        retry.current.attempt = 0;
        setState({ key: readKey, data, error: null, isLoading: false });
      }
      return data;
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      if (id === requestId.current) {
        setState((s) => ({ key: readKey, data: s.key === readKey ? s.data : undefined, error: err, isLoading: false }));
        const { retry: retries = false, retryDelay = defaultRetryDelay } = current;
        const limit = retries === true ? Number.POSITIVE_INFINITY : retries === false ? 0 : retries;
        const attempt = retry.current.attempt;
        if (attempt < limit) {
          retry.current.attempt = attempt + 1;
          const wait = typeof retryDelay === 'number' ? retryDelay : retryDelay(attempt, err);
          retry.current.timer = setTimeout(() => {
            refetch().catch(() => {
              // Kept in `error`.
            });
          }, wait);
        }
      }
      throw err;
    }
  }, [client]);

  useEffect(() => {
    if (!enabled) return;
    retry.current.attempt = 0;
    refetch().catch(() => {
      // Kept in `error`.
    });
    const timers = retry.current;
    return () => {
      // New parameters (or unmount): an answer or retry for these ones changes nothing any more.
      requestId.current += 1;
      clearTimeout(timers.timer);
      timers.timer = undefined;
    };
  }, [enabled, key, refetch]);

  const refetchOnReconnect = params.refetchOnReconnect ?? false;
  useEffect(() => {
    if (!enabled || !refetchOnReconnect || typeof window === 'undefined') return;
    const onOnline = () => {
      refetch().catch(() => {
        // Kept in `error`.
      });
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [enabled, refetchOnReconnect, refetch]);

  const current = state.key === key ? state : { key, data: undefined, error: null, isLoading: enabled };
  return { data: current.data, error: current.error, isLoading: current.isLoading, refetch };
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
        if (!walletClient?.account) throw new ModalError(messages.noWalletClient);
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
