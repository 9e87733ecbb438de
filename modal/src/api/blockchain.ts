/**
 * Blockchain API (service-shapes.md rows 3, 12-20 and 23; rows 1-2 are in blockchain-core.ts, 21-22 in json-rpc.ts, 4 in history.ts, 5-11 in
 * convert.ts, 16-18 in onramp.ts): one function per endpoint, typed parameters and result, validated response. No caching here: the controllers that own the data cache it.
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
  LookupNameResponse,
  NameSuggestionsResponse,
  RegisterNameRequest,
  RegisterNameResponse,
  ReverseLookupResponse,
  RevokeSessionRequest,
  RevokeSessionResponse,
  SessionsResponse,
} from './blockchain-types.js';
import { blockchainApiProjectUrl, blockchainApiUrl, jsonInit, requestJson, type ApiContext } from './http.js';
import type { Fail } from './validate.js';
import { HttpError, ModalError, ResponseValidationError } from '../errors.js';
import { jsonRpcAnswer } from '../chain/json-rpc.js';

const enc = encodeURIComponent;
/** The checks of every answer, loaded when the first answer arrives (so that none sits in the first-click bundle). */
const answers = () => import('./answers.js');
type Answers = typeof import('./answers.js');
/** Row 3: GET /v1/account/{address}/balance. */
export function fetchBalances(ctx: ApiContext, params: BalanceRequest): Promise<BalanceResponse> {
  const url = blockchainApiUrl(ctx, `/v1/account/${enc(params.address)}/balance`, {
    currency: params.currency,
    chainId: params.chainId,
    forceUpdate: params.forceUpdate,
  });
  return requestJson(ctx, url, (body, fail) => answers().then((m) => m.balances(body, fail)));
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

/**
 * Row 15: POST /v1/profile/account. A refusal throws HttpError whose `details` is the service's reason
 * (`reasons[0].description`) when it gave one.
 */
export async function registerName(ctx: ApiContext, params: RegisterNameRequest): Promise<RegisterNameResponse> {
  const url = `${ctx.urls.blockchainApi}/v1/profile/account`;
  const response = await ctx.fetch(url, jsonInit(params));
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as { reasons?: { description?: unknown }[] } | undefined;
    const reason = body?.reasons?.[0]?.description;
    throw new HttpError(response.status, url, typeof reason === 'string' && reason ? { details: reason } : {});
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new ResponseValidationError(url, `body is not JSON (${String(cause)})`);
  }
  return (await answers()).registerName(body, (details) => {
    throw new ResponseValidationError(url, details);
  });
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

/** Row 23: POST /v1/json-rpc?projectId&st&sv&source=fund-wallet; a body with `error` throws its message. */
async function exchangeRpc<T>(ctx: ApiContext, method: ExchangeMethod, params: object, check: (m: Answers, result: unknown, fail: Fail) => T): Promise<T> {
  const search = new URLSearchParams({ projectId: ctx.projectId, st: ctx.sdkType, sv: ctx.sdkVersion, source: 'fund-wallet' });
  const url = `${ctx.urls.blockchainApi}/v1/json-rpc?${search.toString()}`;
  // The HTTP status is not checked here (service-shapes row 23): the JSON body decides.
  const answer = await jsonRpcAnswer(url, method, { ...params, projectId: ctx.projectId }, { fetch: ctx.fetch, id: 1, checkStatus: false });
  if (answer.error) throw new ModalError(answer.error.message || 'Exchange request failed', { details: url });
  const m = await answers();
  return check(m, answer.result, (details) => {
    throw new ResponseValidationError(url, details);
  });
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
