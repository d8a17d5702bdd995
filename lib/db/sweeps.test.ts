import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultRetrievalConfig } from "@/lib/configs/config-schema";
import { type SweepInput, sweepSchema } from "@/lib/configs/sweep-schema";
import type { Db } from "@/lib/db/client";
import { enqueueJob, getJobView, STALE_JOB_MS } from "@/lib/db/jobs";
import { failUnfinishedSweepRuns, getSweep, listSweeps } from "@/lib/db/sweeps";
import {
  HELP_CENTER_TEXTS,
  type QuoteLabeledQuestion,
  seedQuoteLabeledSet,
} from "@/lib/db/testing/quote-labeled-set";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { createSweep } from "@/lib/runs/create-sweep";
import { drainJobs, recoverJobs } from "@/lib/worker/worker";

// Sweeps end to end on a tiny labeled corpus: createSweep → one run and one durable job per point,
// which any worker claims; the sweep is as far as its points. (Points spread over worker processes:
// lib/worker/worker-processes.test.ts.)

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;
let setId: string;
const userId = "sweep-engineer";

const texts: Record<string, string> = {
  ...HELP_CENTER_TEXTS,
  "kb-4":
    "Updating firmware. Download the image from the support site, open the admin page and upload it under maintenance. Do not switch the device off while the update runs.",
};
const questions: QuoteLabeledQuestion[] = [
  ["how do I reset my router", "kb-1", "Hold the reset button for ten seconds"],
  ["how long does a drive rebuild take", "kb-2", "about an hour per terabyte"],
  ["printer is offline", "kb-3", "remove the printer and add it again"],
  ["how to update the firmware", "kb-4", "upload it under maintenance"],
];

beforeAll(async () => {
  database = createTestDatabase();
  prisma = database.prisma;
  ({ setId } = await seedQuoteLabeledSet(prisma, { userId, setName: "tiny set", texts, questions }));
});

afterAll(async () => {
  await database.dispose();
});

function sweep(name: string, axes: SweepInput["axes"]) {
  return sweepSchema.parse({
    name,
    baseConfig: {
      ...defaultRetrievalConfig,
      chunking: { strategy: "fixed-characters", size: 80, overlap: 20 },
    },
    axes,
  });
}

const grid = (name: string) =>
  sweep(name, [
    { path: "chunking.size", values: [60, 120] },
    { path: "retriever.k1", values: [0.9, 1.5] },
  ]);

/** Points a run at a stored configuration the config schema rejects, so evaluating it fails. */
async function breakRun(runId: string) {
  const broken = await prisma.retrievalConfig.create({
    data: { name: `broken ${runId}`, version: 1, params: { chunking: { strategy: "nonsense" } } },
  });
  await prisma.run.update({ where: { id: runId }, data: { configId: broken.id } });
}

