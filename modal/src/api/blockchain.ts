/**
 * Blockchain API (service-shapes.md rows 1-22): one function per endpoint, typed parameters and result,
 * validated response. No caching here: the controllers that own the data cache it.
 */
import type {
  AllowanceRequest,
  AllowanceResponse,
  BalanceRequest,
  BalanceResponse,
  BuildApproveRequest,
  BuildApproveResponse,
  BuildTransactionRequest,
  BuildTransactionResponse,
  ExchangeMethod,
  FungiblePriceRequest,
  FungiblePriceResponse,
  GasPriceRequest,
  GasPriceResponse,
  GetExchangeBuyStatusParams,
  GetExchangeBuyStatusResult,
  GetExchangePayUrlParams,
  GetExchangePayUrlResult,
  GetExchangesParams,
  GetExchangesResult,
  HistoryRequest,
  HistoryResponse,
  IdentityRequest,
  IdentityResponse,
  JsonRpcRequest,
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
  SupportedChainsResponse,
  SwapQuotesRequest,
  SwapQuotesResponse,
  SwapTokensRequest,
  SwapTokensResponse,
} from './types.js';
import { blockchainApiProjectUrl, blockchainApiUrl, jsonHeaders, jsonInit, requestJson, type ApiContext } from './http.js';
import type { Fail } from './validate.js';
import { ModalError, ProviderRpcError, ResponseValidationError } from '../errors.js';

const enc = encodeURIComponent;
/** The checks of every answer, loaded when the first answer arrives (so that none sits in the first-click bundle). */
const answers = () => import('./answers.js');
type Answers = typeof import('./answers.js');
/** Row 1: GET /v1/supported-chains — the gate for every other call. */
export function fetchSupportedChains(ctx: ApiContext): Promise<SupportedChainsResponse> {
  return requestJson(ctx, blockchainApiUrl(ctx, '/v1/supported-chains'), (body, fail) => answers().then((m) => m.supportedChains(body, fail)));
}

/** Row 2: GET /v1/identity/{address}; `sender` only when connected. */
export function fetchIdentity(ctx: ApiContext, params: IdentityRequest): Promise<IdentityResponse> {
  const url = blockchainApiUrl(ctx, `/v1/identity/${enc(params.address)}`, { sender: params.sender });
  return requestJson(ctx, url, (body, fail) => answers().then((m) => m.identity(body, fail)));
}

/** Row 3: GET /v1/account/{address}/balance. */
export function fetchBalances(ctx: ApiContext, params: BalanceRequest): Promise<BalanceResponse> {
  const url = blockchainApiUrl(ctx, `/v1/account/${enc(params.address)}/balance`, {
    currency: params.currency,
    chainId: params.chainId,
    forceUpdate: params.forceUpdate,
  });
  return requestJson(ctx, url, (body, fail) => answers().then((m) => m.balances(body, fail)));
}

/** Row 4: GET /v1/account/{address}/history. */
export function fetchHistory(ctx: ApiContext, params: HistoryRequest): Promise<HistoryResponse> {
  const url = blockchainApiUrl(ctx, `/v1/account/${enc(params.address)}/history`, {
    cursor: params.cursor,
    onramp: params.onramp,
    chainId: params.chainId,
  });
  return requestJson(ctx, url, (body, fail) => answers().then((m) => m.history(body, fail)));
}

/** Row 5: GET /v1/convert/tokens. */
export function fetchSwapTokens(ctx: ApiContext, params: SwapTokensRequest): Promise<SwapTokensResponse> {
  return requestJson(ctx, blockchainApiUrl(ctx, '/v1/convert/tokens', { chainId: params.chainId }), (body, fail) => answers().then((m) => m.swapTokens(body, fail)));
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
    (body, fail) => answers().then((m) => m.swapQuotes(body, fail)),
    jsonHeaders,
  );
}

/** Row 7: GET /v1/convert/allowance. */
export function fetchAllowance(ctx: ApiContext, params: AllowanceRequest): Promise<AllowanceResponse> {
  const url = blockchainApiUrl(ctx, '/v1/convert/allowance', { tokenAddress: params.tokenAddress, userAddress: params.userAddress });
  return requestJson(ctx, url, (body, fail) => answers().then((m) => m.allowance(body, fail)), jsonHeaders);
}

