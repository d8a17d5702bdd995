import { describe, expect, it } from "vitest";
import {
  isLastAllowedAttempt,
  signInThrottleRules,
  startsLock,
  type ThrottleRule,
  throttleKey,
  tooManyAttemptsMessage,
} from "@/lib/throttle/sign-in-throttle-policy";

const rule: ThrottleRule = { maxFailures: 3, windowMs: 60_000, lockMs: 300_000 };

// What admitAttempt, recordFailure, recordSuccess and isStale checked here (counting, locking once,
// new windows, what success clears, stale counters) is now rate-limiter-flexible's counting, checked
// through throttlePasswordCheck on a real database: lib/auth/throttle-password-check.test.ts.

describe("isLastAllowedAttempt and startsLock", () => {
  it("name the attempt that reaches the limit and the count just over it, and no other", () => {
    expect([1, 2, 3, 4, 5].map((count) => isLastAllowedAttempt(count, rule))).toEqual([
      false,
      false,
      true,
      false,
      false,
    ]);
    expect([2, 3, 4, 5, 6].map((count) => startsLock(count, rule))).toEqual([
      false,
      false,
      true,
      false,
      false,
    ]);
  });
});

describe("throttleKey", () => {
  it("names accounts by their normalized email and clients by address", () => {
    expect(throttleKey("account", "  Admin@Example.COM ")).toBe("account:admin@example.com");
    expect(throttleKey("client", "203.0.113.9")).toBe("client:203.0.113.9");
  });
});

describe("tooManyAttemptsMessage", () => {
  it("rounds up to whole minutes", () => {
    expect(tooManyAttemptsMessage(900)).toBe("Too many sign-in attempts; try again in 15 minutes.");
    expect(tooManyAttemptsMessage(61)).toBe("Too many sign-in attempts; try again in 2 minutes.");
    expect(tooManyAttemptsMessage(5)).toBe("Too many sign-in attempts; try again in 1 minute.");
  });
});

describe("signInThrottleRules", () => {
  it("gives a shared client address more room than one account", () => {
    expect(signInThrottleRules.account.maxFailures).toBe(10);
    expect(signInThrottleRules.client.maxFailures).toBeGreaterThan(signInThrottleRules.account.maxFailures);
  });
});
