import type { Db } from "@/lib/db/client";
import {
  failAbandonedJob,
  JOB_TRANSACTION_OPTIONS,
  listRunningJobs,
  requeueAbandonedJob,
} from "@/lib/db/jobs";
import {
  describeAbandonment,
  findAbandonment,
  giveUpMessage,
  MAX_JOB_ATTEMPTS,
  recoveryAction,
  type WorkerIdentity,
} from "@/lib/jobs/job-lease";
import { jobHandlers } from "@/lib/worker/handlers";
import { currentWorkerIdentity, isProcessAlive } from "@/lib/worker/worker-identity";

/**
 * Jobs whose worker is gone (lib/jobs/job-lease.ts `findAbandonment`: lease expired, owner process
 * dead on this host, or a pre-lease row with a stale heartbeat) are requeued, or — once claimed
 * MAX_JOB_ATTEMPTS times — failed together with their run or their sweep's unfinished points (the
 * handlers' onFailure, in the same transaction), so no run stays "running". Every write is
 * conditional on the lease recovery read, so workers recovering at once on one database act once.
 * Runs at start-up, on every poll and between jobs; `self` is the recovering worker (tests pass
 * their own).
 */
export async function recoverJobs(
  prisma: Db,
  now: Date,
  options: { self?: WorkerIdentity } = {},
): Promise<{ requeued: number; failed: number }> {
  const self = options.self ?? currentWorkerIdentity();
  let requeued = 0;
  let failed = 0;
  for (const job of await listRunningJobs(prisma)) {
    const abandonment = findAbandonment({ job, now, self, isProcessAlive });
    if (!abandonment) continue;
    const reason = describeAbandonment(abandonment);
    if (recoveryAction(job.attempts) === "requeue") {
      const message = `Requeued: the worker running it stopped (attempt ${job.attempts} of ${MAX_JOB_ATTEMPTS})`;
      if (await requeueAbandonedJob(prisma, { job, message })) {
        console.warn(`Job ${job.id} requeued: ${reason}`);
        requeued++;
      }
      continue;
    }
    const error = giveUpMessage(job.attempts);
    const gaveUp = await prisma.$transaction(async (tx) => {
      if (!(await failAbandonedJob(tx, { job, now, error }))) return false;
      await jobHandlers.onFailure({ prisma: tx, jobId: job.id, kind: job.kind, error });
      return true;
    }, JOB_TRANSACTION_OPTIONS);
    if (gaveUp) {
      console.warn(`Job ${job.id} failed: ${reason}, after ${job.attempts} attempts`);
      failed++;
    }
  }
  return { requeued, failed };
}
