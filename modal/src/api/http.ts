import { HttpError, ResponseValidationError } from '../errors.js';
import type { FetchLike } from '../core/types.js';
import { timeoutSignal } from '../core/constants.js';

/** What every api function needs: fetch, base URLs and the sdk parameters. No state, no caching. */
export interface ApiContext {
  fetch: FetchLike;
  projectId: string;
  /** `st` */
  sdkType: string;
  /** `sv` */
  sdkVersion: string;
  urls: { blockchainApi: string; walletDirectory: string; analytics: string };
}

export type QueryValue = string | number | boolean | undefined | null;

function appendAll(search: URLSearchParams, params: Record<string, QueryValue>): void {
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
}

/** Blockchain API URL: the call's own parameters, then `st`, `sv`, `projectId` ("+sdk"). */
export function blockchainApiUrl(ctx: ApiContext, path: string, params: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  appendAll(search, params);
  appendAll(search, { st: ctx.sdkType, sv: ctx.sdkVersion, projectId: ctx.projectId });
  return `${ctx.urls.blockchainApi}${path}?${search.toString()}`;
}

/** Blockchain API URL carrying `projectId` only (the POSTs of rows 16, 18, 20). */
export function blockchainApiProjectUrl(ctx: ApiContext, path: string, params: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  appendAll(search, params);
  appendAll(search, { projectId: ctx.projectId });
  return `${ctx.urls.blockchainApi}${path}?${search.toString()}`;
}

/** Directory / project API URL: `projectId`, `st`, `sv` first, then the call's parameters. */
export function directoryUrl(ctx: ApiContext, path: string, params: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  appendAll(search, { projectId: ctx.projectId, st: ctx.sdkType, sv: ctx.sdkVersion });
  appendAll(search, params);
  return `${ctx.urls.walletDirectory}${path}?${search.toString()}`;
}

/**
 * Sends the request under the modal's one timeout policy (`REQUEST_TIMEOUT_MS`; a caller's own signal wins); a non-2xx
 * answer throws HttpError ('HTTP status code: {status}').
 */
export async function request(ctx: ApiContext, url: string, init?: RequestInit): Promise<Response> {
  const response = await ctx.fetch(url, { ...init, signal: init?.signal ?? timeoutSignal() });
  if (!response.ok) throw new HttpError(response.status, url);
  return response;
}

/**
 * Fetches JSON and hands it to `validate`, which returns the typed result (or a promise of it, when its checks load
 * lazily) or calls `fail`, which throws ResponseValidationError.
 */
export async function requestJson<T>(
  ctx: ApiContext,
  url: string,
  validate: (body: unknown, fail: (details: string) => never) => T | Promise<T>,
  init?: RequestInit,
): Promise<T> {
  const response = await request(ctx, url, init);
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new ResponseValidationError(url, `body is not JSON (${String(cause)})`);
  }
  return await validate(body, (details) => {
    throw new ResponseValidationError(url, details);
  });
}

/** JSON body for a POST; `contentType: false` sends no Content-Type header (rows marked "none"). */
export function jsonInit(body: unknown, contentType = true): RequestInit {
  return {
    method: 'POST',
    body: JSON.stringify(body),
    ...(contentType ? { headers: { 'Content-Type': 'application/json' } } : {}),
  };
}

export const jsonHeaders: RequestInit = { headers: { 'Content-Type': 'application/json' } };
