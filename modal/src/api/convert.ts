/**
 * Swap endpoints of the Blockchain API (service-shapes.md rows 5-11), in a module of their own so that only the
 * swap views' chunk carries them (a bundler splits code by module).
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
} from './types.js';
import { array, blockchainApiUrl, jsonHeaders, jsonInit, number, record, requestJson, string, type ApiContext } from './http.js';

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
