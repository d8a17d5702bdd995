import { randomUUID } from "node:crypto";
import { createClient } from "redis";
import type { RateDecision } from "@/lib/api-tokens/rate-limiter";

/**
 * The sliding window of createRateLimiter, kept in Redis so that every app server behind a proxy
 * counts the same requests: one sorted set per key (members scored by their time), trimmed,
 * counted and added to in one Lua script, so two servers cannot both take the last slot. Time
 * comes from Redis (`TIME`), not from each server's clock.
 */
const SCRIPT = `
local key = KEYS[1]
local windowMs = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - windowMs)
if redis.call('ZCARD', key) >= limit then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return {0, tonumber(oldest[2]) + windowMs - now}
end
redis.call('ZADD', key, now, ARGV[3])
redis.call('PEXPIRE', key, windowMs)
return {1, 0}
`;

export type SharedRateLimiter = {
  take(key: string): Promise<RateDecision>;
  close(): Promise<void>;
};

/** After a failure, Redis is not asked again for this long (requests fail fast meanwhile). */
const RETRY_AFTER_FAILURE_MS = 5_000;
/** A command slower than this counts as a failure: a hung Redis must not hang API requests. */
const COMMAND_TIMEOUT_MS = 1_000;

export function createRedisRateLimiter(options: {
  url: string;
  limit: number;
  windowMs: number;
  /** keys are `${prefix}${key}` */
  prefix: string;
}): SharedRateLimiter {
  type Client = ReturnType<typeof createClient>;
  let client: Promise<Client> | null = null;
  let failedAt = Number.NEGATIVE_INFINITY;

  // One connection, no reconnect loop and no offline queue: a failure drops the client, and the
  // next request after RETRY_AFTER_FAILURE_MS opens a new one. The caller decides what a failure
  // means (api-rate-limiter.ts counts in process instead).
  function connect(): Promise<Client> {
    const fresh = createClient({
      url: options.url,
      disableOfflineQueue: true,
      socket: { connectTimeout: COMMAND_TIMEOUT_MS, reconnectStrategy: false },
    });
    fresh.on("error", () => {}); // surfaced by the command that fails; the URL may hold a password
    return fresh.connect().then(() => fresh);
  }

  async function drop(failed: Promise<Client> | null) {
    if (client === failed) client = null;
    failedAt = Date.now();
    const open = await failed?.catch(() => null);
    open?.destroy();
  }

  return {
    async take(key) {
      if (!client && Date.now() - failedAt < RETRY_AFTER_FAILURE_MS)
        throw new Error("Redis failed moments ago");
      client ??= connect();
      const current = client;
      try {
        const reply = await withTimeout(
          current.then((open) =>
            open.eval(SCRIPT, {
              keys: [`${options.prefix}${key}`],
              arguments: [String(options.windowMs), String(options.limit), randomUUID()],
            }),
          ),
        );
        const [allowed, waitMs] = reply as [number, number];
        return allowed === 1
          ? { allowed: true }
          : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
      } catch (error) {
        await drop(current);
        throw error;
      }
    },
    async close() {
      const open = await client?.catch(() => null);
      client = null;
      await open?.quit().catch(() => open.destroy());
    },
  };
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("Redis did not answer in time")), COMMAND_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
