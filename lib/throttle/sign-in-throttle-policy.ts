/**
 * How many password checks an account and a client address get before they are locked, and for
 * how long. Pure: callers pass the clock (`now`) and the stored counters, and store what comes back.
 *
 * An attempt is counted *before* its password is checked (as a failure until it succeeds), so a
 * burst of parallel attempts cannot all pass the check while none has failed yet.
 */

/** What a counter is kept for: the account named by an email, or the address a request came from. */
export type ThrottleScope = "account" | "client";

export type ThrottleRule = {
  /** failures allowed in one window; reaching it locks the key */
  maxFailures: number;
  /** length of the counting window, in milliseconds, from its first failure */
  windowMs: number;
  /** how long a lock lasts, in milliseconds */
  lockMs: number;
};

const minute = 60_000;

/**
 * Accounts: 10 failures in 15 minutes lock the account for 15 minutes. Client addresses get more
 * (people behind one office address share it): 50 failures in 15 minutes lock that address.
 */
export const signInThrottleRules: Readonly<Record<ThrottleScope, ThrottleRule>> = {
  account: { maxFailures: 10, windowMs: 15 * minute, lockMs: 15 * minute },
  client: { maxFailures: 50, windowMs: 15 * minute, lockMs: 15 * minute },
};

/** One stored counter (a SignInThrottle row without its key). */
export type ThrottleState = {
  failures: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
};

/** The key a counter is stored under: `account:<normalized email>` or `client:<address>`. */
export function throttleKey(scope: ThrottleScope, subject: string): string {
  return `${scope}:${scope === "account" ? normalizeEmail(subject) : subject}`;
}

/** better-auth looks accounts up by the lower-cased email; spaces around it name the same account too. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type AttemptDecision =
  | { admitted: true; next: ThrottleState }
  /** `lockedNow`: this attempt started the lock (record it once). */
  | { admitted: false; next: ThrottleState; retryAfterSeconds: number; lockedNow: boolean };

/**
 * Before a password is checked: refuses while the key is locked, otherwise counts the attempt.
 * An attempt beyond the limit (parallel attempts that all passed this step) locks the key.
 */
export function admitAttempt(state: ThrottleState | null, rule: ThrottleRule, now: Date): AttemptDecision {
  if (state && isLocked(state, now)) {
    return {
      admitted: false,
      next: state,
      retryAfterSeconds: retryAfterSeconds(state, now),
      lockedNow: false,
    };
  }
  const current = state && windowIsOpen(state, rule, now) ? state : freshWindow(now);
  if (current.failures >= rule.maxFailures) {
    const locked = lock(current, rule, now);
    return {
      admitted: false,
      next: locked,
      retryAfterSeconds: retryAfterSeconds(locked, now),
      lockedNow: true,
    };
  }
  return { admitted: true, next: { ...current, failures: current.failures + 1, lockedUntil: null } };
}

/**
 * After a wrong password (the attempt was already counted): reaching the limit locks the key.
 * `lockedNow` is true only for the failure that started the lock.
 */
export function recordFailure(
  state: ThrottleState,
  rule: ThrottleRule,
  now: Date,
): { next: ThrottleState; lockedNow: boolean } {
  if (isLocked(state, now) || state.failures < rule.maxFailures) return { next: state, lockedNow: false };
  return { next: lock(state, rule, now), lockedNow: true };
}

/**
 * After a right password: the account's failures are forgotten (null: delete the counter). A
 * client address only gets this attempt back: one person signing in must not clear what others
 * behind the same address tried.
 */
export function recordSuccess(state: ThrottleState, scope: ThrottleScope): ThrottleState | null {
  if (scope === "account") return null;
  return { ...state, failures: Math.max(0, state.failures - 1) };
}

function isLocked(state: ThrottleState, now: Date): boolean {
  return state.lockedUntil !== null && state.lockedUntil.getTime() > now.getTime();
}

/** Whole seconds until the lock ends, at least 1 (the value of a `Retry-After` header). */
function retryAfterSeconds(state: ThrottleState, now: Date): number {
  const remaining = (state.lockedUntil?.getTime() ?? now.getTime()) - now.getTime();
  return Math.max(1, Math.ceil(remaining / 1000));
}

/** The message people see: "Too many sign-in attempts; try again in 15 minutes." */
export function tooManyAttemptsMessage(retryAfter: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return `Too many sign-in attempts; try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/** A counter nothing needs any more: its window has closed and it is not locked. */
export function isStale(state: ThrottleState, rule: ThrottleRule, now: Date): boolean {
  return !isLocked(state, now) && !windowIsOpen(state, rule, now);
}

function windowIsOpen(state: ThrottleState, rule: ThrottleRule, now: Date): boolean {
  // A lock that has ended starts a fresh window: the failures that caused it were paid for.
  if (state.lockedUntil !== null) return false;
  return now.getTime() - state.windowStartedAt.getTime() < rule.windowMs;
}

function freshWindow(now: Date): ThrottleState {
  return { failures: 0, windowStartedAt: now, lockedUntil: null };
}

function lock(state: ThrottleState, rule: ThrottleRule, now: Date): ThrottleState {
  return { ...state, lockedUntil: new Date(now.getTime() + rule.lockMs) };
}
