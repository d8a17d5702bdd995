import { createRateLimiter, type RateDecision } from "@/lib/api-tokens/rate-limiter";
import { createRedisRateLimiter } from "@/lib/api-tokens/redis-rate-limiter";

export type ApiRateLimiter = { take(key: string): Promise<RateDecision>; close(): Promise<void> };

const WARN_EVERY_MS = 60_000;

/**
 * The API's per-token limiter: shared by every server through Redis when `redisUrl` is set (a team
 * behind a proxy), in this process otherwise (one machine). When Redis does not answer, requests
 * are counted in this process instead — the limit then holds per server — and a warning is
 * logged at most once a minute, without the URL (it may hold a password).
 */
export function createApiRateLimiter(options: {
  limit: number;
  windowMs: number;
  redisUrl?: string | undefined;
  warn?: (message: string) => void;
}): ApiRateLimiter {
  const local = createRateLimiter({ limit: options.limit, windowMs: options.windowMs });
  if (!options.redisUrl) return { take: async (key) => local.take(key), close: async () => {} };
  const shared = createRedisRateLimiter({
    url: options.redisUrl,
    limit: options.limit,
    windowMs: options.windowMs,
    prefix: "goldenset:api-rate:",
  });
  const warn = options.warn ?? ((message: string) => console.warn(message));
  let warnedAt = Number.NEGATIVE_INFINITY;
  return {
    async take(key) {
      try {
        return await shared.take(key);
      } catch (error) {
        if (Date.now() - warnedAt >= WARN_EVERY_MS) {
          warnedAt = Date.now();
          warn(
            `API rate limit: Redis (REDIS_URL) did not answer (${(error as Error).name}); counting in this process until it does.`,
          );
        }
        return local.take(key);
      }
    },
    close: () => shared.close(),
  };
}