describe("createSweep", () => {
  it("saves one run per point on one frozen set version, each with its own queued evaluate-run job", async () => {
    const versionsBefore = await prisma.goldenSetVersion.count();
    const { sweepId, jobIds, runIds, skipped } = await createSweep(prisma, {
      setId,
      sweep: grid("grid"),
      userId,
    });
    expect(skipped).toEqual([]);
    expect(runIds).toHaveLength(4);
    expect(new Set(jobIds).size).toBe(4);
    expect(await prisma.goldenSetVersion.count()).toBe(versionsBefore + 1);
    const runs = await prisma.run.findMany({ where: { sweepId }, include: { config: true, job: true } });
    expect(new Set(runs.map((run) => run.goldenSetVersionId)).size).toBe(1);
    for (const run of runs) {
      expect(run).toMatchObject({ status: "queued", jobId: jobIds[runIds.indexOf(run.id)] });
      expect(run.job).toMatchObject({ kind: "evaluate-run", status: "queued", payload: { runId: run.id } });
    }
    expect(runs.map((run) => run.config.name).sort()).toContain(
      "grid · chunking.size=120 · retriever.k1=1.5",
    );
    expect((await prisma.sweep.findUniqueOrThrow({ where: { id: sweepId } })).jobId).toBeNull();
    expect((await getSweep(prisma, sweepId)).progress).toEqual({
      status: "queued",
      total: 4,
      succeeded: 0,
      failed: 0,
      fraction: 0,
    });

    await drainJobs(prisma);
    for (const jobId of jobIds) expect((await getJobView(prisma, jobId)).status).toBe("succeeded");
    const stored = await getSweep(prisma, sweepId);
    expect(stored.progress).toMatchObject({ status: "succeeded", succeeded: 4, fraction: 1 });
    expect(stored.runs.map((run) => run.values)).toEqual([
      { "chunking.size": 60, "retriever.k1": 0.9 },
      { "chunking.size": 60, "retriever.k1": 1.5 },
      { "chunking.size": 120, "retriever.k1": 0.9 },
      { "chunking.size": 120, "retriever.k1": 1.5 },
    ]);
    for (const run of stored.runs) {
      expect(run.status, run.error ?? "").toBe("succeeded");
      expect(run.metrics?.evaluated).toBe(4);
      expect(run.metrics?.recall[5]).toBeGreaterThan(0);
    }
    const listed = await listSweeps(prisma, { setId });
    expect(listed.find((item) => item.id === sweepId)?.runs.map((run) => run.status)).toEqual(
      Array(4).fill("succeeded"),
    );
  });

  it("reuses an unchanged configuration version when the same sweep runs again", async () => {
    const first = await createSweep(prisma, { setId, sweep: grid("again"), userId });
    const second = await createSweep(prisma, { setId, sweep: grid("again"), userId });
    const configIds = async (runIds: string[]) =>
      (await prisma.run.findMany({ where: { id: { in: runIds } }, orderBy: { id: "asc" } })).map(
        (run) => run.configId,
      );
    expect(new Set(await configIds(second.runIds))).toEqual(new Set(await configIds(first.runIds)));
    await drainJobs(prisma);
  });

  it("rejects an invalid point naming it and writes nothing, or skips it when asked", async () => {
    const sizeByOverlap = sweep("overlaps", [
      { path: "chunking.size", values: [60, 120] },
      { path: "chunking.overlap", values: [20, 90] },
    ]);
    const sweepsBefore = await prisma.sweep.count();
    const jobsBefore = await prisma.job.count();
    await expect(createSweep(prisma, { setId, sweep: sizeByOverlap, userId })).rejects.toThrow(
      "point chunking.size=60, chunking.overlap=90: chunking.overlap: overlap must be smaller than the chunk size",
    );
    expect(await prisma.sweep.count()).toBe(sweepsBefore);
    expect(await prisma.job.count()).toBe(jobsBefore);
    const { sweepId, runIds, skipped, jobIds } = await createSweep(prisma, {
      setId,
      sweep: sizeByOverlap,
      userId,
      skipInvalid: true,
    });
    expect(runIds).toHaveLength(3);
    expect(jobIds).toHaveLength(3);
    expect(skipped).toHaveLength(1);
    await drainJobs(prisma);
    expect((await getSweep(prisma, sweepId)).progress).toMatchObject({ status: "succeeded", succeeded: 3 });
  });
});

describe("a sweep's points as jobs", () => {
  it("fails a failing point alone: the sweep succeeds with the others", async () => {
    const { sweepId, jobIds, runIds } = await createSweep(prisma, {
      setId,
      sweep: grid("one fails"),
      userId,
    });
    await breakRun(runIds[1]!);
    await drainJobs(prisma);
    expect((await getJobView(prisma, jobIds[1]!)).status).toBe("failed");
    const stored = await getSweep(prisma, sweepId);
    const failed = stored.runs.filter((run) => run.status === "failed");
    expect(failed.map((run) => run.id)).toEqual([runIds[1]]);
    expect(failed[0]?.error).toMatch(/Unexpected error/);
    expect(stored.progress).toMatchObject({ status: "succeeded", succeeded: 3, failed: 1, fraction: 1 });
  });

  it("fails when every point failed", async () => {
    const { sweepId, runIds } = await createSweep(prisma, {
      setId,
      sweep: sweep("all fail", [{ path: "topK", values: [5, 10] }]),
      userId,
    });
    for (const runId of runIds) await breakRun(runId);
    await drainJobs(prisma);
    const stored = await getSweep(prisma, sweepId);
    expect(stored.runs.map((run) => run.status)).toEqual(["failed", "failed"]);
    expect(stored.progress.status).toBe("failed");
  });

  it("fails a point whose job was abandoned three times, and leaves the other points to run", async () => {
    const { sweepId, jobIds, runIds } = await createSweep(prisma, { setId, sweep: grid("given up"), userId });
    await prisma.run.update({ where: { id: runIds[1] }, data: { status: "running" } });
    await prisma.job.update({
      where: { id: jobIds[1] },
      data: { status: "running", attempts: 3, heartbeatAt: new Date(Date.now() - STALE_JOB_MS - 1_000) },
    });
    expect(await recoverJobs(prisma, new Date())).toEqual({ requeued: 0, failed: 1 });
    const midway = await getSweep(prisma, sweepId);
    expect(midway.progress).toMatchObject({ status: "running", failed: 1 });
    expect(midway.runs.find((run) => run.id === runIds[1])?.error).toMatch(/restarted/);
    await drainJobs(prisma);
    const stored = await getSweep(prisma, sweepId);
    expect(stored.runs.map((run) => run.status)).toEqual(["succeeded", "failed", "succeeded", "succeeded"]);
    expect(stored.progress).toMatchObject({ status: "succeeded", succeeded: 3, failed: 1 });
  });
});

