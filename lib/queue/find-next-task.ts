import type { Db } from "@/lib/db/client";
import { listGoldenSets } from "@/lib/db/golden-sets";
import { countOwnQueue } from "@/lib/queue/find-next-query";

export type NextTask = {
  set: { id: string; name: string };
  /** Queries of that set in the annotator's own queue (assigned to them, or unlabeled and free). */
  left: number;
  /** Of those, the ones assigned to them. */
  assigned: number;
  /** Sets where their own queue is not empty, this one included. */
  setsWithWork: number;
};

/**
 * The annotator's next task across the sets, for the overview: the set whose own queue
 * (countOwnQueue) holds the most queries assigned to them, else the most unlabeled ones, ties
 * going to the set changed last; null when no set has work for them.
 */
export async function findNextTask(
  prisma: Db,
  options: { userId: string; now: Date },
): Promise<NextTask | null> {
  const sets = await listGoldenSets(prisma);
  const queues = await Promise.all(
    sets.map(async (set) => ({
      set: { id: set.id, name: set.name },
      ...(await countOwnQueue(prisma, { setId: set.id, userId: options.userId, now: options.now })),
    })),
  );
  const withWork = queues.filter((queue) => queue.left > 0);
  // a stable sort keeps listGoldenSets' order (changed last first) among equals
  const [best] = [...withWork].sort((a, b) => b.assigned - a.assigned || b.left - a.left);
  return best ? { ...best, setsWithWork: withWork.length } : null;
}
