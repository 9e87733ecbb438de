/**
 * Blockchain API (service-shapes.md rows 3-23; rows 1-2 are in blockchain-core.ts): one function per endpoint, typed
 * parameters and result, validated response. No caching here: the controllers that own the data cache it.
 */
import type {
  AllowanceRequest,
  BalanceRequest,
  BalanceResponse,
  AllowanceResponse,
  BuildApproveRequest,
  BuildApproveResponse,
  BuildTransactionRequest,
  BuildTransactionResponse,
  ExchangeMethod,
  GetExchangeBuyStatusParams,
  GetExchangeBuyStatusResult,
  GetExchangePayUrlParams,
  GetExchangePayUrlResult,
  GetExchangesParams,
  GetExchangesResult,
  FungiblePriceRequest,
  FungiblePriceResponse,
  GasPriceRequest,
  GasPriceResponse,
  HistoryRequest,
  HistoryResponse,
  JsonRpcRequest,
  JsonRpcResponse,
  LookupNameResponse,
  NameSuggestionsResponse,
  OnrampOptionsResponse,
  OnrampQuoteRequest,
  OnrampQuoteResponse,
  OnrampUrlRequest,
  OnrampUrlResponse,
  RegisterNameRequest,
  RegisterNameResponse,
  ReverseLookupResponse,
  RevokeSessionRequest,
  RevokeSessionResponse,
  SessionsResponse,
  SwapQuotesRequest,
  SwapQuotesResponse,
  SwapTokensRequest,
  SwapTokensResponse,
} from './types.js';
import {
  array,
  blockchainApiProjectUrl,
  blockchainApiUrl,
  jsonHeaders,
  jsonInit,
  number,
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

/** Row 4: GET /v1/account/{address}/history. */
export function fetchHistory(ctx: ApiContext, params: HistoryRequest): Promise<HistoryResponse> {
  const url = blockchainApiUrl(ctx, `/v1/account/${enc(params.address)}/history`, {
    cursor: params.cursor,
    onramp: params.onramp,
    chainId: params.chainId,
  });
  return requestJson(ctx, url, (body, fail) => {
    const b = record(body, fail);
    const data = array(b.data, fail, 'data');
    data.forEach((item, i) => {
      const tx = record(item, fail, `data[${i}]`);
      string(tx.id, fail, `data[${i}].id`);
      record(tx.metadata, fail, `data[${i}].metadata`);
    });
    return { data, next: typeof b.next === 'string' && b.next ? b.next : null } as HistoryResponse;
  });
}

/** Row 5: GET /v1/convert/tokens. */
export function fetchSwapTokens(ctx: ApiContext, params: SwapTokensRequest): Promise<SwapTokensResponse> {
  return requestJson(ctx, blockchainApiUrl(ctx, '/v1/convert/tokens', { chainId: params.chainId }), (body, fail) => {
    const tokens = array(record(body, fail).tokens, fail, 'tokens');
    tokens.forEach((t, i) => number(record(t, fail, `tokens[${i}]`).decimals, fail, `tokens[${i}].decimals`));
    return { tokens } as SwapTokensResponse;
  });
}

/** Row 6: GET /v1/convert/quotes. */
export function fetchSwapQuotes(ctx: ApiContext, params: SwapQuotesRequest): Promise<SwapQuotesResponse> {
  const url = blockchainApiUrl(ctx, '/v1/convert/quotes', {
    amount: params.amount,
    userAddress: params.userAddress,
    from: params.from,
    to: params.to,
    gasPrice: params.gasPrice,
  });
  return requestJson(
    ctx,
    url,
    (body, fail) => {
      const quotes = array(record(body, fail).quotes, fail, 'quotes');
      quotes.forEach((q, i) => string(record(q, fail, `quotes[${i}]`).toAmount, fail, `quotes[${i}].toAmount`));
      return { quotes } as SwapQuotesResponse;
    },
    jsonHeaders,
  );
}

/** Row 7: GET /v1/convert/allowance. */
export function fetchAllowance(ctx: ApiContext, params: AllowanceRequest): Promise<AllowanceResponse> {
  const url = blockchainApiUrl(ctx, '/v1/convert/allowance', { tokenAddress: params.tokenAddress, userAddress: params.userAddress });
  return requestJson(ctx, url, (body, fail) => ({ allowance: string(record(body, fail).allowance, fail, 'allowance') }), jsonHeaders);
}

/** Row 8: GET /v1/convert/gas-price. */
export function fetchGasPrice(ctx: ApiContext, params: GasPriceRequest): Promise<GasPriceResponse> {
  const url = blockchainApiUrl(ctx, '/v1/convert/gas-price', { chainId: params.chainId });
  return requestJson(
    ctx,
    url,
    (body, fail) => {
      const b = record(body, fail);
      return {
        standard: string(b.standard, fail, 'standard'),
        fast: string(b.fast, fail, 'fast'),
        instant: string(b.instant, fail, 'instant'),
      };
    },
    jsonHeaders,
  );
}

/** Row 9: GET /v1/convert/build-approve. */
export function fetchBuildApprove(ctx: ApiContext, params: BuildApproveRequest): Promise<BuildApproveResponse> {
  const url = blockchainApiUrl(ctx, '/v1/convert/build-approve', {
    userAddress: params.userAddress,
    from: params.from,
    to: params.to,
    amount: params.amount,
  });
  return requestJson(
    ctx,
    url,
    (body, fail) => {
      const tx = record(record(body, fail).tx, fail, 'tx');
      string(tx.data, fail, 'tx.data');
      return { tx } as BuildApproveResponse;
    },
    jsonHeaders,
  );
}

/** Row 10: POST /v1/convert/build-transaction. */
export function buildSwapTransaction(ctx: ApiContext, params: Omit<BuildTransactionRequest, 'projectId'>): Promise<BuildTransactionResponse> {
  const body: BuildTransactionRequest = { ...params, projectId: ctx.projectId };
  return requestJson(
    ctx,
    `${ctx.urls.blockchainApi}/v1/convert/build-transaction`,
    (b, fail) => {
      const tx = record(record(b, fail).tx, fail, 'tx');
      string(tx.data, fail, 'tx.data');
      return { tx } as BuildTransactionResponse;
    },
    jsonInit(body),
  );
}

/** Row 11: POST /v1/fungible/price. */
export function fetchTokenPrices(ctx: ApiContext, params: Omit<FungiblePriceRequest, 'projectId' | 'currency'>): Promise<FungiblePriceResponse> {
  const body: FungiblePriceRequest = { currency: 'usd', addresses: params.addresses, projectId: ctx.projectId };
  return requestJson(
    ctx,
    `${ctx.urls.blockchainApi}/v1/fungible/price`,
    (b, fail) => ({ fungibles: array(record(b, fail).fungibles, fail, 'fungibles') }) as FungiblePriceResponse,
    jsonInit(body),
  );
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

/** Row 16: POST /v1/generators/onrampurl; returns the URL. */
export async function generateOnrampUrl(ctx: ApiContext, params: OnrampUrlRequest): Promise<string> {
  const url = blockchainApiProjectUrl(ctx, '/v1/generators/onrampurl');
  const result = await requestJson<OnrampUrlResponse>(
    ctx,
    url,
    (body, fail) => ({ url: string(record(body, fail).url, fail, 'url') }),
    jsonInit(params, false),
  );
  return result.url;
}

/** Row 17: GET /v1/onramp/options. */
export function fetchOnrampOptions(ctx: ApiContext): Promise<OnrampOptionsResponse> {
  return requestJson(ctx, blockchainApiUrl(ctx, '/v1/onramp/options'), (body, fail) => {
    const b = record(body, fail);
    array(b.paymentCurrencies, fail, 'paymentCurrencies');
    array(b.purchaseCurrencies, fail, 'purchaseCurrencies');
    return b as unknown as OnrampOptionsResponse;
  });
}

/** Row 18: POST /v1/onramp/quote. */
export function fetchOnrampQuote(ctx: ApiContext, params: OnrampQuoteRequest): Promise<OnrampQuoteResponse> {
  return requestJson(
    ctx,
    blockchainApiProjectUrl(ctx, '/v1/onramp/quote'),
    (body, fail) => {
      const b = record(body, fail);
      string(b.quoteId, fail, 'quoteId');
      record(b.paymentTotal, fail, 'paymentTotal');
      return b as unknown as OnrampQuoteResponse;
    },
    jsonInit(params, false),
  );
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
