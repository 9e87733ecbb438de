/**
 * Blockchain API row 4: the account's transaction history.
 * One function per endpoint, typed parameters and result; answers are checked by the lazy answers module.
 */
import type { HistoryRequest, HistoryResponse } from './history-types.js';
import { blockchainApiUrl, requestJson, type ApiContext } from './http.js';

const enc = encodeURIComponent;
/** The checks of the answers, loaded with the first answer (none sits in the first-click bundle). */
const answers = () => import('./answers.js');

/** Row 4: GET /v1/account/{address}/history. */
export function fetchHistory(ctx: ApiContext, params: HistoryRequest): Promise<HistoryResponse> {
  const url = blockchainApiUrl(ctx, `/v1/account/${enc(params.address)}/history`, {
    cursor: params.cursor,
    onramp: params.onramp,
    chainId: params.chainId,
  });
  return requestJson(ctx, url, (body, fail) => answers().then((m) => m.history(body, fail)));
}
