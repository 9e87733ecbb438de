import { HttpError } from '../http.js';

/** At most `count` requests within `windowMs` (a sliding window). */
export interface RateLimit {
  count: number;
  windowMs: number;
}

/** 429 with the one sentence a person reads when they must wait. */
export const tooSoon = (leftMs: number) => {
  const seconds = Math.max(1, Math.ceil(leftMs / 1000));
  return new HttpError(429, { error: `Please try again after ${seconds} seconds`, reason: 'tooSoon', seconds });
};

/**
 * Counts each client's requests in memory and refuses (429) those over `limit`. Bounded: at most `maxClients`
 * clients are remembered (the one heard from longest ago is forgotten first), each with at most `limit.count` times.
 */
export function createRateLimiter(limit: RateLimit, now: () => number, maxClients = 10_000) {
  const times = new Map<string, number[]>();
  return {
    /** Counts one request of `client`, or throws 429 (not counted) when it is over the limit. */
    take(client: string): void {
      const at = now();
      const recent = (times.get(client) ?? []).filter((time) => time > at - limit.windowMs);
      const full = recent.length >= limit.count;
      if (!full) recent.push(at);
      times.delete(client);
      times.set(client, recent);
      if (times.size > maxClients) times.delete(times.keys().next().value!);
      if (full) throw tooSoon(recent[0] + limit.windowMs - at);
    },
  };
}
