import {
  RPC_NOT_ALLOWED_CODE,
  rpcMethodKind,
  sendCallsProblem,
} from '../../api/embedded-protocol.js';
import { jsonRpcAnswer } from '../../chain/json-rpc.js';
import { WALLET_SEND_CALLS } from '../../chain/wallet-methods.js';
import type { Eip1193Provider, FetchLike, ModalNetwork } from '../../core/types.js';
import { EmbeddedWalletError } from './runtime.js';
import type { FrameChannel } from './channel.js';

export interface EmbeddedProviderOptions {
  channel: FrameChannel;
  networks: ModalNetwork[];
  fetch: FetchLike;
  /** The embedded account. */
  address(): string;
  /** The account's type: a smart account batches calls atomically (one user operation). */
  accountType?(): 'eoa' | 'smartAccount';
  /** The chain the provider is on (starts on the first network). */
  chainId: number;
  /** Texts of spec section 8. */
  messages: { rpcNotAllowed: string };
  /** Called with the request id before an unsafe request goes to the frame. */
  onUnsafeRequest?(id: string): void;
  onUnsafeSettled?(id: string): void;
  /** A method outside both lists was refused ('Action not allowed' in the UI). */
  onRefused?(method: string): void;
}

export interface EmbeddedProvider extends Eip1193Provider {
  on(event: string, listener: (...args: never[]) => void): void;
  removeListener(event: string, listener: (...args: never[]) => void): void;
  emit(event: 'accountsChanged' | 'chainChanged' | 'disconnect', value: unknown): void;
  readonly chainId: number;
}

const hex = (value: number) => `0x${value.toString(16)}`;

/**
 * The auth connector's EIP-1193 provider. Recognised methods only (spec section 5): reads go to the network's
 * RPC, signing and sending go to the frame (which asks the user), anything else is refused with
 * 'Requested RPC call is not allowed'.
 */
export function createEmbeddedProvider(options: EmbeddedProviderOptions): EmbeddedProvider {
  const listeners = new Map<string, Set<(...args: never[]) => void>>();
  let chainId = options.chainId;
  const network = () => options.networks.find((n) => n.id === chainId);

  const readRpc = async (method: string, params: unknown) => {
    const url = network()?.rpcUrls.default.http[0];
    if (!url) throw new EmbeddedWalletError(4901, `No RPC for chain ${chainId}`);
    const answer = await jsonRpcAnswer(url, method, params ?? [], { fetch: options.fetch });
    if (answer.error) throw new EmbeddedWalletError(answer.error.code, answer.error.message);
    return answer.result;
  };

  const provider: EmbeddedProvider = {
    get chainId() {
      return chainId;
    },
    async request({ method, params }) {
      const kind = rpcMethodKind(method);
      if (kind === 'refused') {
        options.onRefused?.(method);
        throw new EmbeddedWalletError(RPC_NOT_ALLOWED_CODE, options.messages.rpcNotAllowed);
      }
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return [options.address()];
        case 'eth_chainId':
          return hex(chainId);
        case 'wallet_switchEthereumChain':
        case 'wallet_addEthereumChain': {
          const requested = Number.parseInt(String((params as { chainId?: string }[] | undefined)?.[0]?.chainId ?? ''), 16);
          if (!options.networks.some((n) => n.id === requested)) throw new EmbeddedWalletError(4902, `Unrecognized chain ID ${requested}`);
          if (requested !== chainId) {
            chainId = requested;
            provider.emit('chainChanged', hex(chainId));
          }
          return null;
        }
        case 'wallet_getCapabilities':
          return Object.fromEntries(
            options.networks.map((n) => [hex(n.id), { atomic: { status: options.accountType?.() === 'smartAccount' ? 'supported' : 'unsupported' } }]),
          );
        case 'wallet_getCallsStatus': {
          // The frame's batch id is the concatenation of its transaction hashes.
          const id = String((params as unknown[] | undefined)?.[0] ?? '');
          const hashes = id.slice(2).match(/.{64}/g)?.map((h) => `0x${h}`) ?? [];
          const receipts = (await Promise.all(hashes.map((hash) => readRpc('eth_getTransactionReceipt', [hash])))) as ({ status: string } | null)[];
          const done = receipts.every(Boolean);
          const failed = receipts.some((r) => r && r.status !== '0x1');
          return { version: '2.0.0', id, chainId: hex(chainId), atomic: hashes.length === 1 && options.accountType?.() === 'smartAccount', status: !done ? 100 : failed ? 400 : 200, receipts: receipts.filter(Boolean) };
        }
      }
      if (kind === 'safe') return readRpc(method, params);
      if (method === WALLET_SEND_CALLS) {
        const problem = sendCallsProblem(params);
        if (problem) throw new EmbeddedWalletError(-32602, problem);
      }
      const id = options.channel.newId();
      options.onUnsafeRequest?.(id);
      try {
        return await options.channel.request({ type: 'RpcRequest', method, params, chainId }, { id });
      } finally {
        options.onUnsafeSettled?.(id);
      }
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    emit(event, value) {
      for (const listener of listeners.get(event) ?? []) (listener as (value: unknown) => void)(value);
    },
  };
  return provider;
}
