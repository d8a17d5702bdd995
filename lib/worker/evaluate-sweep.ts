import type { Db } from "@/lib/db/client";
import { queueLegacySweepPoints } from "@/lib/db/sweeps";
import type { JobLease } from "@/lib/jobs/job-lease";
import type { JobPayload } from "@/lib/jobs/job-schema";

/**
 * An "evaluate-sweep" job queued before sweep points had jobs of their own (a database from an
 * earlier version): queues one evaluate-run job per unfinished point, which any worker then
 * claims, and ends. New sweeps queue their points' jobs when they are created (insertQueuedSweep).
 */
export async function evaluateSweep(options: {
  prisma: Db;
  jobId: string;
  payload: JobPayload<"evaluate-sweep">;
  lease: JobLease;
}): Promise<{ result: { queued: number }; message: string }> {
  const job = await options.prisma.job.findUnique({
    where: { id: options.jobId },
    select: { createdById: true },
  });
  const queued = await queueLegacySweepPoints(options.prisma, {
    sweepId: options.payload.sweepId,
    lease: options.lease,
    userId: job?.createdById ?? null,
  });
  return {
    result: { queued },
    message: `${queued} point${queued === 1 ? "" : "s"} queued as jobs of their own`,
  };
}
