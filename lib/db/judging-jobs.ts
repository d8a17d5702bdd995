import type { z } from "zod";
import type { Db } from "@/lib/db/client";
import { enqueueJob } from "@/lib/db/jobs";
import { AppError } from "@/lib/errors";
import { jobPayloadSchemas } from "@/lib/jobs/job-schema";
import {
  type JudgingFigures,
  type JudgingPrices,
  judgingPricesSchema,
  readJudgingFigures,
} from "@/lib/judging/judging-figures";
import {
  type JudgingSource,
  type JudgingSourceInput,
  judgingSourceSchema,
} from "@/lib/judging/judging-source";

export type { JudgingFigures } from "@/lib/judging/judging-figures";

type JudgingJobStatus = "queued" | "running" | "paused" | "succeeded" | "failed" | "cancelled";

export type JudgingJobView = {
  id: string;
  status: JudgingJobStatus;
  progress: number;
  message: string;
  error: string | null;
  setId: string;
  judgeId: string;
  judgeName: string;
  judgeVersion: number;
  source: JudgingSource;
  figures: JudgingFigures;
  createdAt: Date;
  finishedAt: Date | null;
};

/**
 * Queues a judging job (kind "judge") of `judgeId` over the set's pool or a run's holes. The set,
 * the judge (not archived) and the runs (finished, of this set) are checked now, so a mistake is
 * refused here rather than failing a job later. `prices` (dollars per million tokens) give a cost.
 */
export async function startJudgingJob(
  prisma: Db,
  options: {
    setId: string;
    judgeId: string;
    source: JudgingSourceInput;
    createdById: string | null;
    prices?: JudgingPrices | undefined;
  },
): Promise<{ jobId: string }> {
  const source = parseInput(judgingSourceSchema, options.source, "source");
  const prices = options.prices ? parseInput(judgingPricesSchema, options.prices, "prices") : undefined;
  const set = await prisma.goldenSet.findUnique({ where: { id: options.setId }, select: { id: true } });
  if (!set) throw new AppError("not_found", `No golden set ${options.setId}.`);
  const judge = await prisma.judge.findUnique({
    where: { id: options.judgeId },
    select: { archivedAt: true },
  });
  if (!judge) throw new AppError("not_found", `No judge ${options.judgeId}.`);
  if (judge.archivedAt) throw new AppError("bad_request", "judgeId: that judge is archived; choose another.");
  const runIds = source.kind === "runs" ? source.runIds : [source.runId];
  const runs = await prisma.run.findMany({
    where: { id: { in: runIds }, goldenSetId: set.id },
    select: { id: true, status: true },
  });
  for (const runId of runIds) {
    const run = runs.find((candidate) => candidate.id === runId);
    if (!run) throw new AppError("not_found", `source: no run ${runId} in this set.`);
    if (run.status !== "succeeded")
      throw new AppError("bad_request", `source: run ${runId} has not finished (${run.status}).`);
  }
  const payload = jobPayloadSchemas.judge.parse({
    setId: set.id,
    judgeId: options.judgeId,
    source,
    ...(prices ? { prices } : {}),
  });
  const jobId = await enqueueJob(prisma, { kind: "judge", payload, createdById: options.createdById });
  return { jobId };
}

function parseInput<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = [where, ...(issue?.path ?? []).map(String)].join(".");
  throw new AppError("bad_request", `${path}: ${issue?.message ?? "is not valid"}`);
}

/**
 * Cancels a judging job: a queued or paused one at once; a running one is asked to stop (its
 * runner checks every few passages, finishes what is in flight and ends as cancelled).
 */
export async function cancelJudgingJob(prisma: Db, options: { jobId: string }): Promise<void> {
  const job = await findJudgingJobRow(prisma, options.jobId);
  const now = new Date();
  if (job.status === "queued" || job.status === "paused") {
    const updated = await prisma.job.updateMany({
      where: { id: job.id, status: job.status },
      data: { status: "cancelled", message: "Cancelled", finishedAt: now, cancelRequestedAt: now },
    });
    if (updated.count === 1) return;
    return cancelJudgingJob(prisma, options); // it changed meanwhile: decide again
  }
  if (job.status === "running") {
    await prisma.job.update({ where: { id: job.id }, data: { cancelRequestedAt: now } });
    return;
  }
  throw new AppError("conflict", `The judging job has ended (${job.status}); there is nothing to cancel.`);
}

/**
 * Queues a paused or failed judging job again. Its finished pairs are found by their cache keys
 * and not sent again; the budget counts anew from here.
 */
export async function resumeJudgingJob(prisma: Db, options: { jobId: string }): Promise<void> {
  const job = await findJudgingJobRow(prisma, options.jobId);
  if (job.status !== "paused" && job.status !== "failed")
    throw new AppError(
      "conflict",
      `Only a paused or failed judging job can be resumed; this one is ${job.status}.`,
    );
  const updated = await prisma.job.updateMany({
    where: { id: job.id, status: job.status },
    data: {
      status: "queued",
      message: "Resumed; waiting to start",
      error: null,
      finishedAt: null,
      cancelRequestedAt: null,
      attempts: 0,
    },
  });
  if (updated.count === 0)
    throw new AppError("conflict", "The judging job changed meanwhile; reload and try again.");
}

export async function getJudgingJob(prisma: Db, jobId: string): Promise<JudgingJobView> {
  const job = await findJudgingJobRow(prisma, jobId);
  const [view] = await toViews(prisma, [job]);
  return view!;
}

/** A set's judging jobs, newest first. */
export async function listJudgingJobs(prisma: Db, options: { setId: string }): Promise<JudgingJobView[]> {
  const jobs = await prisma.job.findMany({
    where: { kind: "judge" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const ofSet = jobs.filter((job) => readPayload(job.payload)?.setId === options.setId);
  return toViews(prisma, ofSet);
}

type JobRow = Awaited<ReturnType<typeof findJudgingJobRow>>;

async function findJudgingJobRow(prisma: Db, jobId: string) {
  const job = await prisma.job.findUnique({ where: { id: jobId } });
  if (job?.kind !== "judge") throw new AppError("not_found", `No judging job ${jobId}.`);
  return job;
}

function readPayload(payload: unknown) {
  const parsed = jobPayloadSchemas.judge.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

const statuses: readonly JudgingJobStatus[] = [
  "queued",
  "running",
  "paused",
  "succeeded",
  "failed",
  "cancelled",
];

async function toViews(prisma: Db, jobs: JobRow[]): Promise<JudgingJobView[]> {
  const payloads = jobs.map((job) => readPayload(job.payload));
  const judgeIds = [...new Set(payloads.flatMap((payload) => (payload ? [payload.judgeId] : [])))];
  const judges = await prisma.judge.findMany({
    where: { id: { in: judgeIds } },
    select: { id: true, name: true, version: true },
  });
  const judgesById = new Map(judges.map((judge) => [judge.id, judge]));
  return jobs.flatMap((job, index): JudgingJobView[] => {
    const payload = payloads[index];
    if (!payload) return [];
    const judge = judgesById.get(payload.judgeId);
    return [
      {
        id: job.id,
        status: statuses.includes(job.status as JudgingJobStatus)
          ? (job.status as JudgingJobStatus)
          : "failed",
        progress: job.progress,
        message: job.message,
        error: job.error,
        setId: payload.setId,
        judgeId: payload.judgeId,
        judgeName: judge?.name ?? "a deleted judge",
        judgeVersion: judge?.version ?? 0,
        source: payload.source,
        figures: readJudgingFigures(job.result),
        createdAt: job.createdAt,
        finishedAt: job.finishedAt,
      },
    ];
  });
}
