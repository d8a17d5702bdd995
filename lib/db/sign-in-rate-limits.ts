import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import type { Db, Prisma } from "@/lib/db/client";
import { signInThrottleRules, type ThrottleScope, throttleKey } from "@/lib/throttle/sign-in-throttle-policy";

/**
 * The sign-in throttle's counters: rate-limiter-flexible's RateLimiterPrisma on the
 * SignInRateLimit table, one limiter per scope (points = the failures allowed, duration = the
 * window, blockDuration = the lock). The store counts an attempt with one atomic upsert (Prisma
 * sends INSERT … ON CONFLICT DO UPDATE SET points = points + 1 to SQLite and PostgreSQL alike), so
 * parallel attempts, in one process or several, each get a count of their own.
 */

type SignInLimiters = Readonly<Record<ThrottleScope, RateLimiterPrisma>>;

/**
 * Limiters per Prisma client, made on first use: the app has one client per process (db()), a
 * test one per database. Weak, so a test's closed client is not kept alive by its limiters.
 */
const limitersByClient = new WeakMap<Db, SignInLimiters>();

function limitersOf(prisma: Db): SignInLimiters {
  let limiters = limitersByClient.get(prisma);
  if (!limiters) {
    limiters = { account: createLimiter(prisma, "account"), client: createLimiter(prisma, "client") };
    limitersByClient.set(prisma, limiters);
  }
  return limiters;
}

function createLimiter(prisma: Db, scope: ThrottleScope): RateLimiterPrisma {
  const rule = signInThrottleRules[scope];
  return new RateLimiterPrisma({
    storeClient: prisma,
    // RateLimiterPrisma uses `storeClient[tableName]`: the model's delegate, not its table name
    tableName: "signInRateLimit",
    // keys arrive whole from throttleKey ("account:<email>", "client:<address>")
    keyPrefix: "",
    points: rule.maxFailures,
    duration: rule.windowMs / 1000,
    blockDuration: rule.lockMs / 1000,
    // Its own sweep is a 5-minute timer per limiter whose closure holds the client for the life
    // of the process (a test's closed database included); deleteExpiredSignInCounters sweeps instead.
    clearExpiredByTimeout: false,
  });
}

export type CountedAttempt = {
  scope: ThrottleScope;
  /** the email or the client address counted */
  subject: string;
  /** the stored key: throttleKey(scope, subject) */
  key: string;
  /** false: refused, the key is locked (possibly by this very attempt) */
  admitted: boolean;
  /** attempts counted in the current window or lock, this one included */
  consumedPoints: number;
  /** milliseconds until the window or the lock ends */
  msBeforeNext: number;
};

/** Counts one attempt for `subject` (an email or a client address); over the limit it is refused. */
export async function countSignInAttempt(
  prisma: Db,
  options: { scope: ThrottleScope; subject: string },
): Promise<CountedAttempt> {
  const { scope, subject } = options;
  const key = throttleKey(scope, subject);
  const limiter = limitersOf(prisma)[scope];
  const { admitted, result } = await limiter.consume(key).then(
    (result) => ({ admitted: true, result }),
    (refusal: unknown) => {
      // the package refuses with a RateLimiterRes; anything else is a failure of the store
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      return { admitted: false, result: refusal };
    },
  );
  const { consumedPoints, msBeforeNext } = result;
  return { scope, subject, key, admitted, consumedPoints, msBeforeNext };
}

/** Forgets a key's count, lock included (an account after its right password). */
export async function clearSignInCounter(prisma: Db, attempt: CountedAttempt): Promise<void> {
  await limitersOf(prisma)[attempt.scope].delete(attempt.key);
}

/**
 * Takes back one counted attempt, unless the key is locked (over its limit) or has none left.
 * One conditional UPDATE rather than the package's `reward`, which would also take a point off a
 * lock: the count could then cross the limit a second time, restarting the lock and reporting it
 * twice.
 */
export async function returnSignInAttempt(prisma: Db, attempt: CountedAttempt): Promise<void> {
  await prisma.signInRateLimit.updateMany({
    where: {
      key: attempt.key,
      points: { gt: 0, lte: signInThrottleRules[attempt.scope].maxFailures },
      expire: { gt: new Date() },
    },
    data: { points: { decrement: 1 } },
  });
}

/**
 * Deletes counters whose window or lock has ended, so the table holds only recent attempts. (The
 * store itself only replaces the expired row of a key it counts again.)
 */
export async function deleteExpiredSignInCounters(prisma: Db): Promise<void> {
  await prisma.signInRateLimit.deleteMany({ where: { expire: { lte: new Date() } } });
}

/** Records a lock for admins: AuditEvent "sign-in-locked" about `subject` (an email or an address). */
export async function recordSignInLock(
  prisma: Db,
  lock: { subject: string; detail: Prisma.InputJsonValue },
): Promise<void> {
  await prisma.auditEvent.create({ data: { kind: "sign-in-locked", ...lock } });
}
