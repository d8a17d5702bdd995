import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { runTagsSchema } from "@/lib/eval/run-report-schema";

// What an engineer sets on a run after it ran: its set's pinned baseline, archived, tags. Runs are
// never deleted here; an archived run is hidden from lists and pickers and stays comparable.

async function findRun(prisma: Db, runId: string) {
  const run = await prisma.run.findUnique({
    where: { id: runId },
    select: {
      id: true,
      status: true,
      archivedAt: true,
      goldenSetId: true,
      baselineOf: { select: { id: true } },
    },
  });
  if (!run) throw new AppError("not_found", "No such run.");
  return run;
}

/** Pins a finished, unarchived run as its set's baseline (replacing any other pinned run). */
export async function pinBaselineRun(prisma: Db, options: { runId: string }): Promise<void> {
  const run = await findRun(prisma, options.runId);
  if (run.status !== "succeeded") throw new AppError("conflict", "Only a finished run can be the baseline.");
  if (run.archivedAt) throw new AppError("conflict", "This run is archived: unarchive it to pin it.");
  await prisma.goldenSet.update({ where: { id: run.goldenSetId }, data: { baselineRunId: run.id } });
}

/** Unpins the run if it is its set's baseline; the set then has none (pages say so). */
export async function unpinBaselineRun(prisma: Db, options: { runId: string }): Promise<void> {
  const run = await findRun(prisma, options.runId);
  await prisma.goldenSet.updateMany({
    where: { id: run.goldenSetId, baselineRunId: run.id },
    data: { baselineRunId: null },
  });
}

/** Hides the run from lists and pickers (its set's pinned baseline must be unpinned first). */
export async function archiveRun(prisma: Db, options: { runId: string }): Promise<void> {
  const run = await findRun(prisma, options.runId);
  if (run.baselineOf)
    throw new AppError("conflict", "This run is the set's baseline: unpin it to archive it.");
  if (run.archivedAt) return;
  await prisma.run.update({ where: { id: run.id }, data: { archivedAt: new Date() } });
}

export async function unarchiveRun(prisma: Db, options: { runId: string }): Promise<void> {
  const run = await findRun(prisma, options.runId);
  await prisma.run.update({ where: { id: run.id }, data: { archivedAt: null } });
}

/** Replaces the run's tags (validated again here: short, distinct, at most ten). */
export async function saveRunTags(prisma: Db, options: { runId: string; tags: string[] }): Promise<string[]> {
  const tags = runTagsSchema.parse(options.tags);
  const run = await findRun(prisma, options.runId);
  await prisma.run.update({ where: { id: run.id }, data: { tags } });
  return tags;
}
