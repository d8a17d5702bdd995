import { describe, expect, it } from "vitest";
import { createRateLimiter } from "@/lib/api-tokens/rate-limiter";

describe("createRateLimiter", () => {
  it("allows `limit` requests per window, then refuses with the seconds until a slot frees", () => {
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000 });
    expect(limiter.take("a", 0)).toEqual({ allowed: true });
    expect(limiter.take("a", 10_000)).toEqual({ allowed: true });
    expect(limiter.take("a", 20_000)).toEqual({ allowed: true });
    expect(limiter.take("a", 30_000)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    // the first request leaves the window at 60 s
    expect(limiter.take("a", 59_999)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.take("a", 60_001)).toEqual({ allowed: true });
  });

  it("counts each key on its own", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000 });
    expect(limiter.take("a", 0).allowed).toBe(true);
    expect(limiter.take("b", 0).allowed).toBe(true);
    expect(limiter.take("a", 500).allowed).toBe(false);
  });

  it("refused requests do not extend the wait", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000 });
    limiter.take("a", 0);
    for (let time = 100; time < 1_000; time += 100) expect(limiter.take("a", time).allowed).toBe(false);
    expect(limiter.take("a", 1_000).allowed).toBe(true);
  });

  it("forgets the least recently used key beyond maxKeys", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, maxKeys: 2 });
    limiter.take("a", 0);
    limiter.take("b", 0);
    limiter.take("c", 0); // forgets a
    expect(limiter.take("a", 1).allowed).toBe(true);
    expect(limiter.take("c", 1).allowed).toBe(false);
  });
});
