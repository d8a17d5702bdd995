import type { Db, Prisma } from "@/lib/db/client";
import { lockKeysForTransaction } from "@/lib/db/transaction-locks";
import type { ThrottleState } from "@/lib/throttle/sign-in-throttle-policy";

/** What to store under a key; `state: null` deletes its counter. */
export type ThrottleWrite = { key: string; state: ThrottleState | null };

/** An AuditEvent row to add with the counters (e.g. "sign-in-locked"). */
export type AuditEventInput = { kind: string; subject: string; detail: Prisma.InputJsonValue };

export type ThrottleUpdate<Result> = {
  writes: ThrottleWrite[];
  auditEvents: AuditEventInput[];
  result: Result;
};

/**
 * Reads the SignInThrottle counters of `keys` (a key without a row is absent from the map), lets
 * `decide` compute what to store, and stores it with its audit events in one transaction, so two
 * attempts never both act on the same old counts (on PostgreSQL, concurrent attempts on the same
 * keys wait for each other: lockKeysForTransaction).
 */
export async function updateSignInThrottles<Result>(
  prisma: Db,
  keys: readonly string[],
  decide: (current: ReadonlyMap<string, ThrottleState>) => ThrottleUpdate<Result>,
): Promise<Result> {
  return prisma.$transaction(async (tx) => {
    await lockKeysForTransaction(tx, "sign-in-throttle", keys);
    const rows = await tx.signInThrottle.findMany({ where: { key: { in: [...keys] } } });
    const current = new Map(
      rows.map((row) => [
        row.key,
        { failures: row.failures, windowStartedAt: row.windowStartedAt, lockedUntil: row.lockedUntil },
      ]),
    );
    const { writes, auditEvents, result } = decide(current);
    for (const { key, state } of writes) {
      if (state === null) await tx.signInThrottle.deleteMany({ where: { key } });
      else await tx.signInThrottle.upsert({ where: { key }, create: { key, ...state }, update: state });
    }
    if (auditEvents.length > 0) await tx.auditEvent.createMany({ data: auditEvents });
    return result;
  }, THROTTLE_TRANSACTION);
}

/**
 * Attempts on the same keys queue behind each other's transactions (and their pooled
 * connections): a burst waits its turn rather than failing after Prisma's default 2 s wait.
 */
const THROTTLE_TRANSACTION = { maxWait: 15_000, timeout: 15_000 } as const;

/**
 * Deletes counters nothing needs any more: locks that have ended, and unlocked counters whose
 * window started before `windowStartedBefore`. Keeps the table as small as recent attempts.
 */
export async function deleteStaleSignInThrottles(
  prisma: Db,
  options: { now: Date; windowStartedBefore: Date },
): Promise<void> {
  await prisma.signInThrottle.deleteMany({
    where: {
      OR: [
        { lockedUntil: { lte: options.now } },
        { lockedUntil: null, windowStartedAt: { lt: options.windowStartedBefore } },
      ],
    },
  });
}
