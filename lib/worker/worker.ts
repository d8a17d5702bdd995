import type { Db } from "@/lib/db/client";
import { claimNextJob, failJob, finishJob, recoverStaleJobs, reportJobProgress } from "@/lib/db/jobs";
import { AppError } from "@/lib/errors";
import { type JobKind, jobPayloadSchemas } from "@/lib/jobs/job-schema";
import type { RunServices } from "@/lib/runs/run-services";
import { jobHandlers } from "@/lib/worker/handlers";

const PROGRESS_INTERVAL_MS = 250;

/**
 * Claims and runs one queued job. Returns false when there was nothing to do. `services` (tests)
 * replaces the environment's provider settings for runs.
 */
export async function runNextJob(prisma: Db, options: { services?: RunServices } = {}): Promise<boolean> {
  const job = await claimNextJob(prisma, new Date());
  if (!job) return false;
  let lastReport = 0;
  const progress = async (fraction: number, message: string) => {
    const now = Date.now();
    if (now - lastReport < PROGRESS_INTERVAL_MS && fraction < 1) return;
    lastReport = now;
    await reportJobProgress(prisma, { id: job.id, progress: fraction, message, now: new Date(now) });
  };
  try {
    if (!(job.kind in jobPayloadSchemas)) throw new AppError("internal", `Unknown job kind "${job.kind}".`);
    const kind = job.kind as JobKind;
    const payload = jobPayloadSchemas[kind].parse(job.payload);
    const handler = jobHandlers[kind] as (options: {
      prisma: Db;
      jobId: string;
      payload: typeof payload;
      progress: typeof progress;
      services?: RunServices | undefined;
    }) => Promise<{ result: unknown; message: string }>;
    const outcome = await handler({ prisma, jobId: job.id, payload, progress, services: options.services });
    await finishJob(prisma, { id: job.id, now: new Date(), ...outcome });
  } catch (error) {
    const message =
      error instanceof AppError ? error.message : `Unexpected error: ${(error as Error).message}`;
    if (!(error instanceof AppError)) console.error(`Job ${job.id} (${job.kind}) failed`, error);
    await failJob(prisma, { id: job.id, now: new Date(), error: message });
    await jobHandlers.onFailure?.({ prisma, jobId: job.id, kind: job.kind, error: message });
  }
  return true;
}

/** Runs queued jobs until none is left (CLI, tests). */
export async function drainJobs(prisma: Db, options: { services?: RunServices } = {}): Promise<number> {
  let count = 0;
  while (await runNextJob(prisma, options)) count++;
  return count;
}

/**
 * After a restart: jobs left running are requeued, or failed after too many attempts — and a failed
 * job's runs are marked failed too (the same onFailure as a job that throws), so no run stays "running".
 */
export async function recoverJobs(prisma: Db, now: Date): Promise<{ requeued: number; failed: number }> {
  const { requeued, failed } = await recoverStaleJobs(prisma, now);
  for (const job of failed)
    await jobHandlers.onFailure?.({ prisma, jobId: job.id, kind: job.kind, error: job.error });
  return { requeued, failed: failed.length };
}

const globalForWorker = globalThis as unknown as { goldensetWorker?: { stop: () => void } };

/**
 * The in-process worker of a server: recovers jobs a previous process left running, then polls.
 * One job at a time — SQLite has one writer, and the machine has two cores.
 */
export function startWorker(prisma: Db, options: { pollMs?: number } = {}): { stop: () => void } {
  if (globalForWorker.goldensetWorker) return globalForWorker.goldensetWorker;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    try {
      while (!stopped && (await runNextJob(prisma))) {}
    } catch (error) {
      console.error("Job worker error", error);
    }
    if (!stopped) timer = setTimeout(tick, options.pollMs ?? 500);
  };
  void recoverJobs(prisma, new Date()).then(({ requeued, failed }) => {
    if (requeued || failed)
      console.log(`Jobs recovered after restart: ${requeued} requeued, ${failed} failed`);
    void tick();
  });
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
