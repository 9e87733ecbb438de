/**
 * The optional sign-in service (service-shapes.md row 33) on the project API: a nonce, authentication with a signed
 * EIP-4361 message, the signed-in account, sign-out. `projectId`, `st`, `sv` first in the query.
 *
 * Part of the lazy SIWX chunk, so it imports nothing at run time from the first-click bundle's modules (see
 * controllers/siwx-message.ts): the error classes come with the context.
 */
import type { HttpError, ModalError, ResponseValidationError } from '../errors.js';
import type { ApiContext } from './http.js';
import type { AuthAuthenticateRequest, AuthAuthenticateResponse, AuthMeResponse, AuthNonceResponse } from './auth-types.js';

/** An ApiContext with the modal's error classes (handed over by the core). */
export interface AuthApiContext extends ApiContext {
  errors: { ModalError: typeof ModalError; HttpError: typeof HttpError; ResponseValidationError: typeof ResponseValidationError };
}

function authUrl(ctx: ApiContext, path: string): string {
  const search = new URLSearchParams({ projectId: ctx.projectId, st: ctx.sdkType, sv: ctx.sdkVersion });
  return `${ctx.urls.walletDirectory}${path}?${search.toString()}`;
}

/** Sends the request; a refusal throws HttpError ('HTTP status code: {status}') with the service's reason as `details`. */
async function send(ctx: AuthApiContext, url: string, init: RequestInit): Promise<Response> {
  const response = await ctx.fetch(url, init);
  if (response.ok) return response;
  const text = await response.text().catch(() => '');
  let details = text;
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'string') details = body.error;
  } catch {
    // not JSON: the text itself
  }
  throw new ctx.errors.HttpError(response.status, url, { details });
}

/** The JSON body's string fields `keys`, or ResponseValidationError. */
async function fields<K extends string>(ctx: AuthApiContext, url: string, response: Response, keys: K[]): Promise<Record<K, string> & Record<string, unknown>> {
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new ctx.errors.ResponseValidationError(url, `body is not JSON (${String(cause)})`);
  }
  if (typeof body !== 'object' || body === null) throw new ctx.errors.ResponseValidationError(url, 'body is not an object');
  for (const key of keys) {
    if (typeof (body as Record<string, unknown>)[key] !== 'string') throw new ctx.errors.ResponseValidationError(url, `${key} is not a string`);
  }
  return body as Record<K, string>;
}

/** GET /auth/v1/nonce: a fresh nonce for the next message and the token that proves it was issued. */
export async function fetchAuthNonce(ctx: AuthApiContext): Promise<AuthNonceResponse> {
  const url = authUrl(ctx, '/auth/v1/nonce');
  const { nonce, token } = await fields(ctx, url, await send(ctx, url, {}), ['nonce', 'token']);
  return { nonce, token };
}

/** POST /auth/v1/authenticate (header `x-nonce-jwt: Bearer <nonce token>`): the session token. */
export async function authenticate(ctx: AuthApiContext, nonceToken: string, body: AuthAuthenticateRequest): Promise<AuthAuthenticateResponse> {
  const url = authUrl(ctx, '/auth/v1/authenticate');
  const init: RequestInit = {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-nonce-jwt': `Bearer ${nonceToken}` },
    body: JSON.stringify(body),
  };
  const { token } = await fields(ctx, url, await send(ctx, url, init), ['token']);
  return { token };
}

/** GET /auth/v1/me (header `Authorization: Bearer <session token>`): the signed-in account; 401 once it ended. */
export async function fetchAuthMe(ctx: AuthApiContext, token: string): Promise<AuthMeResponse> {
  const url = authUrl(ctx, '/auth/v1/me');
  const body = await fields(ctx, url, await send(ctx, url, { headers: { Authorization: `Bearer ${token}` } }), ['address']);
  const chainId = body.chainId;
  if (typeof chainId !== 'string' && typeof chainId !== 'number') throw new ctx.errors.ResponseValidationError(url, 'chainId is neither a number nor a string');
  return { address: body.address, chainId };
}

/**
 * DELETE /auth/v1/session: ends the session on the server. api-mocks offers it; a service without it (404/405) is
 * fine, since forgetting the token ends the session for this client.
 */
export async function signOut(ctx: AuthApiContext, token: string): Promise<void> {
  const url = authUrl(ctx, '/auth/v1/session');
  try {
    await send(ctx, url, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status !== 401 && status !== 404 && status !== 405) throw error;
  }
}
