import { fetchBalances } from '../api/blockchain.js';
import type { Balance } from '../api/blockchain-types.js';
import { BALANCE_CACHE_MS, BALANCE_RETRY_BLOCK_MS, IDENTITY_CACHE_MS } from '../core/constants.js';
import type { ApiContext } from '../api/http.js';
import type { ChainNamespace, Clock, ModalNetwork, ModalStorage } from '../core/types.js';
import { STORAGE_KEYS } from '../core/core-constants.js';
import { readJson, writeJson } from '../storage-json.js';
import { log } from '../core/log.js';
import { formatUnitsString } from '../core/units.js';

export type BalanceCache = Map<string, { at: number; balance: string; symbol: string; tokens?: Balance[] }>;

/** The balance fields of an account's state that the fetch writes. */
export interface BalancePatch {
  balance?: string;
  balanceSymbol?: string;
  balanceLoading?: boolean;
  tokenBalances?: Balance[];
  balanceError?: 'unreachable' | 'failed';
}

/** A failed fetch, a timeout or a gateway's 502/503/504: the network (or the service) could not be reached. */
function isUnreachable(error: unknown): boolean {
  const e = error as { name?: unknown; status?: unknown } | undefined;
  return error instanceof TypeError || e?.name === 'TimeoutError' || e?.name === 'AbortError' || e?.name === 'HttpRequestError' || [502, 503, 504].includes(Number(e?.status));
}

/**
 * What the account controller lends its balance fetch (a lazy module: the balance shows only in the modal). Typed
 * here by what it uses, so this module does not import the account controller back.
 */
export interface BalanceFetchContext {
  deps: {
    api: ApiContext;
    clock: Clock;
    isActiveChainSupported: () => Promise<boolean>;
    readNativeBalance?: (address: string, network: ModalNetwork) => Promise<bigint>;
    onBalanceError?: (error: unknown) => void;
  };
  cache: BalanceCache;
  /** The requests under way, by account and network (the controller's, beside its cache). */
  inFlight: Map<string, Promise<void>>;
  retry: { failedAt?: number };
  active: () => { network: ModalNetwork; account: { address?: string } };
  patch: (namespace: ChainNamespace, update: BalancePatch) => void;
}

/** The native balance of the active account (and the Blockchain API's token list); 30 s cache, 30 s retry block. */
export function fetchNativeBalance(ctx: BalanceFetchContext, force: boolean | 'retry'): Promise<void> {
  const { network, account } = ctx.active();
  const address = account.address;
  if (!address) return Promise.resolve();
  // EVM addresses compare without case; base58 (Solana) is case-sensitive.
  const key = `${network.caipNetworkId}:${network.chainNamespace === 'eip155' ? address.toLowerCase() : address}`;
  // One request per account and network at a time: the hub and its token list asking together share it (and a
  // request that never answers holds one Try again, not two in a row).
  const joined = ctx.inFlight.get(key);
  if (joined) return joined;
  const request = fetchOnce(ctx, force, network, address, key).finally(() => ctx.inFlight.delete(key));
  ctx.inFlight.set(key, request);
  return request;
}

