import { describe, expect, it } from "vitest";
import {
  admitAttempt,
  isStale,
  recordFailure,
  recordSuccess,
  signInThrottleRules,
  type ThrottleRule,
  type ThrottleState,
  throttleKey,
  tooManyAttemptsMessage,
} from "@/lib/throttle/sign-in-throttle-policy";

const rule: ThrottleRule = { maxFailures: 3, windowMs: 60_000, lockMs: 300_000 };
const start = new Date("2026-01-01T10:00:00Z");
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

/** Runs `count` admitted-then-failed attempts, one second apart, from `state`. */
function failTimes(count: number, state: ThrottleState | null = null, from = 0) {
  let current = state;
  let locks = 0;
  for (let index = 0; index < count; index++) {
    const decision = admitAttempt(current, rule, at(from + index));
    if (!decision.admitted) throw new Error(`attempt ${index + 1} was refused`);
    const failed = recordFailure(decision.next, rule, at(from + index));
    if (failed.lockedNow) locks++;
    current = failed.next;
  }
  return { state: current as ThrottleState, locks };
}

describe("admitAttempt and recordFailure", () => {
  it("locks after maxFailures failures, once, and refuses even the next attempt with Retry-After", () => {
    const { state, locks } = failTimes(3);
    expect(locks).toBe(1);
    expect(state.lockedUntil).toEqual(at(2 + 300));
    const refused = admitAttempt(state, rule, at(10));
    expect(refused).toEqual({ admitted: false, next: state, retryAfterSeconds: 292, lockedNow: false });
  });

  it("lets maxFailures - 1 failures through without a lock", () => {
    const { state, locks } = failTimes(2);
    expect(locks).toBe(0);
    expect(state).toEqual({ failures: 2, windowStartedAt: start, lockedUntil: null });
    expect(admitAttempt(state, rule, at(5)).admitted).toBe(true);
  });

  it("counts an attempt before its check, so a parallel burst is cut at the limit and locks", () => {
    let state: ThrottleState | null = null;
    const admitted: boolean[] = [];
    let lockedNow = 0;
    for (let index = 0; index < 6; index++) {
      const decision = admitAttempt(state, rule, at(0));
      admitted.push(decision.admitted);
      if (!decision.admitted && decision.lockedNow) lockedNow++;
      state = decision.next;
    }
    expect(admitted).toEqual([true, true, true, false, false, false]);
    expect(lockedNow).toBe(1);
    // The three admitted attempts now fail: the key is already locked, nothing is recorded twice.
    expect(recordFailure(state as ThrottleState, rule, at(1)).lockedNow).toBe(false);
  });

  it("starts a new window once the old one has closed", () => {
    const { state } = failTimes(2);
    const decision = admitAttempt(state, rule, at(61));
    expect(decision).toEqual({
      admitted: true,
      next: { failures: 1, windowStartedAt: at(61), lockedUntil: null },
    });
  });

  it("starts afresh when a lock has ended", () => {
    const { state } = failTimes(3);
    const afterLock = admitAttempt(state, rule, at(2 + 300));
    expect(afterLock).toEqual({
      admitted: true,
      next: { failures: 1, windowStartedAt: at(302), lockedUntil: null },
    });
  });
});

describe("recordSuccess", () => {
  it("forgets an account's failures but only returns the attempt to a client address", () => {
    const { state } = failTimes(2);
    expect(recordSuccess(state, "account")).toBeNull();
    expect(recordSuccess(state, "client")).toEqual({ ...state, failures: 1 });
    expect(recordSuccess({ ...state, failures: 0 }, "client")?.failures).toBe(0);
  });
});

describe("isStale", () => {
  it("is true once the window has closed and no lock holds", () => {
    const { state: open } = failTimes(1);
    expect(isStale(open, rule, at(30))).toBe(false);
    expect(isStale(open, rule, at(61))).toBe(true);
    const { state: locked } = failTimes(3);
    expect(isStale(locked, rule, at(100))).toBe(false);
    expect(isStale(locked, rule, at(400))).toBe(true);
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
