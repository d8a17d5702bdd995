import { claimNextJob } from "@/lib/db/claim-job";
import type { Db } from "@/lib/db/client";
import { failJob, finishJob, JOB_TRANSACTION_OPTIONS, reportJobProgress } from "@/lib/db/jobs";
import { AppError } from "@/lib/errors";
import {
  formatWorkerIdentity,
  JOB_HEARTBEAT_MS,
  type JobLease,
  JobLeaseLostError,
  type WorkerIdentity,
} from "@/lib/jobs/job-lease";
import { type JobKind, jobPayloadSchemas } from "@/lib/jobs/job-schema";
import type { JudgingServices } from "@/lib/judging/judging-services";
import type { RunServices } from "@/lib/runs/run-services";
import { type HandlerOutcome, jobHandlers } from "@/lib/worker/handlers";
import { type JobOutcome, jobLogLine } from "@/lib/worker/job-log-line";
import { keepJobLease, type LeaseKeeper } from "@/lib/worker/keep-job-lease";
import { recoverJobs } from "@/lib/worker/recover-jobs";
import { finishOrRelease } from "@/lib/worker/release-on-stop";
import { currentWorkerIdentity } from "@/lib/worker/worker-identity";

export { recoverJobs } from "@/lib/worker/recover-jobs";

const PROGRESS_INTERVAL_MS = 250;

/**
 * How a worker runs jobs. `services` (tests) replaces the environment's provider settings for
 * runs; `worker` is the process's identity unless a test plays a second worker; `heartbeatMs`
 * is how often the lease of the running job is renewed; `log` gets one line per job that ended
 * (`goldenset worker`).
 * `stopSignal` (a stopping `goldenset worker`): no new claims once aborted, and the job in hand
 * gets `graceMs` to finish before it is released back to the queue.
 */
export type WorkerOptions = {
  services?: RunServices | undefined;
  /** how judging jobs reach a judge's endpoint; from the environment unless a test passes its own */
  judgingServices?: JudgingServices | undefined;
  worker?: WorkerIdentity | undefined;
  heartbeatMs?: number | undefined;
  log?: ((line: string) => void) | undefined;
  stopSignal?: AbortSignal | undefined;
  graceMs?: number | undefined;
};

/**
 * Claims one queued job under a lease and runs it, renewing the lease on its own timer. Returns
 * false when there was nothing to do. Progress, success and failure are written only while the
 * worker holds the lease: a worker that lost it (another took the job up) stops and writes nothing.
 */
export async function runNextJob(prisma: Db, options: WorkerOptions = {}): Promise<boolean> {
  if (options.stopSignal?.aborted) return false;
  const owner = formatWorkerIdentity(options.worker ?? currentWorkerIdentity());
  const claimedAt = new Date();
  const job = await claimNextJob(prisma, { now: claimedAt, owner });
  if (!job) return false;
  const lease: JobLease = { jobId: job.id, owner };
  const keeper = keepJobLease(prisma, { lease, intervalMs: options.heartbeatMs ?? JOB_HEARTBEAT_MS });
  let outcome: JobOutcome;
  try {
    const running = runClaimedJob(prisma, {
      job,
      lease,
      keeper,
      services: options.services,
      judgingServices: options.judgingServices,
    });
    outcome = options.stopSignal
      ? await finishOrRelease(prisma, {
          running,
          lease,
          keeper,
          stopSignal: options.stopSignal,
          graceMs: options.graceMs ?? 0,
        })
      : await running;
  } finally {
    keeper.stop();
  }
  options.log?.(jobLogLine({ job, owner, outcome, claimedAt, endedAt: new Date() }));
  return true;
}

