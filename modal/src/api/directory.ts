/**
 * Wallet directory API (service-shapes.md rows 24-28): the wallet lists and images, which only the directory's
 * controller requests; `projectId`, `st`, `sv` first in the query. The project's rows (29-32) are project.ts.
 */
import type { GetWalletsRequest, GetWalletsResponse } from './directory-types.js';
import { directoryUrl, request, requestJson, type ApiContext } from './http.js';

const enc = encodeURIComponent;
/** The checks of every answer, loaded when the first answer arrives (so that none sits in the first-click bundle). */
const answers = () => import('./answers.js');

/**
 * Row 24: GET /getWallets (page, search, featured via `include`, recommended). A missing `data` or `count` throws
 * ResponseValidationError; malformed entries are dropped, links and images pass the URL gate, at most `entries` are kept.
 */
export function fetchWallets(ctx: ApiContext, params: GetWalletsRequest): Promise<GetWalletsResponse> {
  const url = directoryUrl(ctx, '/getWallets', {
    page: params.page,
    entries: params.entries,
    chains: params.chains,
    search: params.search,
    badge_type: params.badge_type,
    include: params.include,
    exclude: params.exclude,
    include_pay_only: params.include_pay_only,
    sort: params.sort,
    names: params.names,
    rdns: params.rdns,
  });
  return requestJson(ctx, url, (body, fail) => answers().then((m) => m.wallets(body, fail, params.entries)));
}

async function fetchImage(ctx: ApiContext, path: string, init?: RequestInit): Promise<Blob> {
  const response = await request(ctx, directoryUrl(ctx, path), init);
  return response.blob();
}

/** Row 25: GET /getWalletImage/{image_id} (bytes). */
export function fetchWalletImage(ctx: ApiContext, imageId: string, init?: RequestInit): Promise<Blob> {
  return fetchImage(ctx, `/getWalletImage/${enc(imageId)}`, init);
}

/** Row 26: GET /public/getAssetImage/{id}. */
export function fetchAssetImage(ctx: ApiContext, id: string): Promise<Blob> {
  return fetchImage(ctx, `/public/getAssetImage/${enc(id)}`);
}

/** Row 27: GET /public/getTokenImage/{symbol}. */
export function fetchTokenImage(ctx: ApiContext, symbol: string): Promise<Blob> {
  return fetchImage(ctx, `/public/getTokenImage/${enc(symbol)}`);
}

/** Row 28: GET /public/getCurrencyImage/{code}. */
export function fetchCurrencyImage(ctx: ApiContext, code: string): Promise<Blob> {
  return fetchImage(ctx, `/public/getCurrencyImage/${enc(code)}`);
}

/** The URL of a wallet image, for an `<img src>` when no prefetched blob exists. */
export function walletImageUrl(ctx: ApiContext, imageId: string): string {
  return directoryUrl(ctx, `/getWalletImage/${enc(imageId)}`);
}

/** The URL of a network's or connector's image (row 26), for an `<img src>`. */
export function assetImageUrl(ctx: ApiContext, id: string): string {
  return directoryUrl(ctx, `/public/getAssetImage/${enc(id)}`);
}

/** The URL of a token's image by its symbol (row 27), for an `<img src>`. */
export function tokenImageUrl(ctx: ApiContext, symbol: string): string {
  return directoryUrl(ctx, `/public/getTokenImage/${enc(symbol)}`);
}

/** The URL of a fiat currency's image by its code (row 28), for an `<img src>`. */
export function currencyImageUrl(ctx: ApiContext, code: string): string {
  return directoryUrl(ctx, `/public/getCurrencyImage/${enc(code)}`);
}
