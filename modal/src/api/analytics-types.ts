/** The analytics service's event (analytics.ts); its config (row 29) is in directory-types.ts. Types only. */

/** POST /e?projectId&st&sv (analytics event body). */
export interface AnalyticsEvent {
  eventId: string;
  url: string;
  domain: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
  props: { type: string; event: string; address?: string; properties?: Record<string, unknown> };
}