async function runClaimedJob(
  prisma: Db,
  options: {
    job: { id: string; kind: string; payload: unknown };
    lease: JobLease;
    keeper: LeaseKeeper;
    services: RunServices | undefined;
    judgingServices: JudgingServices | undefined;
  },
): Promise<JobOutcome> {
  const { job, lease, keeper } = options;
  let lastReport = 0;
  const progress = async (fraction: number, message: string) => {
    keeper.throwIfLost();
    const now = Date.now();
    if (now - lastReport < PROGRESS_INTERVAL_MS && fraction < 1) return;
    lastReport = now;
    if (!(await reportJobProgress(prisma, { lease, progress: fraction, message, now: new Date(now) }))) {
      keeper.markLost();
      throw new JobLeaseLostError(job.id);
    }
  };
  try {
    if (!(job.kind in jobPayloadSchemas)) throw new AppError("internal", `Unknown job kind "${job.kind}".`);
    const kind = job.kind as JobKind;
    const payload = jobPayloadSchemas[kind].parse(job.payload);
    const handler = jobHandlers[kind] as (handlerOptions: {
      prisma: Db;
      jobId: string;
      payload: typeof payload;
      progress: typeof progress;
      lease: JobLease;
      services?: RunServices | undefined;
      judgingServices?: JudgingServices | undefined;
    }) => Promise<HandlerOutcome>;
    const outcome = await handler({
      prisma,
      jobId: job.id,
      payload,
      progress,
      lease,
      services: options.services,
      judgingServices: options.judgingServices,
    });
    keeper.stop();
    if (await finishJob(prisma, { lease, now: new Date(), ...outcome })) return outcome.status ?? "succeeded";
    reportLost(job, "its result");
    return "lost";
  } catch (error) {
    keeper.stop();
    if (error instanceof JobLeaseLostError) {
      reportLost(job, "anything more");
      return "lost";
    }
    const message =
      error instanceof AppError ? error.message : `Unexpected error: ${(error as Error).message}`;
    if (!(error instanceof AppError)) console.error(`Job ${job.id} (${job.kind}) failed`, error);
    const failed = await prisma.$transaction(async (tx) => {
      if (!(await failJob(tx, { lease, now: new Date(), error: message }))) return false;
      await jobHandlers.onFailure({ prisma: tx, jobId: job.id, kind: job.kind, error: message });
      return true;
    }, JOB_TRANSACTION_OPTIONS);
    if (failed) return "failed";
    reportLost(job, "its failure");
    return "lost";
  }
}

function reportLost(job: { id: string; kind: string }, what: string): void {
  console.warn(`Job ${job.id} (${job.kind}) was taken up by another worker; not writing ${what}`);
}

/**
 * Runs queued jobs until none is left, recovering abandoned jobs before each claim (so a job a
 * crash left behind is found even while the queue is busy). The CLI's run-jobs, tests, and each
 * poll of the server's worker. Returns how many jobs it ran.
 */
export async function drainJobs(prisma: Db, options: WorkerOptions & { until?: () => boolean } = {}) {
  let count = 0;
  while (!options.until?.() && !options.stopSignal?.aborted) {
    await recoverJobs(prisma, new Date(), { self: options.worker });
    if (!(await runNextJob(prisma, options))) break;
    count++;
  }
  return count;
}

const globalForWorker = globalThis as unknown as { goldensetWorker?: { stop: () => void } };

/**
 * The in-process worker of a server. On every poll (the first at start-up) and between jobs it
 * recovers jobs whose worker is gone — this process's previous incarnation after a crash, or
 * another process — and runs queued jobs. One job at a time: SQLite has one writer, and the
 * machine has two cores.
 */
export function startWorker(
  prisma: Db,
  options: WorkerOptions & { pollMs?: number } = {},
): { stop: () => void } {
  if (globalForWorker.goldensetWorker) return globalForWorker.goldensetWorker;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const poll = async () => {
    try {
      await drainJobs(prisma, { ...options, until: () => stopped });
    } catch (error) {
      console.error("Job worker error", error);
    }
    if (!stopped) timer = setTimeout(poll, options.pollMs ?? 500);
  };
  void poll();
  const handle = {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      globalForWorker.goldensetWorker = undefined;
    },
  };
  globalForWorker.goldensetWorker = handle;
  return handle;
}
