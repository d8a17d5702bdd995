import { describeSweepPoint } from "@/lib/configs/expand-sweep";
import type { Db } from "@/lib/db/client";
import { listSweepRunsToEvaluate, markSweepRunFailed } from "@/lib/db/sweeps";
import { AppError } from "@/lib/errors";
import { type JobLease, JobLeaseLostError } from "@/lib/jobs/job-lease";
import type { JobPayload } from "@/lib/jobs/job-schema";
import { executeRun } from "@/lib/runs/execute-run";
import type { RunServices } from "@/lib/runs/run-services";

type Progress = (fraction: number, message: string) => Promise<void>;

/**
 * Evaluates a sweep's points one after another (progress (i + fraction) / n). A point that fails
 * is marked failed and the sweep goes on; the job fails only when every point failed, with the
 * first error. A re-claimed job (the server restarted) skips the points that already succeeded.
 * When the worker loses its lease it stops at once, leaving every point to the new holder.
 */
export async function evaluateSweep(options: {
  prisma: Db;
  jobId: string;
  payload: JobPayload<"evaluate-sweep">;
  progress: Progress;
  lease: JobLease;
  /** how runs reach HTTP providers; from the environment unless a caller (a test) passes its own */
  services?: RunServices | undefined;
}): Promise<{ result: { succeeded: number; failed: number }; message: string }> {
  const { prisma, payload, progress, lease, services } = options;
  const runs = await listSweepRunsToEvaluate(prisma, payload.sweepId);
  let succeeded = 0;
  let failed = 0;
  let firstError: unknown;
  for (const [index, run] of runs.entries()) {
    if (run.status === "succeeded") {
      succeeded++;
      continue;
    }
    const point = `Point ${index + 1} of ${runs.length}: ${describeSweepPoint(run.values)}`;
    try {
      await executeRun(prisma, {
        runId: run.id,
        lease,
        services,
        progress: (fraction, message) => progress((index + fraction) / runs.length, `${point} · ${message}`),
      });
      succeeded++;
    } catch (error) {
      if (error instanceof JobLeaseLostError) throw error;
      if (!(error instanceof AppError))
        console.error(`Sweep ${payload.sweepId}, run ${run.id} failed`, error);
      const message =
        error instanceof AppError ? error.message : `Unexpected error: ${(error as Error).message}`;
      await markSweepRunFailed(prisma, { runId: run.id, error: message, lease });
      failed++;
      firstError ??= error;
    }
  }
  if (succeeded === 0 && firstError !== undefined) throw firstError;
  return {
    result: { succeeded, failed },
    message: `${runs.length} points: ${succeeded} succeeded${failed ? `, ${failed} failed` : ""}`,
  };
}
