import { clientAddressFromHeaders } from "@/lib/auth/client-address";
import { db } from "@/lib/db/client";
import {
  type AuditEventInput,
  deleteStaleSignInThrottles,
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

type Subject = { scope: ThrottleScope; key: string };
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
  const keys = subjects.map((subject) => subject.key);
  const context = { email, clientAddress };

  const start = new Date();
  const longestWindow = Math.max(...Object.values(signInThrottleRules).map((rule) => rule.windowMs));
  await deleteStaleSignInThrottles(db(), {
    now: start,
    windowStartedBefore: new Date(start.getTime() - longestWindow),
  });

  const admission = await updateSignInThrottles<Admission>(db(), keys, (current) => {
    const decisions = subjects.map((subject) => ({
      subject,
      decision: admitAttempt(current.get(subject.key) ?? null, signInThrottleRules[subject.scope], start),
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
    // A refused attempt is not counted anywhere; only a lock it started is stored.
    const locks = refusals.filter((refusal) => refusal.lockedNow);
    return {
      writes: locks.map((lock) => ({ key: lock.subject.key, state: lock.next })),
      auditEvents: locks.map((lock) => lockAuditEvent({ subject: lock.subject, state: lock.next }, context)),
      result: {
        admitted: false,
        retryAfterSeconds: Math.max(...refusals.map((refusal) => refusal.retryAfterSeconds)),
        locks: locks.map((lock) => ({ subject: lock.subject, state: lock.next })),
      },
    };
  });
  if (!admission.admitted) {
    for (const lock of admission.locks) logLock(lock, context);
    const { retryAfterSeconds } = admission;
    return { throttled: true, retryAfterSeconds, message: tooManyAttemptsMessage(retryAfterSeconds) };
  }

  const passed = await check();

  const finish = new Date();
  const locks = await updateSignInThrottles(db(), keys, (current) => {
    const writes: ThrottleWrite[] = [];
    const newLocks: Lock[] = [];
    for (const subject of subjects) {
      const state = current.get(subject.key);
      if (!state) continue; // cleared meanwhile by a successful sign-in: nothing left to count against
      if (passed) {
        writes.push({ key: subject.key, state: recordSuccess(state, subject.scope) });
        continue;
      }
      const failure = recordFailure(state, signInThrottleRules[subject.scope], finish);
      if (failure.lockedNow) {
        writes.push({ key: subject.key, state: failure.next });
        newLocks.push({ subject, state: failure.next });
      }
    }
    return { writes, auditEvents: newLocks.map((lock) => lockAuditEvent(lock, context)), result: newLocks };
  });
  for (const lock of locks) logLock(lock, context);
  return { throttled: false, passed };
}

type AttemptContext = { email: string; clientAddress: string | null };

/** Subject: the email for an account lock, the address for a client lock. Never a password. */
function lockAuditEvent(lock: Lock, context: AttemptContext): AuditEventInput {
  return {
    kind: "sign-in-locked",
    subject: lock.subject.scope === "account" ? context.email : (context.clientAddress ?? ""),
    detail: {
      scope: lock.subject.scope,
      email: context.email,
      clientAddress: context.clientAddress,
      failures: lock.state.failures,
      lockedUntil: lock.state.lockedUntil?.toISOString() ?? null,
    },
  };
}

function logLock(lock: Lock, context: AttemptContext): void {
  const locked =
    lock.subject.scope === "account" ? `account ${context.email}` : `client ${context.clientAddress}`;
  console.warn(
    `Sign-in locked for ${locked} after ${lock.state.failures} failed attempts ` +
      `(last: ${context.email} from ${context.clientAddress ?? "an unknown address"}), ` +
      `until ${lock.state.lockedUntil?.toISOString()}`,
  );
}