async function fetchOnce(ctx: BalanceFetchContext, force: boolean | 'retry', network: ModalNetwork, address: string, key: string): Promise<void> {
  // A person's retry passes the block of the last failure.
  if (force === 'retry') ctx.retry.failedAt = undefined;
  const current = () => {
    const now = ctx.active();
    return now.account.address === address && now.network.caipNetworkId === network.caipNetworkId;
  };
  const cached = ctx.cache.get(key);
  if (!force && cached && ctx.deps.clock.now() - cached.at < BALANCE_CACHE_MS) {
    ctx.patch(network.chainNamespace, { balance: cached.balance, balanceSymbol: cached.symbol, tokenBalances: cached.tokens });
    return;
  }
  // A failure blocks retries for 30 s (even forced ones).
  if (ctx.retry.failedAt !== undefined && ctx.deps.clock.now() - ctx.retry.failedAt < BALANCE_RETRY_BLOCK_MS) return;
  ctx.patch(network.chainNamespace, { balanceLoading: true, balanceError: undefined });
  try {
    let balance: string | undefined;
    let tokens: Balance[] | undefined;
    const symbol = network.nativeCurrency.symbol;
    if (await ctx.deps.isActiveChainSupported()) {
      const result = await fetchBalances(ctx.deps.api, {
        address,
        chainId: network.caipNetworkId,
        currency: 'usd',
        // The hosted API takes a CAIP-10 address to refresh (a caip2 id gets a 400).
      forceUpdate: force ? `${network.caipNetworkId}:${address}` : undefined,
      });
      tokens = result.balances;
      const native = result.balances.find((b) => !b.address && b.chainId === network.caipNetworkId && b.quantity.decimals !== '0');
      balance = native ? native.quantity.numeric : '0';
    } else if (network.chainNamespace === 'solana') {
      // A cluster the Blockchain API does not serve: the lamports through the network's JSON-RPC `getBalance` (imported
      // here: a static import would add its chunks to the preload list of this chunk's loader in the first click).
      const { jsonRpcRequest } = await import('../chain/node-rpc.js');
      const answer = await jsonRpcRequest<{ value: number }>(ctx.deps.api, network.rpcUrls.default.http[0], { method: 'getBalance', params: [address, { commitment: 'confirmed' }] });
      balance = formatUnitsString(BigInt(answer.value), network.nativeCurrency.decimals);
    } else if (ctx.deps.readNativeBalance) {
      balance = formatUnitsString(await ctx.deps.readNativeBalance(address, network), network.nativeCurrency.decimals);
    }
    if (balance === undefined) return;
    ctx.retry.failedAt = undefined;
    ctx.cache.set(key, { at: ctx.deps.clock.now(), balance, symbol, tokens });
    // The account or the network may have changed while fetching (a late answer for the last network is dropped).
    if (current()) ctx.patch(network.chainNamespace, { balance, balanceSymbol: symbol, tokenBalances: tokens, balanceError: undefined });
  } catch (error) {
    log('error', 'Balance failed', error);
    ctx.retry.failedAt = ctx.deps.clock.now();
    if (current()) ctx.patch(network.chainNamespace, { balanceError: isUnreachable(error) ? 'unreachable' : 'failed' });
    ctx.deps.onBalanceError?.(error);
  } finally {
    ctx.patch(network.chainNamespace, { balanceLoading: false });
  }
}

interface IdentityCacheEntry {
  at: number;
  name: string | null;
  avatar: string | null;
}

/** What the account controller lends its identity fetch (this module's, beside the balance's). */
export interface IdentityFetchContext {
  deps: { api: ApiContext; clock: Clock; storage: ModalStorage; isActiveChainSupported: () => Promise<boolean> };
  active: BalanceFetchContext['active'];
  patch: (namespace: ChainNamespace, update: { profileName: string | null; profileImage: string | null }) => void;
}

/** The active account's name and avatar; cached 5 min in storage unless `force`. */
export async function fetchAccountIdentity(ctx: IdentityFetchContext, force?: boolean): Promise<void> {
  // The active namespace's account: an EVM address or a Solana one (base58) alike.
  const { network, account } = ctx.active();
  const address = account.address;
  const namespace = network.chainNamespace;
  if (!address) return;
  // A cache key only: two base58 addresses that differ by case alone are not a practical case.
  const key = `${STORAGE_KEYS.identityPrefix}${address.toLowerCase()}`;
  const cached = readJson<IdentityCacheEntry>(ctx.deps.storage, key);
  if (!force && cached && ctx.deps.clock.now() - cached.at < IDENTITY_CACHE_MS) {
    ctx.patch(namespace, { profileName: cached.name, profileImage: cached.avatar });
    return;
  }
  if (!(await ctx.deps.isActiveChainSupported())) return;
  try {
    // The request's module (and the HTTP layer) loads with the first one, as the supported-chains gate's does.
    const { fetchIdentity } = await import('../api/blockchain-core.js');
    const identity = await fetchIdentity(ctx.deps.api, { address, sender: address });
    writeJson(ctx.deps.storage, key, { at: ctx.deps.clock.now(), name: identity.name, avatar: identity.avatar } satisfies IdentityCacheEntry);
    if (ctx.active().account.address === address) ctx.patch(namespace, { profileName: identity.name, profileImage: identity.avatar });
  } catch {
    // No name is shown.
  }
}