/** Row 8: GET /v1/convert/gas-price. */
export function fetchGasPrice(ctx: ApiContext, params: GasPriceRequest): Promise<GasPriceResponse> {
  const url = blockchainApiUrl(ctx, '/v1/convert/gas-price', { chainId: params.chainId });
  return requestJson(
    ctx,
    url,
    (body, fail) => answers().then((m) => m.gasPrice(body, fail)),
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
    (body, fail) => answers().then((m) => m.buildApprove(body, fail)),
    jsonHeaders,
  );
}

/** Row 10: POST /v1/convert/build-transaction. */
export function buildSwapTransaction(ctx: ApiContext, params: Omit<BuildTransactionRequest, 'projectId'>): Promise<BuildTransactionResponse> {
  const body: BuildTransactionRequest = { ...params, projectId: ctx.projectId };
  return requestJson(
    ctx,
    `${ctx.urls.blockchainApi}/v1/convert/build-transaction`,
    (b, fail) => answers().then((m) => m.buildTransaction(b, fail)),
    jsonInit(body),
  );
}

/** Row 11: POST /v1/fungible/price. */
export function fetchTokenPrices(ctx: ApiContext, params: Omit<FungiblePriceRequest, 'projectId' | 'currency'>): Promise<FungiblePriceResponse> {
  const body: FungiblePriceRequest = { currency: 'usd', addresses: params.addresses, projectId: ctx.projectId };
  return requestJson(
    ctx,
    `${ctx.urls.blockchainApi}/v1/fungible/price`,
    (b, fail) => answers().then((m) => m.tokenPrices(b, fail)),
    jsonInit(body),
  );
}

/** Row 12: GET /v1/profile/account/{name}. */
export function lookupName(ctx: ApiContext, name: string): Promise<LookupNameResponse> {
  const url = blockchainApiUrl(ctx, `/v1/profile/account/${enc(name)}`, { apiVersion: 2 });
  return requestJson(ctx, url, (body, fail) => answers().then((m) => m.lookupName(body, fail)));
}

/** Row 13: GET /v1/profile/reverse/{address}. */
export function reverseLookupNames(ctx: ApiContext, params: { address: string; sender?: string }): Promise<ReverseLookupResponse> {
  const url = blockchainApiUrl(ctx, `/v1/profile/reverse/${enc(params.address)}`, { sender: params.sender, apiVersion: 2 });
  return requestJson(ctx, url, (body, fail) => answers().then((m) => m.reverseLookup(body, fail)));
}

/** Row 14: GET /v1/profile/suggestions/{name}. */
export function fetchNameSuggestions(ctx: ApiContext, name: string, zone = 'reown.id'): Promise<NameSuggestionsResponse> {
  const url = blockchainApiUrl(ctx, `/v1/profile/suggestions/${enc(name)}`, { zone });
  return requestJson(ctx, url, (body, fail) => answers().then((m) => m.nameSuggestions(body, fail)));
}

/** Row 15: POST /v1/profile/account. */
export function registerName(ctx: ApiContext, params: RegisterNameRequest): Promise<RegisterNameResponse> {
  return requestJson(ctx, `${ctx.urls.blockchainApi}/v1/profile/account`, (body, fail) => answers().then((m) => m.registerName(body, fail)), jsonInit(params));
}

/** Row 16: POST /v1/generators/onrampurl; returns the URL. */
export async function generateOnrampUrl(ctx: ApiContext, params: OnrampUrlRequest): Promise<string> {
  const url = blockchainApiProjectUrl(ctx, '/v1/generators/onrampurl');
  const result = await requestJson<OnrampUrlResponse>(
    ctx,
    url,
    (body, fail) => answers().then((m) => m.onrampUrl(body, fail)),
    jsonInit(params, false),
  );
  return result.url;
}

