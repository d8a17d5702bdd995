import { checkConfigServices, type ServicePolicy } from "@/lib/configs/check-config-services";
import { expandSweep, type SkippedSweepPoint } from "@/lib/configs/expand-sweep";
import type { Sweep } from "@/lib/configs/sweep-schema";
import type { Db } from "@/lib/db/client";
import { insertQueuedSweep } from "@/lib/db/sweeps";
import { servicePolicyFromEnvironment } from "@/lib/runs/run-services";

/**
 * Queues a sweep: expands its grid (see `expandSweep`; invalid points are skipped and returned
 * when `skipInvalid`, else the first one fails the request), then saves the sweep with one queued
 * run and one job per point, so the points spread over the workers. Every point's services are
 * checked as createRun checks them, before anything is saved.
 */
export async function createSweep(
  prisma: Db,
  options: { setId: string; sweep: Sweep; userId: string; skipInvalid?: boolean; policy?: ServicePolicy },
): Promise<{ sweepId: string; jobIds: string[]; runIds: string[]; skipped: SkippedSweepPoint[] }> {
  const { points, skipped } = expandSweep(options.sweep, { skipInvalid: options.skipInvalid });
  const policy = options.policy ?? servicePolicyFromEnvironment();
  for (const point of points) checkConfigServices(point.config, policy);
  const created = await insertQueuedSweep(prisma, {
    setId: options.setId,
    sweep: options.sweep,
    points,
    userId: options.userId,
  });
  return { ...created, skipped };
}
