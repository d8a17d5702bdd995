import type { Db, DbOrTransaction, Prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import {
  type JobLease,
  JobLeaseLostError,
  leaseExpiry,
  type RunningJobLease,
  STALE_HEARTBEAT_MS,
} from "@/lib/jobs/job-lease";
import type { JobKind, JobPayload } from "@/lib/jobs/job-schema";
import { type JobView, jobStatusSchema } from "@/lib/jobs/job-view";

export { listRecentJobs } from "@/lib/db/recent-jobs";

/** A running job without a lease whose heartbeat is older than this is abandoned (see job-lease.ts). */
export const STALE_JOB_MS = STALE_HEARTBEAT_MS;

/**
 * For the transactions a job writes in (results under its lease, a failure with its runs): wait
 * for a transaction a request holds open (an import, a big sweep) rather than Prisma's default 2 s,
 * which would fail the job for nothing.
 */
export const JOB_TRANSACTION_OPTIONS = { maxWait: 60_000, timeout: 60_000 } as const;

/** Prisma's code for "the record to update was not found" (here: the lease is no longer held). */
const RECORD_NOT_FOUND = "P2025";

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

/**
 * Updates the job `where` names if it still matches `where`; null when it does not. One UPDATE
 * statement, so it is atomic between processes and takes SQLite's write lock before it reads.
 * (Not `updateMany`: the driver adapter wraps that in an internal transaction, which two
 * processes can deadlock on, and which waits for any interactive transaction open in this process
 * — handlers report progress from inside theirs.)
 */
async function updateJobIfUnchanged(
  prisma: DbOrTransaction,
  options: { where: Prisma.JobWhereUniqueInput & { id: string }; data: Prisma.JobUpdateInput },
) {
  try {
    return await prisma.job.update(options);
  } catch (error) {
    if ((error as { code?: unknown }).code === RECORD_NOT_FOUND) return null;
    throw error;
  }
}

/** Writes `data` to the lease's job if it is still running and still held by the lease's owner. */
async function updateHeldJob(
  prisma: DbOrTransaction,
  lease: JobLease,
  data: Prisma.JobUpdateInput,
): Promise<boolean> {
  const where = { id: lease.jobId, status: "running", leaseOwner: lease.owner };
  return (await updateJobIfUnchanged(prisma, { where, data })) !== null;
}

/** The heartbeat: extends the lease from `now`. False when the worker no longer holds it. */
export function renewJobLease(prisma: DbOrTransaction, options: { lease: JobLease; now: Date }) {
  return updateHeldJob(prisma, options.lease, {
    heartbeatAt: options.now,
    leaseExpiresAt: leaseExpiry(options.now),
  });
}

/**
 * First thing in a transaction that writes a job's results: throws JobLeaseLostError unless the
 * worker still holds the lease. The check is a write (it renews the lease), so on SQLite the
 * transaction holds the write lock from here on and no other worker can take the job before it
 * commits.
 */
export async function assertJobLeaseHeld(tx: DbOrTransaction, lease: JobLease): Promise<void> {
  if (!(await renewJobLease(tx, { lease, now: new Date() }))) throw new JobLeaseLostError(lease.jobId);
}

/** Progress of the job the worker holds (renewing its lease). False when the lease is lost. */
export function reportJobProgress(
  prisma: Db,
  options: { lease: JobLease; progress: number; message: string; now: Date },
): Promise<boolean> {
  return updateHeldJob(prisma, options.lease, {
    progress: Math.max(0, Math.min(1, options.progress)),
    message: options.message,
    heartbeatAt: options.now,
    leaseExpiresAt: leaseExpiry(options.now),
  });
}

/** How a handler may end a job other than by succeeding or failing (judging jobs only). */
export type HandlerEnding = "paused" | "cancelled";

/**
 * The job succeeded — or, when its handler says so, paused at a budget (resumable: not finished)
 * or cancelled: written only while the worker holds its lease, which ends here.
 */
export function finishJob(
  prisma: Db,
  options: {
    lease: JobLease;
    now: Date;
    result: unknown;
    message: string;
    status?: HandlerEnding | undefined;
  },
): Promise<boolean> {
  const status = options.status ?? "succeeded";
  return updateHeldJob(prisma, options.lease, {
    status,
    ...(status === "succeeded" ? { progress: 1 } : {}),
    message: options.message,
    result: options.result ?? undefined,
    finishedAt: status === "paused" ? null : options.now,
    heartbeatAt: options.now,
    leaseOwner: null,
    leaseExpiresAt: null,
  });
}

/** A running job's result so far (a judging job's figures), written only while the lease is held. */
export function reportJobResult(
  prisma: DbOrTransaction,
  options: { lease: JobLease; result: Prisma.InputJsonValue; message?: string | undefined },
): Promise<boolean> {
  return updateHeldJob(prisma, options.lease, {
    result: options.result,
    ...(options.message === undefined ? {} : { message: options.message }),
  });
}

/** The job failed: written only while the worker holds its lease, which ends here. */
export function failJob(
  prisma: DbOrTransaction,
  options: { lease: JobLease; now: Date; error: string },
): Promise<boolean> {
  return updateHeldJob(prisma, options.lease, {
    status: "failed",
    error: options.error,
    finishedAt: options.now,
    heartbeatAt: options.now,
    leaseOwner: null,
    leaseExpiresAt: null,
  });
}

/**
 * The worker stops before the job ends (SIGTERM): the job goes back to the queue at once for another
 * worker, and this claim does not count as an attempt — a stop is not a crash. Only while held.
 */
export function releaseJob(prisma: DbOrTransaction, options: { lease: JobLease }): Promise<boolean> {
  return updateHeldJob(prisma, options.lease, {
    status: "queued",
    message: "Released by a worker that was stopped; queued again",
    progress: 0,
    leaseOwner: null,
    leaseExpiresAt: null,
    attempts: { decrement: 1 },
  });
}

/** A running job as recovery sees it: its lease, attempts and kind. */
export type RunningJob = RunningJobLease & { id: string; kind: string; attempts: number };

/** Every running job with its lease: what recovery looks at on each poll (few rows, indexed by status). */
export function listRunningJobs(prisma: Db): Promise<RunningJob[]> {
  return prisma.job.findMany({
    where: { status: "running" },
    select: {
      id: true,
      kind: true,
      attempts: true,
      leaseOwner: true,
      leaseExpiresAt: true,
      heartbeatAt: true,
    },
  });
}

/**
 * A recovery write: applied only if the job is still running under exactly the lease recovery read.
 * Any renewal or progress since moves `leaseExpiresAt` or `heartbeatAt`, and another worker's
 * recovery changes the status, so of several workers recovering at once only one write succeeds,
 * and a worker that came back to life keeps its job.
 */
async function updateIfStillAbandoned(
  prisma: DbOrTransaction,
  job: RunningJob,
  data: Prisma.JobUpdateInput,
): Promise<boolean> {
  const where = {
    id: job.id,
    status: "running",
    leaseOwner: job.leaseOwner,
    leaseExpiresAt: job.leaseExpiresAt,
    heartbeatAt: job.heartbeatAt,
  };
  return (await updateJobIfUnchanged(prisma, { where, data })) !== null;
}

/** Puts an abandoned job back in the queue (attempts unchanged: the next claim counts). */
export function requeueAbandonedJob(prisma: Db, options: { job: RunningJob; message: string }) {
  return updateIfStillAbandoned(prisma, options.job, {
    status: "queued",
    message: options.message,
    progress: 0,
    leaseOwner: null,
    leaseExpiresAt: null,
  });
}

/** Fails an abandoned job that used up its attempts. */
export function failAbandonedJob(
  prisma: DbOrTransaction,
  options: { job: RunningJob; now: Date; error: string },
) {
  return updateIfStillAbandoned(prisma, options.job, {
    status: "failed",
    error: options.error,
    finishedAt: options.now,
    leaseOwner: null,
    leaseExpiresAt: null,
  });
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
