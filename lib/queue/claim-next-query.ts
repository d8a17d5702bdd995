import type { Db } from "@/lib/db/client";
import { findNextQuery, type NextQuery } from "@/lib/queue/find-next-query";
import { holdQueryLock } from "@/lib/queue/hold-query-lock";

/** How often "Next" looks again when another annotator took its pick between the read and the lock. */
const CLAIM_TRIES = 3;

/**
 * "Next" as the annotator's page runs it: the query findNextQuery picks, its lock taken for them
 * in the same request, so two annotators pressing "Next" together never open the same free
 * query (the workspace renews the lock once it is open; a page left before it was live releases
 * nothing, and the lock runs out as a crashed tab's does). When someone else took the pick between
 * the read and the lock, the queue is read again and passes it by; a query assigned to several
 * annotators opens even while another of them holds it, as the queue allows.
 */
export async function claimNextQuery(
  prisma: Db,
  options: { setId: string; userId: string; currentId: string | null; now: Date; holes?: boolean },
): Promise<NextQuery | null> {
  for (let tries = 1; ; tries++) {
    const next = await findNextQuery(prisma, options);
    if (!next) return null;
    const lock = await holdQueryLock(prisma, { ...options, queryId: next.queryId });
    if (lock.held || lock.overlap || tries === CLAIM_TRIES) return next;
  }
}