/** Row 17: GET /v1/onramp/options. */
export function fetchOnrampOptions(ctx: ApiContext): Promise<OnrampOptionsResponse> {
  return requestJson(ctx, blockchainApiUrl(ctx, '/v1/onramp/options'), (body, fail) => answers().then((m) => m.onrampOptions(body, fail)));
}

/** Row 18: POST /v1/onramp/quote. */
export function fetchOnrampQuote(ctx: ApiContext, params: OnrampQuoteRequest): Promise<OnrampQuoteResponse> {
  return requestJson(
    ctx,
    blockchainApiProjectUrl(ctx, '/v1/onramp/quote'),
    (body, fail) => answers().then((m) => m.onrampQuote(body, fail)),
    jsonInit(params, false),
  );
}

/** Row 19: GET /v1/sessions/{caip10}. */
export function fetchSmartSessions(ctx: ApiContext, caipAddress: string): Promise<SessionsResponse> {
  return requestJson(ctx, blockchainApiUrl(ctx, `/v1/sessions/${enc(caipAddress)}`), (body, fail) => answers().then((m) => m.smartSessions(body, fail)));
}

/** Row 20: POST /v1/sessions/{address}/revoke. */
export function revokeSmartSession(ctx: ApiContext, address: string, params: RevokeSessionRequest): Promise<RevokeSessionResponse> {
  return requestJson(
    ctx,
    blockchainApiProjectUrl(ctx, `/v1/sessions/${enc(address)}/revoke`),
    (body, fail) => answers().then((m) => m.revokeSession(body, fail)),
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
  const response = await requestJson(
    ctx,
    blockchainApiProjectUrl(ctx, '/v1', { chainId: caipNetworkId }),
    (b, fail) => answers().then((m) => m.jsonRpcAnswer(b, fail)),
    jsonInit(body, false),
  );
  if (response.error) throw new ProviderRpcError(response.error.code, response.error.message);
  return response.result as T;
}

/** Row 23: POST /v1/json-rpc?projectId&st&sv&source=fund-wallet; a body with `error` throws its message. */
async function exchangeRpc<T>(ctx: ApiContext, method: ExchangeMethod, params: object, check: (m: Answers, result: unknown, fail: Fail) => T): Promise<T> {
  const search = new URLSearchParams({ projectId: ctx.projectId, st: ctx.sdkType, sv: ctx.sdkVersion, source: 'fund-wallet' });
  const url = `${ctx.urls.blockchainApi}/v1/json-rpc?${search.toString()}`;
  // The HTTP status is not checked here (service-shapes row 23): the JSON body decides.
  const response = await ctx.fetch(url, jsonInit({ jsonrpc: '2.0', id: 1, method, params: { ...params, projectId: ctx.projectId } }));
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new ResponseValidationError(url, `body is not JSON (${String(cause)})`);
  }
  const fail: Fail = (details) => {
    throw new ResponseValidationError(url, details);
  };
  const m = await answers();
  const answer = m.jsonRpcAnswer(body, fail);
  if (answer.error) throw new ModalError(answer.error.message || 'Exchange request failed', { details: url });
  return check(m, answer.result, fail);
}

/** `reown_getExchanges`: exchanges (image through the URL gate) and their total. */
export const fetchExchanges = (ctx: ApiContext, params: GetExchangesParams) =>
  exchangeRpc<GetExchangesResult>(ctx, 'reown_getExchanges', params, (m, result, fail) => m.exchanges(result, fail));
/** `reown_getExchangePayUrl`: the pay URL passes the link gate (else ResponseValidationError). */
export const fetchExchangePayUrl = (ctx: ApiContext, params: GetExchangePayUrlParams) =>
  exchangeRpc<GetExchangePayUrlResult>(ctx, 'reown_getExchangePayUrl', params, (m, result, fail) => m.exchangePayUrl(result, fail));
/** `reown_getExchangeBuyStatus`. */
export const fetchExchangeBuyStatus = (ctx: ApiContext, params: GetExchangeBuyStatusParams) =>
  exchangeRpc<GetExchangeBuyStatusResult>(ctx, 'reown_getExchangeBuyStatus', params, (m, result, fail) => m.exchangeBuyStatus(result, fail));
