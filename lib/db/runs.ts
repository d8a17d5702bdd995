import type { RetrievalConfig } from "@/lib/configs/config-schema";
import type { Db, DbOrTransaction } from "@/lib/db/client";
import { assertJobLeaseHeld, enqueueJob, JOB_TRANSACTION_OPTIONS } from "@/lib/db/jobs";
import {
  insertRunQueryMetrics,
  insertRunResults,
  type RunQueryOutcome,
  RunResultColumns,
  type RunResultRow,
} from "@/lib/db/run-results";
import { AppError } from "@/lib/errors";
import type { ScoringMode } from "@/lib/eval/run-report-schema";
import type { JobLease } from "@/lib/jobs/job-lease";

export type { RunQueryOutcome, RunResultRow } from "@/lib/db/run-results";

/**
 * In one transaction: saves the configuration (a new version when the name exists with other
 * parameters — configs are immutable), creates the queued run on the frozen set version, and
 * queues its evaluation as a durable job.
 */
export async function insertQueuedRun(
  prisma: Db,
  options: {
    setId: string;
    setVersionId: string;
    configName: string;
    config: RetrievalConfig;
    coverage: number;
    mode: ScoringMode;
    /** context budget in characters; null or absent: the frozen set version's */
    contextBudgetChars?: number | null;
    /** who asked; null for the command line */
    userId: string | null;
  },
): Promise<{ runId: string; jobId: string }> {
  return prisma.$transaction(async (tx) => {
    const config = await saveConfigVersion(tx, {
      name: options.configName,
      config: options.config,
      userId: options.userId,
    });
    const run = await tx.run.create({
      data: {
        goldenSetId: options.setId,
        goldenSetVersionId: options.setVersionId,
        configId: config.id,
        coverage: options.coverage,
        mode: options.mode,
        contextBudgetChars: options.contextBudgetChars ?? null,
      },
    });
    const jobId = await enqueueJob(tx, {
      kind: "evaluate-run",
      payload: { runId: run.id },
      createdById: options.userId,
    });
    await tx.run.update({ where: { id: run.id }, data: { jobId } });
    return { runId: run.id, jobId };
  });
}

/**
 * The configuration version to evaluate: the latest version of `name` when its parameters are
 * the same, else a new version (configurations are immutable once saved).
 */
export async function saveConfigVersion(
  tx: DbOrTransaction,
  options: { name: string; config: RetrievalConfig; userId: string | null },
) {
  const latest = await tx.retrievalConfig.findFirst({
    where: { name: options.name },
    orderBy: { version: "desc" },
  });
  if (latest && JSON.stringify(latest.params) === JSON.stringify(options.config)) return latest;
  return tx.retrievalConfig.create({
    data: {
      name: options.name,
      version: (latest?.version ?? 0) + 1,
      params: options.config,
      createdById: options.userId,
    },
  });
}

/**
 * Replaces any earlier results of the run (a retried job) with these, in one transaction — and,
 * given the job's `lease`, only while its worker still holds it, so a worker that lost the job
 * to another never overwrites what the new holder saved.
 */
export async function saveRunOutcome(
  prisma: Db,
  options: {
    runId: string;
    lease?: JobLease | undefined;
    /** columns (what a run collects) or rows (small fixtures) */
    results: RunResultColumns | readonly RunResultRow[];
    perQuery: readonly RunQueryOutcome[];
    metrics: object;
    resolution: object;
    durationMs: number;
  },
): Promise<void> {
  await prisma.$transaction(
    async (tx) => {
      if (options.lease) await assertJobLeaseHeld(tx, options.lease);
      await tx.runResult.deleteMany({ where: { runId: options.runId } });
      await tx.runQueryMetric.deleteMany({ where: { runId: options.runId } });
      const results =
        options.results instanceof RunResultColumns
          ? options.results
          : RunResultColumns.from(options.results);
      await insertRunResults(tx, { runId: options.runId, results });
      await insertRunQueryMetrics(tx, { runId: options.runId, perQuery: options.perQuery });
      await tx.run.update({
        where: { id: options.runId },
        data: {
          status: "succeeded",
          metrics: options.metrics,
          resolution: options.resolution,
          durationMs: options.durationMs,
          finishedAt: new Date(),
          error: null,
        },
      });
    },
    { timeout: 10 * 60_000, maxWait: 60_000 },
  );
}

/** The run starts (again, for a retried job): given the job's lease, only while its worker holds it. */
export async function markRunRunning(
  prisma: Db,
  options: { runId: string; lease?: JobLease | undefined },
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    if (options.lease) await assertJobLeaseHeld(tx, options.lease);
    await tx.run.update({ where: { id: options.runId }, data: { status: "running" } });
  }, JOB_TRANSACTION_OPTIONS);
}

export async function markRunFailed(
  prisma: DbOrTransaction,
  options: { jobId: string; error: string },
): Promise<void> {
  await prisma.run.updateMany({
    where: { jobId: options.jobId },
    data: { status: "failed", error: options.error, finishedAt: new Date() },
  });
}

/** Runs newest first (archived ones only with `includeArchived`), with configuration, set, version and job. */
export function listRuns(prisma: Db, options: { setId?: string; take?: number; includeArchived?: boolean }) {
  return prisma.run.findMany({
    where: {
      ...(options.setId ? { goldenSetId: options.setId } : {}),
      ...(options.includeArchived ? {} : { archivedAt: null }),
    },
    orderBy: { createdAt: "desc" },
    take: options.take ?? 100,
    include: {
      config: true,
      goldenSet: { select: { id: true, name: true } },
      goldenSetVersion: { select: { number: true } },
      job: { select: { id: true, status: true, progress: true, message: true, error: true } },
    },
  });
}

/** A run with everything its page shows: configuration, set (and its pinned baseline), version, job, per-query metrics. */
export async function getRun(prisma: Db, id: string) {
  const run = await prisma.run.findUnique({
    where: { id },
    include: {
      config: true,
      goldenSet: { select: { id: true, name: true, baselineRunId: true } },
      goldenSetVersion: { select: { number: true } },
      job: true,
      queryMetrics: { include: { query: { select: { id: true, key: true, text: true, position: true } } } },
    },
  });
  if (!run) throw new AppError("not_found", "No such run.");
  return run;
}

/**
 * Every run of a set, newest first, as pickers list them (compare against, chart): name, set
 * version, status, tags, archived or not, and the aggregate metrics. Pickers hide archived runs
 * unless one is already chosen.
 */
export function listSetRunChoices(prisma: Db, options: { setId: string }) {
  return prisma.run.findMany({
    where: { goldenSetId: options.setId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: {
      id: true,
      status: true,
      jobId: true,
      createdAt: true,
      archivedAt: true,
      sweepId: true,
      tags: true,
      metrics: true,
      config: { select: { name: true, version: true, params: true } },
      goldenSetVersion: { select: { number: true } },
    },
  });
}

/**
 * Each run's mean characters per stored result (end − start, over all its results) — how much text
 * a result hands the reader; runs without results are absent. Comparisons warn when two runs differ
 * in it (lib/comparisons/comparison-warnings.ts, `text-per-result`).
 */
export async function loadMeanResultChars(prisma: Db, runIds: string[]): Promise<Map<string, number>> {
  if (runIds.length === 0) return new Map();
  const rows = await prisma.runResult.groupBy({
    by: ["runId"],
    where: { runId: { in: runIds } },
    _avg: { start: true, end: true },
  });
  return new Map(
    rows.flatMap((row) =>
      row._avg.start === null || row._avg.end === null ? [] : [[row.runId, row._avg.end - row._avg.start]],
    ),
  );
}
