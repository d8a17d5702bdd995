import { clientAddressFromHeaders } from "@/lib/auth/peer-address";
import { db } from "@/lib/db/client";
import {
  type AuditEventInput,
  deleteStaleSignInThrottles,
  type ThrottleUpdate,
  type ThrottleWrite,
  updateSignInThrottles,
} from "@/lib/db/sign-in-throttles";
import {
  admitAttempt,
  normalizeEmail,
  recordFailure,
  recordSuccess,
  signInThrottleRules,
  type ThrottleScope,
  type ThrottleState,
  throttleKey,
  tooManyAttemptsMessage,
} from "@/lib/throttle/sign-in-throttle-policy";

export type ThrottledCheck =
  /** The password was checked: `passed` says whether it was right. */
  | { throttled: false; passed: boolean }
  /** Refused without checking; `message` is for people, `retryAfterSeconds` for `Retry-After`. */
  | { throttled: true; retryAfterSeconds: number; message: string };

/** Counters older than the longest window are no longer needed (unless locked). */
const longestWindowMs = Math.max(...Object.values(signInThrottleRules).map((rule) => rule.windowMs));

type Subject = { scope: ThrottleScope; key: string };
type Attempt = { email: string; clientAddress: string | null; subjects: Subject[] };
type Lock = { subject: Subject; state: ThrottleState };
type Admission = { admitted: true } | { admitted: false; retryAfterSeconds: number; locks: Lock[] };

/**
 * The one gate in front of every password check (the sign-in form, better-auth's HTTP sign-in):
 * counts the attempt against the account (the normalized email, whether or not such an account
 * exists) and against the client address, refuses while either is locked, runs `check` (true:
 * the password was right), then clears the account's failures or records the failure, locking
 * what reached its limit. Counters live in SignInThrottle, shared by every process. A lock is
 * recorded once, as an AuditEvent ("sign-in-locked") and a log line.
 */
export async function throttlePasswordCheck(
  options: { email: string; requestHeaders: Headers },
  check: () => Promise<boolean>,
): Promise<ThrottledCheck> {
  const email = normalizeEmail(options.email);
  const clientAddress = clientAddressFromHeaders(options.requestHeaders);
  const subjects: Subject[] = [{ scope: "account", key: throttleKey("account", email) }];
  if (clientAddress !== null) subjects.push({ scope: "client", key: throttleKey("client", clientAddress) });
  const attempt: Attempt = { email, clientAddress, subjects };
  const keys = subjects.map((subject) => subject.key);

  const start = new Date();
  await deleteStaleSignInThrottles(db(), {
    now: start,
    windowStartedBefore: new Date(start.getTime() - longestWindowMs),
  });
  const admission = await updateSignInThrottles(db(), keys, (current) => admit(attempt, current, start));
  if (!admission.admitted) {
    for (const lock of admission.locks) logLock(lock, attempt);
    const { retryAfterSeconds } = admission;
    return { throttled: true, retryAfterSeconds, message: tooManyAttemptsMessage(retryAfterSeconds) };
  }

  const passed = await check();

  const locks = await updateSignInThrottles(db(), keys, (current) =>
    settle(attempt, current, passed, new Date()),
  );
  for (const lock of locks) logLock(lock, attempt);
  return { throttled: false, passed };
}

/** Counts the attempt on every subject, or, when one is locked, counts nothing and stores only new locks. */
function admit(
  attempt: Attempt,
  current: ReadonlyMap<string, ThrottleState>,
  now: Date,
): ThrottleUpdate<Admission> {
  const decisions = attempt.subjects.map((subject) => ({
    subject,
    decision: admitAttempt(current.get(subject.key) ?? null, signInThrottleRules[subject.scope], now),
  }));
  const refusals = decisions.flatMap(({ subject, decision }) =>
    decision.admitted ? [] : [{ subject, ...decision }],
  );
  if (refusals.length === 0) {
    return {
      writes: decisions.map(({ subject, decision }) => ({ key: subject.key, state: decision.next })),
      auditEvents: [],
      result: { admitted: true },
    };
  }
  const locks = refusals
    .filter((refusal) => refusal.lockedNow)
    .map((refusal) => ({ subject: refusal.subject, state: refusal.next }));
  return {
    writes: locks.map((lock) => ({ key: lock.subject.key, state: lock.state })),
    auditEvents: locks.map((lock) => lockAuditEvent(lock, attempt)),
    result: {
      admitted: false,
      retryAfterSeconds: Math.max(...refusals.map((refusal) => refusal.retryAfterSeconds)),
      locks,
    },
  };
}

/** After the check: a success clears (account) or returns (client) the attempt; a failure may lock. */
function settle(
  attempt: Attempt,
  current: ReadonlyMap<string, ThrottleState>,
  passed: boolean,
  now: Date,
): ThrottleUpdate<Lock[]> {
  const writes: ThrottleWrite[] = [];
  const locks: Lock[] = [];
  for (const subject of attempt.subjects) {
    const state = current.get(subject.key);
    if (!state) continue; // cleared meanwhile by a successful sign-in: nothing left to count against
    if (passed) {
      writes.push({ key: subject.key, state: recordSuccess(state, subject.scope) });
      continue;
    }
    const failure = recordFailure(state, signInThrottleRules[subject.scope], now);
    if (failure.lockedNow) {
      writes.push({ key: subject.key, state: failure.next });
      locks.push({ subject, state: failure.next });
    }
  }
  return { writes, auditEvents: locks.map((lock) => lockAuditEvent(lock, attempt)), result: locks };
}

/** Subject: the email for an account lock, the address for a client lock. Never a password. */
function lockAuditEvent(lock: Lock, attempt: Attempt): AuditEventInput {
  return {
    kind: "sign-in-locked",
    subject: lock.subject.scope === "account" ? attempt.email : (attempt.clientAddress ?? ""),
    detail: {
      scope: lock.subject.scope,
      email: attempt.email,
      clientAddress: attempt.clientAddress,
      failures: lock.state.failures,
      lockedUntil: lock.state.lockedUntil?.toISOString() ?? null,
    },
  };
}

function logLock(lock: Lock, attempt: Attempt): void {
  const locked =
    lock.subject.scope === "account" ? `account ${attempt.email}` : `client ${attempt.clientAddress}`;
  console.warn(
    `Sign-in locked for ${locked} after ${lock.state.failures} failed attempts ` +
      `(last: ${attempt.email} from ${attempt.clientAddress ?? "an unknown address"}), ` +
      `until ${lock.state.lockedUntil?.toISOString()}`,
  );
}
