import { z } from "zod";
import {
  compareSweepPoints,
  describeSweepPoint,
  type SweepPoint,
  type SweepPointValues,
} from "@/lib/configs/expand-sweep";
import { type Sweep, sweepAxisSchema, sweepAxisValueSchema } from "@/lib/configs/sweep-schema";
import type { Db, DbOrTransaction } from "@/lib/db/client";
import { freezeGoldenSetVersion } from "@/lib/db/golden-set-exchange";
import { assertJobLeaseHeld, enqueueJob, JOB_TRANSACTION_OPTIONS } from "@/lib/db/jobs";
import { saveConfigVersion } from "@/lib/db/runs";
import { AppError } from "@/lib/errors";
import { parseRunMetrics, type RunMetrics } from "@/lib/eval/run-report-schema";
import type { JobLease } from "@/lib/jobs/job-lease";
import { sweepProgress } from "@/lib/jobs/sweep-progress";

const storedAxesSchema = z.array(sweepAxisSchema);
const storedPointSchema = z.record(z.string(), sweepAxisValueSchema);

/**
 * In one transaction: freezes the set version once, saves the sweep, and per point a configuration
 * version, a queued run and its own "evaluate-run" job — so any worker can claim any point and a
 * sweep spreads over the workers. The sweep has no job of its own: its status and progress are its
 * points' (lib/jobs/sweep-progress.ts).
 */
export async function insertQueuedSweep(
  prisma: Db,
  options: { setId: string; sweep: Sweep; points: SweepPoint[]; userId: string },
): Promise<{ sweepId: string; jobIds: string[]; runIds: string[] }> {
  const { sweep, points } = options;
  return prisma.$transaction(
    async (tx) => {
      const set = await tx.goldenSet.findUnique({ where: { id: options.setId }, select: { id: true } });
      if (!set) throw new AppError("not_found", "No such golden set.");
      const version = await freezeGoldenSetVersion(tx, options.setId);
      const created = await tx.sweep.create({
        data: {
          name: sweep.name,
          goldenSetId: options.setId,
          baseConfig: sweep.baseConfig,
          axes: sweep.axes,
          createdById: options.userId,
        },
      });
      const runIds: string[] = [];
      for (const point of points) {
        const config = await saveConfigVersion(tx, {
          name: `${sweep.name} · ${describeSweepPoint(point.values)}`,
          config: point.config,
          userId: options.userId,
        });
        const run = await tx.run.create({
          data: {
            goldenSetId: options.setId,
            goldenSetVersionId: version.id,
            configId: config.id,
            coverage: sweep.coverage,
            mode: sweep.mode,
            sweepId: created.id,
            sweepPoint: point.values,
          },
        });
        runIds.push(run.id);
      }
      const jobIds = await queuePointJobs(tx, { runIds, userId: options.userId });
      return { sweepId: created.id, jobIds, runIds };
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}

/** One "evaluate-run" job per run, linked to it (Run.jobId), in the runs' order. */
async function queuePointJobs(
  tx: DbOrTransaction,
  options: { runIds: string[]; userId: string | null },
): Promise<string[]> {
  const jobIds: string[] = [];
  for (const runId of options.runIds) {
    const jobId = await enqueueJob(tx, {
      kind: "evaluate-run",
      payload: { runId },
      createdById: options.userId,
    });
    await tx.run.update({ where: { id: runId }, data: { jobId } });
    jobIds.push(jobId);
  }
  return jobIds;
}

/**
 * A sweep queued before points had jobs of their own (one "evaluate-sweep" job evaluated them in
 * turn): gives each of its unfinished points that has no job one now, under the old job's lease,
 * so they spread over the workers like a new sweep's. Returns how many points were queued.
 */
export async function queueLegacySweepPoints(
  prisma: Db,
  options: { sweepId: string; lease: JobLease; userId: string | null },
): Promise<number> {
  return prisma.$transaction(async (tx) => {
    await assertJobLeaseHeld(tx, options.lease);
    const runs = await tx.run.findMany({
      where: { sweepId: options.sweepId, jobId: null, status: { in: ["queued", "running"] } },
      orderBy: { createdAt: "asc" },
      select: { id: true },
    });
    await tx.run.updateMany({
      where: { id: { in: runs.map((run) => run.id) } },
      data: { status: "queued" },
    });
    return (await queuePointJobs(tx, { runIds: runs.map((run) => run.id), userId: options.userId })).length;
  }, JOB_TRANSACTION_OPTIONS);
}

/** A run of a sweep with its point and the metrics the sweep page and list show. */
export type SweepRunView = {
  id: string;
  status: string;
  error: string | null;
  /** the point's job progress (0..1) while it runs; null without a job */
  jobProgress: number | null;
  values: SweepPointValues;
  configName: string;
  metrics: RunMetrics | null;
};

const runSelect = {
  id: true,
  status: true,
  error: true,
  sweepPoint: true,
  metrics: true,
  config: { select: { name: true, version: true } },
  job: { select: { progress: true } },
} as const;

function toRunViews(
  axes: z.infer<typeof storedAxesSchema>,
  runs: {
    id: string;
    status: string;
    error: string | null;
    sweepPoint: unknown;
    metrics: unknown;
    config: { name: string; version: number };
    job: { progress: number } | null;
  }[],
): SweepRunView[] {
  return runs
    .map((run) => ({
      id: run.id,
      status: run.status,
      error: run.error,
      jobProgress: run.job?.progress ?? null,
      values: storedPointSchema.catch({}).parse(run.sweepPoint),
      configName: `${run.config.name} v${run.config.version}`,
      metrics: parseRunMetrics(run.metrics),
    }))
    .sort((a, b) => compareSweepPoints(axes, a.values, b.values));
}

/** A sweep with its axes, its runs in grid order (first axis slowest) and its progress (its points'). */
export async function getSweep(prisma: Db, id: string) {
  const sweep = await prisma.sweep.findUnique({
    where: { id },
    include: {
      goldenSet: { select: { id: true, name: true } },
      runs: { select: runSelect },
    },
  });
  if (!sweep) throw new AppError("not_found", "No such sweep.");
  const axes = storedAxesSchema.parse(sweep.axes);
  const runs = toRunViews(axes, sweep.runs);
  return { ...sweep, axes, runs, progress: sweepProgress(runs) };
}

/** A set's sweeps, newest first, each with its runs' statuses and metrics in grid order, and its progress. */
export async function listSweeps(prisma: Db, options: { setId?: string; take?: number }) {
  const sweeps = await prisma.sweep.findMany({
    where: options.setId ? { goldenSetId: options.setId } : {},
    orderBy: { createdAt: "desc" },
    take: options.take ?? 50,
    include: {
      goldenSet: { select: { id: true, name: true } },
      runs: { select: runSelect },
    },
  });
  return sweeps.map((sweep) => {
    const axes = storedAxesSchema.parse(sweep.axes);
    const runs = toRunViews(axes, sweep.runs);
    return { ...sweep, axes, runs, progress: sweepProgress(runs) };
  });
}

/**
 * A legacy sweep's job failed (or gave up after restarts) before it queued its points: those
 * still without a job of their own fail with it.
 */
export async function failUnfinishedSweepRuns(
  prisma: DbOrTransaction,
  options: { jobId: string; error: string },
): Promise<void> {
  await prisma.run.updateMany({
    where: { sweep: { jobId: options.jobId }, jobId: null, status: { in: ["queued", "running"] } },
    data: { status: "failed", error: options.error, finishedAt: new Date() },
  });
}
