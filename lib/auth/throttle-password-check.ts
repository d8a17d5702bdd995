import { clientAddressFromHeaders } from "@/lib/auth/peer-address";
import { type Db, db } from "@/lib/db/client";
import {
  type CountedAttempt,
  clearSignInCounter,
  countSignInAttempt,
  deleteExpiredSignInCounters,
  recordSignInLock,
  returnSignInAttempt,
} from "@/lib/db/sign-in-rate-limits";
import { retryAfterSeconds } from "@/lib/throttle/retry-after";
import {
  isLastAllowedAttempt,
  normalizeEmail,
  signInThrottleRules,
  startsLock,
  type ThrottleScope,
  tooManyAttemptsMessage,
} from "@/lib/throttle/sign-in-throttle-policy";

export type ThrottledCheck =
  /** The password was checked: `passed` says whether it was right. */
  | { throttled: false; passed: boolean }
  /** Refused without checking; `message` is for people, `retryAfterSeconds` for `Retry-After`. */
  | { throttled: true; retryAfterSeconds: number; message: string };

type Attempt = { email: string; clientAddress: string | null };

/**
 * The one gate in front of every password check (the sign-in form, better-auth's HTTP sign-in):
 * counts the attempt against the account (the normalized email, whether or not such an account
 * exists) and against the client address, refuses while either is locked, runs `check` (true:
 * the password was right), then clears the account's count or, on a wrong password that reached
 * a limit, locks. Counters live in SignInRateLimit (lib/db/sign-in-rate-limits.ts), shared by
 * every process. A lock is recorded once, as an AuditEvent ("sign-in-locked") and a log line.
 */
export async function throttlePasswordCheck(
  options: { email: string; requestHeaders: Headers },
  check: () => Promise<boolean>,
): Promise<ThrottledCheck> {
  const attempt: Attempt = {
    email: normalizeEmail(options.email),
    clientAddress: clientAddressFromHeaders(options.requestHeaders),
  };
  const prisma = db();
  await deleteExpiredSignInCounters(prisma);
  const subjects: { scope: ThrottleScope; subject: string }[] = [
    { scope: "account", subject: attempt.email },
  ];
  if (attempt.clientAddress !== null) subjects.push({ scope: "client", subject: attempt.clientAddress });
  const counted = await Promise.all(subjects.map((subject) => countSignInAttempt(prisma, subject)));
  await reportLocks(prisma, counted, attempt);

  const refused = counted.filter((count) => !count.admitted);
  if (refused.length > 0) {
    // An attempt that is not checked counts against nothing: the other scope gets it back.
    const admitted = counted.filter((count) => count.admitted);
    await Promise.all(admitted.map((count) => returnSignInAttempt(prisma, count)));
    const retryAfter = Math.max(...refused.map((count) => retryAfterSeconds(count.msBeforeNext)));
    return { throttled: true, retryAfterSeconds: retryAfter, message: tooManyAttemptsMessage(retryAfter) };
  }

  const passed = await check();
  if (passed) await settleSuccess(prisma, counted);
  else await settleFailure(prisma, counted, attempt);
  return { throttled: false, passed };
}

/**
 * A right password clears the account's count. A client address only gets this attempt back:
 * one person signing in must not clear what others behind the same address tried.
 */
async function settleSuccess(prisma: Db, counted: readonly CountedAttempt[]): Promise<void> {
  await Promise.all(
    counted.map((count) =>
      count.scope === "account" ? clearSignInCounter(prisma, count) : returnSignInAttempt(prisma, count),
    ),
  );
}

/**
 * A wrong password on the last allowed attempt locks the key now, not at the next attempt: one
 * more point takes it over the limit, and the store starts the lock. When that point does not
 * cross the limit (a parallel attempt crossed it first, or an attempt was given back meanwhile),
 * nothing is reported, and an admitted point is given back.
 */
async function settleFailure(
  prisma: Db,
  counted: readonly CountedAttempt[],
  attempt: Attempt,
): Promise<void> {
  const lastAllowed = counted.filter((count) =>
    isLastAllowedAttempt(count.consumedPoints, signInThrottleRules[count.scope]),
  );
  const locking = await Promise.all(lastAllowed.map((count) => countSignInAttempt(prisma, count)));
  await Promise.all(
    locking.filter((count) => count.admitted).map((count) => returnSignInAttempt(prisma, count)),
  );
  await reportLocks(prisma, locking, attempt);
}

/** Reports each count that started a lock: an AuditEvent and a log line, never a password. */
async function reportLocks(prisma: Db, counted: readonly CountedAttempt[], attempt: Attempt): Promise<void> {
  const locks = counted.filter(
    (count) => !count.admitted && startsLock(count.consumedPoints, signInThrottleRules[count.scope]),
  );
  for (const lock of locks) {
    const failures = signInThrottleRules[lock.scope].maxFailures;
    const lockedUntil = new Date(Date.now() + lock.msBeforeNext).toISOString();
    await recordSignInLock(prisma, {
      // the email for an account lock, the address for a client lock
      subject: lock.scope === "account" ? attempt.email : (attempt.clientAddress ?? ""),
      detail: { scope: lock.scope, ...attempt, failures, lockedUntil },
    });
    const locked = lock.scope === "account" ? `account ${attempt.email}` : `client ${attempt.clientAddress}`;
    console.warn(
      `Sign-in locked for ${locked} after ${failures} failed attempts ` +
        `(last: ${attempt.email} from ${attempt.clientAddress ?? "an unknown address"}), until ${lockedUntil}`,
    );
  }
}
