/**
 * How many password checks an account and a client address get before they are locked, for how
 * long, and what people are told then. Pure: the counting is rate-limiter-flexible's
 * (lib/db/sign-in-rate-limits.ts), one point per attempt, taken *before* its password is checked
 * (a failure until it succeeds), so a burst of parallel attempts cannot all pass the check while
 * none has failed yet.
 */

/** What a counter is kept for: the account named by an email, or the address a request came from. */
export type ThrottleScope = "account" | "client";

export type ThrottleRule = {
  /** failures allowed in one window; reaching it locks the key */
  maxFailures: number;
  /** length of the counting window, in milliseconds, from its first attempt */
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

/** The key a counter is stored under: `account:<normalized email>` or `client:<address>`. */
export function throttleKey(scope: ThrottleScope, subject: string): string {
  return `${scope}:${scope === "account" ? normalizeEmail(subject) : subject}`;
}

/** better-auth looks accounts up by the lower-cased email; spaces around it name the same account too. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The attempt that was the last one allowed (`consumedPoints` counts it): when its password is
 * wrong, the key has reached its limit and is locked at once.
 */
export function isLastAllowedAttempt(consumedPoints: number, rule: ThrottleRule): boolean {
  return consumedPoints === rule.maxFailures;
}

/**
 * The count that crosses the limit: the one the store answers with exactly one point over it.
 * rate-limiter-flexible starts the lock on that count and on no other (its counts only go up
 * while a lock lasts), so whoever sees it reports the lock — once, however many attempts race.
 */
export function startsLock(consumedPoints: number, rule: ThrottleRule): boolean {
  return consumedPoints === rule.maxFailures + 1;
}

/** The message people see: "Too many sign-in attempts; try again in 15 minutes." */
export function tooManyAttemptsMessage(retryAfter: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return `Too many sign-in attempts; try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}
