/**
 * Activity history of the Blockchain API (service-shapes.md row 4), in a module of its own so that only the views
 * that show or watch transactions carry it.
 */
import type { HistoryRequest, HistoryResponse } from './types.js';
import { array, blockchainApiUrl, record, requestJson, string, type ApiContext } from './http.js';

/** Row 4: GET /v1/account/{address}/history. */
export function fetchHistory(ctx: ApiContext, params: HistoryRequest): Promise<HistoryResponse> {
  const url = blockchainApiUrl(ctx, `/v1/account/${encodeURIComponent(params.address)}/history`, {
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
