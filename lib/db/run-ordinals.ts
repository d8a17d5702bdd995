import type { Db } from "@/lib/db/client";

/**
 * Each run of a set numbered by creation (1 = the set's first run, archived runs included), for
 * colours that stay with a run (components/runs/run-color.ts). One indexed scan of the set's ids.
 */
export async function runOrdinals(prisma: Db, setId: string): Promise<Map<string, number>> {
  const runs = await prisma.run.findMany({
    where: { goldenSetId: setId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  return new Map(runs.map((run, index) => [run.id, index + 1]));
}
