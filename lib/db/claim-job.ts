import { Prisma } from "@/generated/prisma/client";
import type { DatabaseProvider } from "@/lib/database-provider";
import { type Db, providerOfClient } from "@/lib/db/client";
import { leaseExpiry } from "@/lib/jobs/job-lease";

/**
 * The one statement that claims the oldest queued job for worker `owner`: it becomes "running"
 * under a lease of JOB_LEASE_MS and its attempts count one more. Returns the claimed job's id.
 *
 * - PostgreSQL: the inner SELECT locks the row it picks `FOR UPDATE SKIP LOCKED`, so workers
 *   claiming at the same moment each get a different job (none waits, none comes back empty while
 *   jobs are queued), and the UPDATE of a locked row cannot be won twice.
 * - SQLite: one statement runs under the database's single write lock, so the pick and the update
 *   are one step for every process on the file; `FOR UPDATE` does not exist there and is not needed.
 *
 * The outer `"status" = 'queued'` repeats the condition so the statement can never take a job
 * that stopped being queued between the pick and the write. Identifiers are quoted and values are
 * parameters: the same text for both databases but for the locking clause.
 */
export function claimJobStatement(options: {
  provider: DatabaseProvider;
  owner: string;
  now: Date;
}): Prisma.Sql {
  const { owner, now } = options;
  const locking = options.provider === "postgresql" ? Prisma.sql`FOR UPDATE SKIP LOCKED` : Prisma.empty;
  return Prisma.sql`
    UPDATE "Job"
    SET "status" = 'running',
        "startedAt" = ${now},
        "heartbeatAt" = ${now},
        "leaseOwner" = ${owner},
        "leaseExpiresAt" = ${leaseExpiry(now)},
        "attempts" = "attempts" + 1
    WHERE "status" = 'queued'
      AND "id" = (
        SELECT "id" FROM "Job"
        WHERE "status" = 'queued'
        ORDER BY "createdAt", "id"
        LIMIT 1
        ${locking}
      )
    RETURNING "id"`;
}

/**
 * Atomically claims the oldest queued job for worker `owner` (see claimJobStatement) and returns
 * it as Prisma reads it, or null when nothing is queued, in the way of the client's database. An idle worker only reads: on SQLite even an UPDATE that
 * matches nothing takes the database's write lock, and idle workers polling twice a second would
 * keep taking it from the server's transactions. The read after the claim is only a read: the job
 * is already ours.
 */
export async function claimNextJob(prisma: Db, options: { now: Date; owner: string }) {
  const queued = await prisma.job.findFirst({ where: { status: "queued" }, select: { id: true } });
  if (!queued) return null;
  const provider = providerOfClient(prisma);
  const claimed = await prisma.$queryRaw<{ id: string }[]>(claimJobStatement({ ...options, provider }));
  const id = claimed[0]?.id;
  return id === undefined ? null : prisma.job.findUnique({ where: { id } });
}
