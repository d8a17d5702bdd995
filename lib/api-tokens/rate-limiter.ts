/** A request counted: allowed, or refused with the seconds until a slot frees. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * An in-process sliding-window limiter: at most `limit` requests per `windowMs` per key (a token
 * id). It lives in the server's memory, so it counts per process and forgets on restart — enough
 * for one server; with REDIS_URL set, the servers share one in Redis (redis-rate-limiter.ts).
 */
export type RateLimiter = {
  /** Counts a request of `key` at `now`. */
  take(key: string, now?: number): RateDecision;
};

export function createRateLimiter(options: {
  limit: number;
  windowMs: number;
  maxKeys?: number;
}): RateLimiter {
  const { limit, windowMs, maxKeys = 10_000 } = options;
  const hits = new Map<string, number[]>();
  return {
    take(key, now = Date.now()) {
      const recent = (hits.get(key) ?? []).filter((time) => time > now - windowMs);
      if (recent.length >= limit) {
        hits.set(key, recent);
        const oldest = recent[0] ?? now;
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)),
        };
      }
      recent.push(now);
      hits.delete(key); // re-inserted last: the map's order is least recently used first
      hits.set(key, recent);
      if (hits.size > maxKeys) {
        const stalest = hits.keys().next().value;
        if (stalest !== undefined) hits.delete(stalest);
      }
      return { allowed: true };
    },
  };
}
