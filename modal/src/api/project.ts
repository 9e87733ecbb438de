/**
 * Project API of the wallet directory's service (service-shapes.md rows 29-32): analytics config, remote features,
 * limits and allowed origins. A module apart from the wallet lists (directory.ts): the modal's shell requests those,
 * while these are the project checks of the first interaction (the analytics controller), so a dapp's bundler keeps
 * each with its only user instead of making a shared file of the two.
 */
import { HttpError, ModalError } from '../errors.js';
import type { AnalyticsConfigResponse, ProjectConfigResponse, ProjectLimitsResponse } from './directory-types.js';
import { directoryUrl, requestJson, type ApiContext } from './http.js';

/** The checks of every answer, loaded when the first answer arrives (so that none sits in the first-click bundle). */
const answers = () => import('./answers.js');

/** Row 29: GET /getAnalyticsConfig. */
export function fetchAnalyticsConfig(ctx: ApiContext): Promise<AnalyticsConfigResponse> {
  return requestJson(ctx, directoryUrl(ctx, '/getAnalyticsConfig'), (body, fail) => answers().then((m) => m.analyticsConfig(body, fail)));
}

/** Row 30: GET /appkit/v1/config (remote features; at most 100, `config` dropped when malformed). */
export function fetchProjectConfig(ctx: ApiContext): Promise<ProjectConfigResponse> {
  return requestJson(ctx, directoryUrl(ctx, '/appkit/v1/config'), (body, fail) => answers().then((m) => m.projectConfig(body, fail)));
}

/** Row 31: GET /appkit/v1/project-limits. */
export function fetchProjectLimits(ctx: ApiContext): Promise<ProjectLimitsResponse> {
  return requestJson(ctx, directoryUrl(ctx, '/appkit/v1/project-limits'), (body, fail) => answers().then((m) => m.projectLimits(body, fail)));
}

/** Thrown by `fetchAllowedOrigins`: 'RATE_LIMITED' on 429, 'SERVER_ERROR' on 5xx. */
export class OriginsError extends ModalError {
  override name = 'OriginsError';
  constructor(
    readonly code: 'RATE_LIMITED' | 'SERVER_ERROR',
    cause: HttpError,
  ) {
    super(code, { cause, details: cause.message });
  }
}

/** Row 32: GET /projects/v1/origins; 429 and 5xx throw OriginsError, another non-2xx answers []. */
export async function fetchAllowedOrigins(ctx: ApiContext): Promise<string[]> {
  try {
    return await requestJson(ctx, directoryUrl(ctx, '/projects/v1/origins'), (body, fail) => answers().then((m) => m.allowedOrigins(body, fail)));
  } catch (error) {
    if (error instanceof HttpError) {
      if (error.status === 429) throw new OriginsError('RATE_LIMITED', error);
      if (error.status >= 500) throw new OriginsError('SERVER_ERROR', error);
      return [];
    }
    throw error;
  }
}
