/**
 * Onramp endpoints of the Blockchain API (service-shapes.md rows 16-18), in a module of their own so that only the
 * buy views' chunk carries them.
 */
import type { OnrampOptionsResponse, OnrampQuoteRequest, OnrampQuoteResponse, OnrampUrlRequest, OnrampUrlResponse } from './types.js';
import { array, blockchainApiProjectUrl, blockchainApiUrl, jsonInit, record, requestJson, string, type ApiContext } from './http.js';

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
