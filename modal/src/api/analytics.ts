import type { AnalyticsEvent } from './analytics-types.js';
import { request, type ApiContext } from './http.js';

/** POST /e?projectId&st&sv to the analytics service (browser only; the caller checks). */
export async function sendAnalyticsEvent(ctx: ApiContext, event: AnalyticsEvent): Promise<void> {
  const search = new URLSearchParams({ projectId: ctx.projectId, st: ctx.sdkType, sv: ctx.sdkVersion });
  // No Content-Type: a simple request (no CORS preflight); the service parses the JSON body regardless.
  await request(ctx, `${ctx.urls.analytics}/e?${search.toString()}`, { method: 'POST', body: JSON.stringify(event) });
}
