/**
 * Blockchain API rows 1-2 (supported chains, identity): the only calls made before the first click.
 * One function per endpoint, typed parameters and result; answers are checked by the lazy answers module.
 */
import type { IdentityRequest, IdentityResponse, SupportedChainsResponse } from './blockchain-types.js';
import { blockchainApiUrl, requestJson, type ApiContext } from './http.js';

const enc = encodeURIComponent;
/** The checks of the answers, loaded with the first answer (none sits in the first-click bundle). */
const answers = () => import('./answers.js');

/** Row 1: GET /v1/supported-chains — the gate for every other call. */
export function fetchSupportedChains(ctx: ApiContext): Promise<SupportedChainsResponse> {
  return requestJson(ctx, blockchainApiUrl(ctx, '/v1/supported-chains'), (body, fail) => answers().then((m) => m.supportedChains(body, fail)));
}

/** Row 2: GET /v1/identity/{address}; `sender` only when connected. */
export function fetchIdentity(ctx: ApiContext, params: IdentityRequest): Promise<IdentityResponse> {
  const url = blockchainApiUrl(ctx, `/v1/identity/${enc(params.address)}`, { sender: params.sender });
  return requestJson(ctx, url, (body, fail) => answers().then((m) => m.identity(body, fail)));
}
