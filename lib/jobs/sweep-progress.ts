/** A sweep point as its progress counts it: its run's status, and its job's progress while it runs. */
export type SweepPointState = { status: string; jobProgress: number | null };

/** Where a sweep stands, derived from its points (each point is its own job). */
export type SweepProgress = {
  /** queued: no point started; running: some point queued or running; succeeded: all ended, one or more succeeded; failed: every point failed */
  status: "queued" | "running" | "succeeded" | "failed";
  total: number;
  succeeded: number;
  failed: number;
  /** 0..1: ended points count whole, running points by their job's progress */
  fraction: number;
};

/**
 * A sweep's status and progress from its points. A sweep has no job of its own any more: its
 * points are jobs that any worker claims, so the sweep is as far as they are. As before, a sweep
 * fails only when every point failed; a sweep with a failed point among succeeded ones succeeded
 * (its page lists the failed points).
 */
export function sweepProgress(points: readonly SweepPointState[]): SweepProgress {
  let succeeded = 0;
  let failed = 0;
  let started = 0;
  let runningProgress = 0;
  for (const point of points) {
    if (point.status === "succeeded") succeeded++;
    else if (point.status === "failed") failed++;
    else if (point.status === "running") {
      started++;
      runningProgress += Math.min(1, Math.max(0, point.jobProgress ?? 0));
    }
  }
  const total = points.length;
  const ended = succeeded + failed;
  const status =
    ended < total
      ? ended + started === 0
        ? "queued"
        : "running"
      : succeeded > 0 || total === 0
        ? "succeeded"
        : "failed";
  return { status, total, succeeded, failed, fraction: total ? (ended + runningProgress) / total : 1 };
}

/** Whether a sweep still has work queued or running. */
export function isSweepActive(progress: SweepProgress): boolean {
  return progress.status === "queued" || progress.status === "running";
}
