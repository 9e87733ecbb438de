/** First retry after a failed chain read, in ms; each next one waits twice as long, up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 1000;
export const RETRY_MAX_MS = 15_000;

/**
 * Wait before retry number `attempt` (0-based) of a failed read: 1 s, 2 s, 4 s, 8 s, then every 15 s, so that a
 * page recovers by itself once the node answers again, without a reload and with at most one read per 15 s meanwhile.
 */
export function retryDelayMs(attempt: number): number {
  return Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, attempt), RETRY_MAX_MS);
}
