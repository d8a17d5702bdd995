import type { Db } from "@/lib/db/client";
import { findQueryLock, takeQueryLock } from "@/lib/db/queue";
import { QUERY_LOCK_SECONDS } from "@/lib/labeling/queue-schema";

export type LockHolder = { name: string; until: Date };

/**
 * Takes or renews the short lock on a query for the annotator who has it open (the workspace
 * calls this on opening and every QUERY_LOCK_RENEW_SECONDS while the page is visible):
 * QUERY_LOCK_SECONDS from `now`. When another
 * annotator holds a lock that has not expired, nothing changes and the answer names them;
 * `overlap` says the query is assigned to several annotators, who may work on it side by side.
 */
export async function holdQueryLock(
  prisma: Db,
  options: { setId: string; queryId: string; userId: string; now: Date },
): Promise<{ held: true } | { held: false; holder: LockHolder; overlap: boolean }> {
  const until = new Date(options.now.getTime() + QUERY_LOCK_SECONDS * 1000);
  if (await takeQueryLock(prisma, { ...options, until })) return { held: true };
  const { holder, assignees } = await findQueryLock(prisma, options);
  // the lock was released between the two statements: try once more
  if (!holder || holder.id === options.userId || holder.until <= options.now) {
    if (await takeQueryLock(prisma, { ...options, until })) return { held: true };
  }
  const current = holder ?? { name: "another annotator", until };
  return { held: false, holder: { name: current.name, until: current.until }, overlap: assignees >= 2 };
}

/**
 * The lock someone other than `userId` holds on the query now, or null (for the page to show);
 * `overlap` as in holdQueryLock.
 */
export async function otherLockHolder(
  prisma: Db,
  options: { setId: string; queryId: string; userId: string; now: Date },
): Promise<(LockHolder & { overlap: boolean }) | null> {
  const { holder, assignees } = await findQueryLock(prisma, options);
  if (!holder || holder.id === options.userId || holder.until <= options.now) return null;
  return { name: holder.name, until: holder.until, overlap: assignees >= 2 };
}
