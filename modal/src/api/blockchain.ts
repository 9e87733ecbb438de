/**
 * Blockchain API (service-shapes.md rows 3-22; rows 1-2 are in blockchain-core.ts, swaps in convert.ts, history in
 * history.ts, onramp in onramp.ts): one function per endpoint, typed parameters and result, validated response. No caching here: the controllers that own the data cache it.
 */
import type {
  BalanceRequest,
  BalanceResponse,
  ExchangeMethod,
  GetExchangeBuyStatusParams,
  GetExchangeBuyStatusResult,
  GetExchangePayUrlParams,
  GetExchangePayUrlResult,
  GetExchangesParams,
  GetExchangesResult,
  JsonRpcRequest,
  JsonRpcResponse,
  LookupNameResponse,
  NameSuggestionsResponse,
  RegisterNameRequest,
  RegisterNameResponse,
  ReverseLookupResponse,
  RevokeSessionRequest,
  RevokeSessionResponse,
  SessionsResponse,
} from './types.js';
import {
  array,
  blockchainApiProjectUrl,
  blockchainApiUrl,
  jsonInit,
  nullableString,
  record,
  requestJson,
  string,
  type ApiContext,
} from './http.js';

const enc = encodeURIComponent;

/** Row 3: GET /v1/account/{address}/balance. */
export function fetchBalances(ctx: ApiContext, params: BalanceRequest): Promise<BalanceResponse> {
  const url = blockchainApiUrl(ctx, `/v1/account/${enc(params.address)}/balance`, {
    currency: params.currency,
    chainId: params.chainId,
    forceUpdate: params.forceUpdate,
  });
  return requestJson(ctx, url, (body, fail) => {
    const balances = array(record(body, fail).balances, fail, 'balances');
    balances.forEach((item, i) => {
      const b = record(item, fail, `balances[${i}]`);
      string(b.symbol, fail, `balances[${i}].symbol`);
      const quantity = record(b.quantity, fail, `balances[${i}].quantity`);
      string(quantity.decimals, fail, `balances[${i}].quantity.decimals`);
      string(quantity.numeric, fail, `balances[${i}].quantity.numeric`);
    });
    return { balances } as BalanceResponse;
  });
}

function validateName(value: unknown, fail: (d: string) => never, what: string): LookupNameResponse {
  const n = record(value, fail, what);
  string(n.name, fail, `${what}.name`);
  return n as unknown as LookupNameResponse;
}

/** Row 12: GET /v1/profile/account/{name}. */
export function lookupName(ctx: ApiContext, name: string): Promise<LookupNameResponse> {
  const url = blockchainApiUrl(ctx, `/v1/profile/account/${enc(name)}`, { apiVersion: 2 });
  return requestJson(ctx, url, (body, fail) => validateName(body, fail, 'body'));
}

/** Row 13: GET /v1/profile/reverse/{address}. */
export function reverseLookupNames(ctx: ApiContext, params: { address: string; sender?: string }): Promise<ReverseLookupResponse> {
  const url = blockchainApiUrl(ctx, `/v1/profile/reverse/${enc(params.address)}`, { sender: params.sender, apiVersion: 2 });
  return requestJson(ctx, url, (body, fail) => array(body, fail, 'body').map((n, i) => validateName(n, fail, `body[${i}]`)));
}

/** Row 14: GET /v1/profile/suggestions/{name}. */
export function fetchNameSuggestions(ctx: ApiContext, name: string, zone = 'reown.id'): Promise<NameSuggestionsResponse> {
  const url = blockchainApiUrl(ctx, `/v1/profile/suggestions/${enc(name)}`, { zone });
  return requestJson(ctx, url, (body, fail) => ({ suggestions: array(record(body, fail).suggestions, fail, 'suggestions') }) as NameSuggestionsResponse);
}

/** Row 15: POST /v1/profile/account. */
export function registerName(ctx: ApiContext, params: RegisterNameRequest): Promise<RegisterNameResponse> {
  return requestJson(ctx, `${ctx.urls.blockchainApi}/v1/profile/account`, (body) => body as RegisterNameResponse, jsonInit(params));
}

/** Row 19: GET /v1/sessions/{caip10}. */
export function fetchSmartSessions(ctx: ApiContext, caipAddress: string): Promise<SessionsResponse> {
  return requestJson(ctx, blockchainApiUrl(ctx, `/v1/sessions/${enc(caipAddress)}`), (body, fail) => {
    const b = record(body, fail);
    array(b.sessions, fail, 'sessions');
    return b as unknown as SessionsResponse;
  });
}

/** Row 20: POST /v1/sessions/{address}/revoke. */
export function revokeSmartSession(ctx: ApiContext, address: string, params: RevokeSessionRequest): Promise<RevokeSessionResponse> {
  return requestJson(
    ctx,
    blockchainApiProjectUrl(ctx, `/v1/sessions/${enc(address)}/revoke`),
    (body) => body as RevokeSessionResponse,
    jsonInit(params, false),
  );
}

/** The per-chain JSON-RPC URL (row 22): `{host}/v1/?chainId={caip2}&projectId={id}`. */
export function blockchainRpcUrl(ctx: ApiContext, caipNetworkId: string): string {
  return blockchainApiProjectUrl(ctx, '/v1/', { chainId: caipNetworkId });
}

/** Row 21: a JSON-RPC call through POST /v1; returns `result`. */
export async function blockchainRpcRequest<T>(ctx: ApiContext, caipNetworkId: string, call: Omit<JsonRpcRequest, 'jsonrpc' | 'id'>): Promise<T> {
  const body: JsonRpcRequest = { id: '1', jsonrpc: '2.0', method: call.method, params: call.params };
  const response = await requestJson<JsonRpcResponse<T>>(
    ctx,
    blockchainApiProjectUrl(ctx, '/v1', { chainId: caipNetworkId }),
    (b, fail) => record(b, fail) as unknown as JsonRpcResponse<T>,
    jsonInit(body, false),
  );
  if (response.error) throw new Error(response.error.message);
  return response.result as T;
}

/** Row 23: POST /v1/json-rpc?projectId&st&sv&source=fund-wallet; a body with `error` throws its message. */
async function exchangeRpc<T>(ctx: ApiContext, method: ExchangeMethod, params: object): Promise<T> {
  const search = new URLSearchParams({ projectId: ctx.projectId, st: ctx.sdkType, sv: ctx.sdkVersion, source: 'fund-wallet' });
  // The HTTP status is not checked here (service-shapes row 23): the JSON body decides.
  const response = await ctx.fetch(`${ctx.urls.blockchainApi}/v1/json-rpc?${search.toString()}`, jsonInit({ jsonrpc: '2.0', id: 1, method, params: { ...params, projectId: ctx.projectId } }));
  const body = (await response.json()) as { result?: T; error?: { message?: string } };
  if (body.error) throw new Error(body.error.message ?? 'Exchange request failed');
  return body.result as T;
}

export const fetchExchanges = (ctx: ApiContext, params: GetExchangesParams) => exchangeRpc<GetExchangesResult>(ctx, 'reown_getExchanges', params);
export const fetchExchangePayUrl = (ctx: ApiContext, params: GetExchangePayUrlParams) => exchangeRpc<GetExchangePayUrlResult>(ctx, 'reown_getExchangePayUrl', params);
export const fetchExchangeBuyStatus = (ctx: ApiContext, params: GetExchangeBuyStatusParams) =>
  exchangeRpc<GetExchangeBuyStatusResult>(ctx, 'reown_getExchangeBuyStatus', params);
