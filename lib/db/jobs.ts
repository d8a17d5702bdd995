import type { Db, DbOrTransaction } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { JobKind, JobPayload } from "@/lib/jobs/job-schema";
import { type JobView, jobStatusSchema } from "@/lib/jobs/job-view";

/** A running job whose heartbeat is older than this is considered abandoned (process died). */
export const STALE_JOB_MS = 30_000;
const MAX_ATTEMPTS = 3;

export async function enqueueJob<K extends JobKind>(
  prisma: DbOrTransaction,
  options: { kind: K; payload: JobPayload<K>; createdById?: string | null },
): Promise<string> {
  const job = await prisma.job.create({
    data: { kind: options.kind, payload: options.payload, createdById: options.createdById ?? null },
  });
  return job.id;
}

export async function getJobView(prisma: Db, id: string): Promise<JobView> {
  const job = await prisma.job.findUnique({ where: { id } });
  if (!job) throw new AppError("not_found", `No job ${id}.`);
  return {
    id: job.id,
    kind: job.kind,
    status: jobStatusSchema.parse(job.status),
    progress: job.progress,
    message: job.message,
    error: job.error,
    result: job.result,
  };
}

export function listRecentJobs(prisma: Db, options: { take: number }) {
  return prisma.job.findMany({
    orderBy: { createdAt: "desc" },
    take: options.take,
    include: { createdBy: { select: { name: true } } },
  });
}

/**
 * Atomically claims the oldest queued job: the conditional update only succeeds for one worker
 * even if several processes poll the same database.
 */
export async function claimNextJob(prisma: Db, now: Date) {
  const candidate = await prisma.job.findFirst({
    where: { status: "queued" },
    orderBy: { createdAt: "asc" },
  });
  if (!candidate) return null;
  const claimed = await prisma.job.updateMany({
    where: { id: candidate.id, status: "queued" },
    data: { status: "running", startedAt: now, heartbeatAt: now, attempts: { increment: 1 } },
  });
  return claimed.count === 1 ? { ...candidate, attempts: candidate.attempts + 1 } : null;
}

export async function reportJobProgress(
  prisma: Db,
  options: { id: string; progress: number; message: string; now: Date },
): Promise<void> {
  await prisma.job.update({
    where: { id: options.id },
    data: {
      progress: Math.max(0, Math.min(1, options.progress)),
      message: options.message,
      heartbeatAt: options.now,
    },
  });
}

export async function finishJob(
  prisma: Db,
  options: { id: string; now: Date; result: unknown; message: string },
): Promise<void> {
  await prisma.job.update({
    where: { id: options.id },
    data: {
      status: "succeeded",
      progress: 1,
      message: options.message,
      result: options.result ?? undefined,
      finishedAt: options.now,
      heartbeatAt: options.now,
    },
  });
}

export async function failJob(prisma: Db, options: { id: string; now: Date; error: string }): Promise<void> {
  await prisma.job.update({
    where: { id: options.id },
    data: { status: "failed", error: options.error, finishedAt: options.now, heartbeatAt: options.now },
  });
}

/**
 * Jobs left "running" by a process that died: requeue them (handlers are idempotent: imports are
 * all-or-nothing, runs clear partial results) until MAX_ATTEMPTS, then fail them visibly.
 */
export async function recoverStaleJobs(
  prisma: Db,
  now: Date,
): Promise<{ requeued: number; failed: { id: string; kind: string; error: string }[] }> {
  const staleBefore = new Date(now.getTime() - STALE_JOB_MS);
  const stale = await prisma.job.findMany({
    where: { status: "running", OR: [{ heartbeatAt: null }, { heartbeatAt: { lt: staleBefore } }] },
  });
  let requeued = 0;
  const failed: { id: string; kind: string; error: string }[] = [];
  for (const job of stale) {
    if (job.attempts >= MAX_ATTEMPTS) {
      const error = `Stopped ${MAX_ATTEMPTS} times (the server restarted while it ran); giving up.`;
      await failJob(prisma, { id: job.id, now, error });
      failed.push({ id: job.id, kind: job.kind, error });
    } else {
      await prisma.job.update({
        where: { id: job.id },
        data: { status: "queued", message: "Requeued after a server restart", progress: 0 },
      });
      requeued++;
    }
  }
  return { requeued, failed };
}

/** A job row as the JobView the UI polls (the shape getJobView answers), for pages that list jobs. */
export function toJobView(job: {
  id: string;
  kind: string;
  status: string;
  progress: number;
  message: string;
  error: string | null;
  result: unknown;
}): JobView {
  return {
    id: job.id,
    kind: job.kind,
    status: jobStatusSchema.catch("failed").parse(job.status),
    progress: job.progress,
    message: job.message,
    error: job.error,
    result: job.result,
  };
}
