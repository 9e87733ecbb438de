/**
 * Blockchain API rows 5-11: swaps (convert) and token prices. A module of its own so the swap views load it, not the first click.
 * One function per endpoint, typed parameters and result; answers are checked by the lazy answers module.
 */
import type {
  AllowanceRequest,
  AllowanceResponse,
  BuildApproveRequest,
  BuildApproveResponse,
  BuildTransactionRequest,
  BuildTransactionResponse,
  FungiblePriceRequest,
  FungiblePriceResponse,
  GasPriceRequest,
  GasPriceResponse,
  SwapQuotesRequest,
  SwapQuotesResponse,
  SwapTokensRequest,
  SwapTokensResponse,
} from './convert-types.js';
import { blockchainApiUrl, jsonHeaders, jsonInit, requestJson, type ApiContext } from './http.js';

/** The checks of the answers, loaded with the first answer (none sits in the first-click bundle). */
const answers = () => import('./answers.js');

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
