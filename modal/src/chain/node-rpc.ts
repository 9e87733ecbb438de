/**
 * Blockchain API rows 21-22 and JSON-RPC to any node URL, on the modal's one JSON-RPC caller (`chain/json-rpc.ts`).
 * Its own module so that a small lazy chunk (the pending-transactions badge) can read the chain without the rest of
 * the Blockchain API.
 */
import { jsonRpc } from './json-rpc.js';
import { blockchainRpcUrlOf } from './rpc-url.js';
import { blockchainApiProjectUrl, type ApiContext } from '../api/http.js';
import type { JsonRpcRequest } from '../api/json-rpc-types.js';

/** The per-chain JSON-RPC URL (row 22): `{host}/v1/?chainId={caip2}&projectId={id}`. */
export function blockchainRpcUrl(ctx: Pick<ApiContext, 'urls' | 'projectId'>, caipNetworkId: string): string {
  return blockchainRpcUrlOf(ctx.urls.blockchainApi, ctx.projectId, caipNetworkId);
}

/** Row 21: a JSON-RPC call through POST /v1; returns `result`. */
export function blockchainRpcRequest<T>(ctx: ApiContext, caipNetworkId: string, call: Omit<JsonRpcRequest, 'jsonrpc' | 'id'>): Promise<T> {
  return jsonRpcRequest<T>(ctx, blockchainApiProjectUrl(ctx, '/v1', { chainId: caipNetworkId }), call);
}

/**
 * One JSON-RPC call to any node URL (the dapp's RPC, the Blockchain API's endpoint, a network's own); an `error` in
 * the answer throws ProviderRpcError with its code, a non-2xx answer HttpError.
 */
export function jsonRpcRequest<T>(ctx: Pick<ApiContext, 'fetch'>, url: string, call: Omit<JsonRpcRequest, 'jsonrpc' | 'id'>): Promise<T> {
  return jsonRpc<T>(url, call.method, call.params, { fetch: ctx.fetch, id: '1' });
}