describe("a sweep queued by an earlier version (one evaluate-sweep job)", () => {
  /** The sweep as an earlier version saved it: points without jobs, one evaluate-sweep job. */
  async function legacySweep(name: string) {
    const { sweepId, jobIds, runIds } = await createSweep(prisma, { setId, sweep: grid(name), userId });
    await prisma.run.updateMany({ where: { sweepId }, data: { jobId: null } });
    await prisma.job.deleteMany({ where: { id: { in: jobIds } } });
    const jobId = await enqueueJob(prisma, {
      kind: "evaluate-sweep",
      payload: { sweepId },
      createdById: userId,
    });
    await prisma.sweep.update({ where: { id: sweepId }, data: { jobId } });
    return { sweepId, jobId, runIds };
  }

  it("queues its unfinished points as jobs of their own, leaving succeeded points as they were", async () => {
    const { sweepId, jobId, runIds } = await legacySweep("legacy");
    const sentinel = { recall: { "5": 0.123 }, mrr: 0.5, evaluated: 4, excluded: 0 };
    await prisma.run.update({ where: { id: runIds[0] }, data: { status: "succeeded", metrics: sentinel } });
    await prisma.run.update({ where: { id: runIds[1] }, data: { status: "running" } });
    await drainJobs(prisma);
    expect(await getJobView(prisma, jobId)).toMatchObject({ status: "succeeded", result: { queued: 3 } });
    const runs = await prisma.run.findMany({ where: { sweepId }, include: { job: true } });
    expect(runs.find((run) => run.id === runIds[0])).toMatchObject({ jobId: null, metrics: sentinel });
    for (const run of runs.filter((run) => run.id !== runIds[0]))
      expect(run.job).toMatchObject({
        kind: "evaluate-run",
        status: "succeeded",
        payload: { runId: run.id },
      });
    expect((await getSweep(prisma, sweepId)).progress).toMatchObject({ status: "succeeded", succeeded: 4 });
  });

  it("fails the points it had not queued when a restart gives up on it, so none stays running", async () => {
    const { sweepId, jobId, runIds } = await legacySweep("legacy given up");
    await prisma.run.update({ where: { id: runIds[0] }, data: { status: "succeeded" } });
    await prisma.run.update({ where: { id: runIds[1] }, data: { status: "running" } });
    await prisma.job.update({
      where: { id: jobId },
      data: { status: "running", attempts: 3, heartbeatAt: new Date(Date.now() - STALE_JOB_MS - 1_000) },
    });
    expect(await recoverJobs(prisma, new Date())).toEqual({ requeued: 0, failed: 1 });
    const runs = (await getSweep(prisma, sweepId)).runs;
    expect(runs.map((run) => run.status)).toEqual(["succeeded", "failed", "failed", "failed"]);
    expect(runs[1]?.error).toMatch(/restarted/);
  });

  it("leaves points that have jobs of their own to those jobs when it fails", async () => {
    const { sweepId, jobIds } = await createSweep(prisma, { setId, sweep: grid("own jobs"), userId });
    const legacyJob = await enqueueJob(prisma, {
      kind: "evaluate-sweep",
      payload: { sweepId },
      createdById: userId,
    });
    await prisma.sweep.update({ where: { id: sweepId }, data: { jobId: legacyJob } });
    await failUnfinishedSweepRuns(prisma, { jobId: legacyJob, error: "Stopped 3 times" });
    await prisma.job.update({ where: { id: legacyJob }, data: { status: "failed" } });
    expect((await getSweep(prisma, sweepId)).runs.map((run) => run.status)).toEqual(Array(4).fill("queued"));
    await drainJobs(prisma);
    for (const jobId of jobIds) expect((await getJobView(prisma, jobId)).status).toBe("succeeded");
  });
});
