import { expect } from "vitest";
import type { Db } from "@/lib/db/client";
import { createRun } from "@/lib/runs/create-run";
import { drainJobs } from "@/lib/worker/worker";

/**
 * Creates a run, runs its job (and any other queued) in this process and returns the stored run,
 * checked to have succeeded (the run's error, if any, is the failure message).
 */
export async function evaluateRun(prisma: Db, options: Parameters<typeof createRun>[1]) {
  const { runId } = await createRun(prisma, options);
  await drainJobs(prisma);
  const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
  expect(run.status, run.error ?? "").toBe("succeeded");
  return run;
}
