import { createConnection } from "node:net";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { type ApiRateLimiter, createApiRateLimiter } from "@/lib/api-tokens/api-rate-limiter";

// Against the Redis server every development machine and CI run has (127.0.0.1:6379); skipped,
// saying so, where none answers.
const REDIS_URL = process.env.GOLDENSET_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const reachable = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = createConnection({ host: hostname, port: Number(port || 6379) });
  socket.setTimeout(1_000);
  socket.on("connect", () => {
    resolve(true);
    socket.end();
  });
  socket.on("error", () => resolve(false));
  socket.on("timeout", () => {
    resolve(false);
    socket.destroy();
  });
});
if (!reachable) console.warn(`Skipping the Redis rate limiter tests: nothing answers at ${REDIS_URL}.`);

const opened: ApiRateLimiter[] = [];
afterAll(async () => {
  for (const limiter of opened) await limiter.close();
});
const limiterOf = (options: {
  limit: number;
  windowMs: number;
  redisUrl?: string;
  warn?: (m: string) => void;
}) => {
  const limiter = createApiRateLimiter(options);
  opened.push(limiter);
  return limiter;
};
const key = () => `test-${process.pid}-${Math.random().toString(36).slice(2)}`;

describe.skipIf(!reachable)("the API rate limiter on Redis", () => {
  it("counts the requests of every server together: two limiters share one window", async () => {
    const first = limiterOf({ limit: 3, windowMs: 60_000, redisUrl: REDIS_URL });
    const second = limiterOf({ limit: 3, windowMs: 60_000, redisUrl: REDIS_URL });
    const token = key();
    expect(await first.take(token)).toEqual({ allowed: true });
    expect(await second.take(token)).toEqual({ allowed: true });
    expect(await first.take(token)).toEqual({ allowed: true });
    const refused = await second.take(token);
    expect(refused.allowed).toBe(false);
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(await first.take(key())).toEqual({ allowed: true }); // another token has its own window
  });

  it("never lets concurrent requests past the limit", async () => {
    const limiters = [1, 2, 3].map(() => limiterOf({ limit: 10, windowMs: 60_000, redisUrl: REDIS_URL }));
    const token = key();
    const decisions = await Promise.all(
      Array.from({ length: 40 }, (_, index) => limiters[index % 3]!.take(token)),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
  });

  it("frees a slot when the window has passed", async () => {
    // the shortest window there is: rate-limiter-flexible counts whole seconds
    const limiter = limiterOf({ limit: 1, windowMs: 1_000, redisUrl: REDIS_URL });
    const token = key();
    expect((await limiter.take(token)).allowed).toBe(true);
    expect((await limiter.take(token)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await limiter.take(token)).allowed).toBe(true);
  });
});

describe("the API rate limiter without Redis", () => {
  afterEach(() => vi.useRealTimers());
  /** Counts a request of `token` at `time` ms on a fake clock that started at 0. */
  const takeAt = (limiter: ApiRateLimiter, token: string, time: number) => {
    vi.advanceTimersByTime(time - Date.now());
    return limiter.take(token);
  };

  it("counts in this process when no REDIS_URL is set", async () => {
    const limiter = limiterOf({ limit: 1, windowMs: 60_000 });
    expect((await limiter.take("a")).allowed).toBe(true);
    expect((await limiter.take("a")).allowed).toBe(false);
  });

  it("allows `limit` requests per window, then refuses with the seconds until a slot frees", async () => {
    vi.useFakeTimers({ now: 0 });
    const limiter = limiterOf({ limit: 3, windowMs: 60_000 });
    expect(await takeAt(limiter, "a", 0)).toEqual({ allowed: true });
    expect(await takeAt(limiter, "a", 10_000)).toEqual({ allowed: true });
    expect(await takeAt(limiter, "a", 20_000)).toEqual({ allowed: true });
    expect(await takeAt(limiter, "a", 30_000)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    // the window the first request opened ends at 60 s
    expect(await takeAt(limiter, "a", 59_999)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await takeAt(limiter, "a", 60_001)).toEqual({ allowed: true });
  });

  it("counts each key on its own", async () => {
    vi.useFakeTimers({ now: 0 });
    const limiter = limiterOf({ limit: 1, windowMs: 1_000 });
    expect((await takeAt(limiter, "a", 0)).allowed).toBe(true);
    expect((await takeAt(limiter, "b", 0)).allowed).toBe(true);
    expect((await takeAt(limiter, "a", 500)).allowed).toBe(false);
  });

  it("refused requests do not extend the wait", async () => {
    vi.useFakeTimers({ now: 0 });
    const limiter = limiterOf({ limit: 1, windowMs: 1_000 });
    await takeAt(limiter, "a", 0);
    for (let time = 100; time < 1_000; time += 100)
      expect((await takeAt(limiter, "a", time)).allowed).toBe(false);
    expect((await takeAt(limiter, "a", 1_000)).allowed).toBe(true);
  });

  it("falls back to this process when Redis does not answer, warning once without the URL", async () => {
    const warnings: string[] = [];
    // a closed port on loopback, with a password in the URL that must not be logged
    const limiter = limiterOf({
      limit: 2,
      windowMs: 60_000,
      redisUrl: "redis://:s3cret-password@127.0.0.1:1",
      warn: (message) => warnings.push(message),
    });
    const decisions = [await limiter.take("a"), await limiter.take("a"), await limiter.take("a")];
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, false]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("counting in this process");
    expect(warnings[0]).not.toContain("s3cret");
  });
});
