/**
 * Blockchain API rows 16-18: buying with fiat (onramp).
 * One function per endpoint, typed parameters and result; answers are checked by the lazy answers module.
 */
import type {
  OnrampOptionsResponse,
  OnrampQuoteRequest,
  OnrampQuoteResponse,
  OnrampUrlRequest,
  OnrampUrlResponse,
} from './onramp-types.js';
import { blockchainApiProjectUrl, blockchainApiUrl, jsonInit, requestJson, type ApiContext } from './http.js';

/** The checks of the answers, loaded with the first answer (none sits in the first-click bundle). */
const answers = () => import('./answers.js');

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
