import type { Db } from "@/lib/db/client";
import { releaseJob } from "@/lib/db/jobs";
import type { JobLease } from "@/lib/jobs/job-lease";
import type { JobOutcome } from "@/lib/worker/job-log-line";
import type { LeaseKeeper } from "@/lib/worker/keep-job-lease";

/**
 * Waits for the job in hand; once `stopSignal` aborts (SIGTERM to `goldenset worker`), gives it
 * `graceMs` more to end, then releases it back to the queue (lib/db/jobs.ts releaseJob) so another
 * worker takes it up at once instead of after its lease expires. The handler may still be running
 * when this returns "released": every write it would make is conditional on the lease, which it no
 * longer holds, so it writes nothing more; the process exits next.
 */
export async function finishOrRelease(
  prisma: Db,
  options: {
    running: Promise<JobOutcome>;
    lease: JobLease;
    keeper: LeaseKeeper;
    stopSignal: AbortSignal;
    graceMs: number;
  },
): Promise<JobOutcome> {
  const { running, stopSignal } = options;
  let onAbort: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const graceOver = new Promise<"grace-over">((resolve) => {
    onAbort = () => {
      timer = setTimeout(() => resolve("grace-over"), options.graceMs);
    };
    if (stopSignal.aborted) onAbort();
    else stopSignal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    const first = await Promise.race([running, graceOver]);
    if (first !== "grace-over") return first;
  } finally {
    if (onAbort) stopSignal.removeEventListener("abort", onAbort);
    clearTimeout(timer);
  }
  options.keeper.markLost();
  options.keeper.stop();
  if (await releaseJob(prisma, { lease: options.lease })) return "released";
  // the job ended (or was lost) while the release waited for the database
  return running;
}
