import type { Db } from "@/lib/db/client";
import { renewJobLease } from "@/lib/db/jobs";
import { type JobLease, JobLeaseLostError } from "@/lib/jobs/job-lease";

/** The heartbeat of a running job, and what the worker knows about whether it still holds it. */
export type LeaseKeeper = {
  /** false once a renewal or a conditional write found the job held by another worker */
  held(): boolean;
  /** a conditional write found the job gone: stop renewing */
  markLost(): void;
  /** throws JobLeaseLostError when the lease is known to be lost */
  throwIfLost(): void;
  /** the handler is done: no more renewals (the job's last write ends the lease) */
  stop(): void;
};

/**
 * Renews `lease` every `intervalMs` on its own timer, whether or not the handler reports progress,
 * for as long as the worker holds it. A renewal that finds the job taken by another worker marks
 * the lease lost, and the handler stops at its next progress report or conditional write. A
 * renewal that fails (the database is busy) is logged and tried again on the next beat.
 */
export function keepJobLease(prisma: Db, options: { lease: JobLease; intervalMs: number }): LeaseKeeper {
  const { lease } = options;
  let lost = false;
  let renewing = false;
  let stopped = false;
  const renew = async () => {
    if (renewing || lost || stopped) return;
    renewing = true;
    try {
      const renewed = await renewJobLease(prisma, { lease, now: new Date() });
      // a renewal still in flight when the job ended finds it finished: that is no loss
      if (!renewed && !stopped) {
        lost = true;
        console.warn(`Job ${lease.jobId}: lease of ${lease.owner} lost to another worker; stopping it`);
      }
    } catch (error) {
      console.error(`Job ${lease.jobId}: could not renew its lease`, error);
    } finally {
      renewing = false;
    }
  };
  const timer = setInterval(() => void renew(), options.intervalMs);
  // The job's own work keeps the process alive; the heartbeat alone must not (CLI drains).
  timer.unref();
  return {
    held: () => !lost,
    markLost: () => {
      lost = true;
    },
    throwIfLost: () => {
      if (lost) throw new JobLeaseLostError(lease.jobId);
    },
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
