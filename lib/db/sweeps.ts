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

const storedAxesSchema = z.array(sweepAxisSchema);
const storedPointSchema = z.record(z.string(), sweepAxisValueSchema);

/**
 * In one transaction: freezes the set version once, saves the sweep, one configuration version
 * and queued run per point, and ONE "evaluate-sweep" job that evaluates the points one after
 * another.
 */
export async function insertQueuedSweep(
  prisma: Db,
  options: { setId: string; sweep: Sweep; points: SweepPoint[]; userId: string },
): Promise<{ sweepId: string; jobId: string; runIds: string[] }> {
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
      const jobId = await enqueueJob(tx, {
        kind: "evaluate-sweep",
        payload: { sweepId: created.id },
        createdById: options.userId,
      });
      await tx.sweep.update({ where: { id: created.id }, data: { jobId } });
      return { sweepId: created.id, jobId, runIds };
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}

/** A run of a sweep with its point and the metrics the sweep page and list show. */
export type SweepRunView = {
  id: string;
  status: string;
  error: string | null;
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
  }[],
): SweepRunView[] {
  return runs
    .map((run) => ({
      id: run.id,
      status: run.status,
      error: run.error,
      values: storedPointSchema.catch({}).parse(run.sweepPoint),
      configName: `${run.config.name} v${run.config.version}`,
      metrics: parseRunMetrics(run.metrics),
    }))
    .sort((a, b) => compareSweepPoints(axes, a.values, b.values));
}

/** A sweep with its axes and its runs in grid order (first axis slowest). */
export async function getSweep(prisma: Db, id: string) {
  const sweep = await prisma.sweep.findUnique({
    where: { id },
    include: {
      goldenSet: { select: { id: true, name: true } },
      job: true,
      runs: { select: runSelect },
    },
  });
  if (!sweep) throw new AppError("not_found", "No such sweep.");
  const axes = storedAxesSchema.parse(sweep.axes);
  return { ...sweep, axes, runs: toRunViews(axes, sweep.runs) };
}

/** A set's sweeps, newest first, each with its runs' statuses and metrics in grid order. */
export async function listSweeps(prisma: Db, options: { setId?: string; take?: number }) {
  const sweeps = await prisma.sweep.findMany({
    where: options.setId ? { goldenSetId: options.setId } : {},
    orderBy: { createdAt: "desc" },
    take: options.take ?? 50,
    include: {
      goldenSet: { select: { id: true, name: true } },
      job: { select: { id: true, status: true, progress: true, message: true } },
      runs: { select: runSelect },
    },
  });
  return sweeps.map((sweep) => {
    const axes = storedAxesSchema.parse(sweep.axes);
    return { ...sweep, axes, runs: toRunViews(axes, sweep.runs) };
  });
}

/** The runs of a sweep its job evaluates, in grid order. */
export async function listSweepRunsToEvaluate(prisma: Db, sweepId: string) {
  const sweep = await getSweep(prisma, sweepId);
  return sweep.runs.map((run) => ({ id: run.id, status: run.status, values: run.values }));
}

/** One point failed: the sweep goes on with the next. Written only while the sweep's worker holds `lease`. */
export async function markSweepRunFailed(
  prisma: Db,
  options: { runId: string; error: string; lease: JobLease },
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await assertJobLeaseHeld(tx, options.lease);
    await tx.run.update({
      where: { id: options.runId },
      data: { status: "failed", error: options.error, finishedAt: new Date() },
    });
  }, JOB_TRANSACTION_OPTIONS);
}

/** The sweep's job failed (or gave up after restarts): its unfinished points fail with it. */
export async function failUnfinishedSweepRuns(
  prisma: DbOrTransaction,
  options: { jobId: string; error: string },
): Promise<void> {
  await prisma.run.updateMany({
    where: { sweep: { jobId: options.jobId }, status: { in: ["queued", "running"] } },
    data: { status: "failed", error: options.error, finishedAt: new Date() },
  });
}
