/**
 * The Blockchain API calls the controllers make before the first click (rows 1-2: the supported-chains gate and
 * identity): a module of their own, so that a bundle's first load does not carry the calls only lazy views make
 * (a bundler splits code by module). The other rows are in `blockchain.ts`.
 */
import type { IdentityRequest, IdentityResponse, SupportedChainsResponse } from './types.js';
import { array, blockchainApiUrl, nullableString, record, requestJson, string, type ApiContext } from './http.js';

const enc = encodeURIComponent;

/** Row 1: GET /v1/supported-chains — the gate for every other call. */
export function fetchSupportedChains(ctx: ApiContext): Promise<SupportedChainsResponse> {
  return requestJson(ctx, blockchainApiUrl(ctx, '/v1/supported-chains'), (body, fail) => {
    const b = record(body, fail);
    return {
      http: array(b.http, fail, 'http').map((id, i) => string(id, fail, `http[${i}]`)) as SupportedChainsResponse['http'],
      ws: (Array.isArray(b.ws) ? b.ws : []) as SupportedChainsResponse['ws'],
    };
  });
}

/** Row 2: GET /v1/identity/{address}; `sender` only when connected. */
export function fetchIdentity(ctx: ApiContext, params: IdentityRequest): Promise<IdentityResponse> {
  const url = blockchainApiUrl(ctx, `/v1/identity/${enc(params.address)}`, { sender: params.sender });
  return requestJson(ctx, url, (body, fail) => {
    const b = record(body, fail);
    return { name: nullableString(b.name, fail, 'name'), avatar: nullableString(b.avatar, fail, 'avatar') };
  });
}
