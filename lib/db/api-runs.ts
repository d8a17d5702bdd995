import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

/** The runs with these ids (set, status), in the order asked; not_found names the first unknown id. */
export async function findRunsByIds(prisma: Db, ids: readonly string[]) {
  const rows = await prisma.run.findMany({
    where: { id: { in: [...ids] } },
    select: { id: true, goldenSetId: true, status: true },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw new AppError("not_found", `No run with the id ${id}.`);
    return row;
  });
}

const runStatusSelect = {
  id: true,
  goldenSetId: true,
  status: true,
  mode: true,
  metrics: true,
  error: true,
  createdAt: true,
  config: { select: { name: true } },
  job: { select: { progress: true, message: true, error: true } },
} as const;

/** A run's status for the API: set, configuration name, mode, job progress, stored metrics. */
export async function loadRunStatus(prisma: Db, runId: string) {
  const run = await prisma.run.findUnique({ where: { id: runId }, select: runStatusSelect });
  if (!run) throw new AppError("not_found", "No such run.");
  return run;
}

/** Every run of a set as loadRunStatus reads one, newest first; not_found for an unknown set. */
export async function listSetRunStatuses(prisma: Db, setId: string) {
  const set = await prisma.goldenSet.findUnique({ where: { id: setId }, select: { id: true } });
  if (!set) throw new AppError("not_found", "No such golden set.");
  return prisma.run.findMany({
    where: { goldenSetId: setId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: runStatusSelect,
  });
}
