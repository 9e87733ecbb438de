import { HttpError, ResponseValidationError } from '../errors.js';
import type { FetchLike } from '../core/types.js';

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

/** Sends the request; a non-2xx answer throws HttpError ('HTTP status code: {status}'). */
export async function request(ctx: ApiContext, url: string, init?: RequestInit): Promise<Response> {
  const response = await ctx.fetch(url, init);
  if (!response.ok) throw new HttpError(response.status, url);
  return response;
}

/** Fetches JSON and hands it to `validate`, which returns the typed result or throws. */
export async function requestJson<T>(
  ctx: ApiContext,
  url: string,
  validate: (body: unknown, fail: (details: string) => never) => T,
  init?: RequestInit,
): Promise<T> {
  const response = await request(ctx, url, init);
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new ResponseValidationError(url, `body is not JSON (${String(cause)})`);
  }
  return validate(body, (details) => {
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

// Validation helpers: small and explicit rather than a schema library (bundle size).
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function record(body: unknown, fail: (d: string) => never, what = 'body'): Record<string, unknown> {
  if (!isRecord(body)) fail(`${what} is not an object`);
  return body as Record<string, unknown>;
}

export function array(value: unknown, fail: (d: string) => never, what: string): unknown[] {
  if (!Array.isArray(value)) fail(`${what} is not an array`);
  return value as unknown[];
}

export function string(value: unknown, fail: (d: string) => never, what: string): string {
  if (typeof value !== 'string') fail(`${what} is not a string`);
  return value as string;
}

export function nullableString(value: unknown, fail: (d: string) => never, what: string): string | null {
  if (value === null || value === undefined) return null;
  return string(value, fail, what);
}

export function number(value: unknown, fail: (d: string) => never, what: string): number {
  if (typeof value !== 'number' || Number.isNaN(value)) fail(`${what} is not a number`);
  return value as number;
}

export function boolean(value: unknown, fail: (d: string) => never, what: string): boolean {
  if (typeof value !== 'boolean') fail(`${what} is not a boolean`);
  return value as boolean;
}
