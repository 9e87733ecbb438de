import { badRequest, HttpError, type RequestContext } from '../http.js';
import type { CodeCheck } from './store.js';

/** A non-empty string field of a JSON body (400 naming the field otherwise). */
export function requireString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') throw badRequest(`"${field}" is required`, field);
  return value;
}

/** The request's JSON body, which must be an object. */
export async function jsonBody(ctx: RequestContext): Promise<Record<string, unknown>> {
  const body = await ctx.body();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('request body must be a JSON object');
  return body as Record<string, unknown>;
}

/**
 * The one sentence a person reads when a code check fails, with its `reason` (the modal says it in its own language:
 * `EmbeddedErrorReason`) and, when locked, the minutes to wait.
 */
export function codeProblem(result: Exclude<CodeCheck, 'ok'>, field: string): HttpError {
  if (result === 'wrong') return new HttpError(400, { error: 'Invalid code', field, reason: 'codeWrong' });
  if (result === 'expired') return new HttpError(400, { error: 'The code expired. Ask for a new one.', field, reason: 'codeExpired' });
  const minutes = Math.ceil(result.lockedForMs / 60_000);
  return new HttpError(429, { error: `Too many wrong codes. Please try again after ${minutes} minutes`, field, reason: 'codeLocked', minutes });
}
