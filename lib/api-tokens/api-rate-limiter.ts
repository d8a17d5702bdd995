import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  RLWrapperTimeouts,
} from "rate-limiter-flexible";
import { createClient } from "redis";
import { retryAfterSeconds } from "@/lib/throttle/retry-after";

/** A request counted: allowed, or refused with the seconds (at least 1) until its window resets. */
type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type ApiRateLimiter = { take(key: string): Promise<RateDecision>; close(): Promise<void> };

/** Redis keys are `goldenset:api-rate:<key>`: rate-limiter-flexible joins prefix and key with ":". */
const KEY_PREFIX = "goldenset:api-rate";
const WARN_EVERY_MS = 60_000;
/** A Redis answer slower than this counts as a failure: a hung Redis must not hang API requests. */
const REDIS_TIMEOUT_MS = 1_000;
/** While Redis is unreachable a new connection is tried this often; requests meanwhile fail fast. */
const RECONNECT_EVERY_MS = 5_000;

/**
 * The API's per-token limiter (rate-limiter-flexible): at most `limit` requests per key in a
 * window of `windowMs` that starts with the key's first request. Shared by every server through
 * Redis when `redisUrl` is set (a team behind a proxy), in this process otherwise (one machine).
 * When Redis does not answer, requests are counted in this process instead — the limit then holds
 * per server — and a warning is logged at most once a minute, without the URL (it may hold a
 * password).
 */
export function createApiRateLimiter(options: {
  limit: number;
  windowMs: number;
  redisUrl?: string | undefined;
  warn?: (message: string) => void;
}): ApiRateLimiter {
  const window = { points: options.limit, duration: windowSeconds(options.windowMs), keyPrefix: KEY_PREFIX };
  const local = new RateLimiterMemory(window);
  if (!options.redisUrl) return { take: (key) => decide(local, key), close: async () => {} };
  const redis = connectRedis(options.redisUrl);
  const shared = new RLWrapperTimeouts({
    limiter: new RateLimiterRedis({
      ...window,
      storeClient: redis.client,
      useRedisPackage: true, // node-redis v4+ (`redis`), not ioredis
      rejectIfRedisNotReady: true, // while disconnected, fail at once rather than queue
    }),
    timeoutMs: REDIS_TIMEOUT_MS,
  });
  const warn = options.warn ?? ((message: string) => console.warn(message));
  let warnedAt = Number.NEGATIVE_INFINITY;
  // Not the library's insuranceLimiter: it falls back silently, and the fallback must be logged.
  return {
    async take(key) {
      await redis.firstAttempt;
      try {
        return await decide(shared, key);
      } catch (error) {
        if (Date.now() - warnedAt >= WARN_EVERY_MS) {
          warnedAt = Date.now();
          // the messages come from the library, node-redis or the Redis server, none of which repeat the URL
          warn(
            `API rate limit: Redis (REDIS_URL) did not answer (${(error as Error).message}); counting in this process until it does.`,
          );
        }
        return decide(local, key);
      }
    },
    async close() {
      if (redis.client.isOpen) redis.client.destroy();
    },
  };
}

async function decide(limiter: RateLimiterAbstract, key: string): Promise<RateDecision> {
  try {
    await limiter.consume(key);
    return { allowed: true };
  } catch (rejection) {
    // the limit is reached when the library rejects with a RateLimiterRes; anything else is a failure
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    return { allowed: false, retryAfterSeconds: retryAfterSeconds(rejection.msBeforeNext) };
  }
}

/**
 * rate-limiter-flexible counts in seconds, and its Redis store drops a fraction of a second
 * (a 300 ms window would never expire there), so the window must be whole seconds.
 */
function windowSeconds(windowMs: number): number {
  if (windowMs <= 0 || !Number.isInteger(windowMs / 1000))
    throw new RangeError(`The rate limit window must be a whole number of seconds, not ${windowMs} ms.`);
  return windowMs / 1000;
}

/**
 * One connection for the limiter's lifetime: node-redis reconnects on its own, and until it is
 * ready again every request falls back at once. `firstAttempt` settles when the first connection
 * succeeds or fails, so the first request does not fall back merely because it came first — or
 * after REDIS_TIMEOUT_MS, as a server that accepts the connection but never answers the handshake
 * would otherwise hold it forever.
 */
function connectRedis(url: string) {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: REDIS_TIMEOUT_MS, reconnectStrategy: RECONNECT_EVERY_MS },
  });
  const firstAttempt = new Promise<void>((resolve) => {
    client.once("ready", () => resolve());
    client.once("error", () => resolve());
    setTimeout(resolve, REDIS_TIMEOUT_MS).unref();
  });
  client.on("error", () => {}); // surfaced by the request that fails, as take's warning
  client.connect().catch(() => {}); // the same errors, already reported through "error"
  return { client, firstAttempt };
}
