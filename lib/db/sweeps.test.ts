import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultRetrievalConfig } from "@/lib/configs/config-schema";
import { type SweepInput, sweepSchema } from "@/lib/configs/sweep-schema";
import { saveQuoteLabel } from "@/lib/curation/save-label";
import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { addQueriesToSet, createGoldenSet } from "@/lib/db/golden-sets";
import { getJobView, STALE_JOB_MS } from "@/lib/db/jobs";
import { failUnfinishedSweepRuns, getSweep, listSweeps } from "@/lib/db/sweeps";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { createSweep } from "@/lib/runs/create-sweep";
import { drainJobs, recoverJobs } from "@/lib/worker/worker";

// Sweeps end to end on a tiny labeled corpus: createSweep → ONE durable job → one run per point.

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;
let setId: string;
const userId = "sweep-engineer";

const texts: Record<string, string> = {
  "kb-1":
    "Resetting the router. Hold the reset button for ten seconds until the power light blinks. The router restarts with factory settings and the default password printed on its label.",
  "kb-2":
    "Replacing a drive. Power the array down, pull the tray by its handle and slide the new drive in until it clicks. The rebuild starts on its own and takes about an hour per terabyte.",
  "kb-3":
    "Printer shows offline. Check that the printer and the computer are on the same network, then remove the printer and add it again from the settings page.",
  "kb-4":
    "Updating firmware. Download the image from the support site, open the admin page and upload it under maintenance. Do not switch the device off while the update runs.",
};
const questions: [string, string, string][] = [
  ["how do I reset my router", "kb-1", "Hold the reset button for ten seconds"],
  ["how long does a drive rebuild take", "kb-2", "about an hour per terabyte"],
  ["printer is offline", "kb-3", "remove the printer and add it again"],
  ["how to update the firmware", "kb-4", "upload it under maintenance"],
];

async function* documents() {
  for (const [externalId, text] of Object.entries(texts))
    yield { externalId, title: externalId, text, metadata: null };
}

beforeAll(async () => {
  database = createTestDatabase();
  prisma = database.prisma;
  await prisma.user.create({
    data: { id: userId, name: "Engineer", email: "e@example.com", role: "engineer" },
  });
  await importDocuments(prisma, { corpusName: "tiny", documents: documents() });
  const corpus = await prisma.corpus.findUniqueOrThrow({ where: { name: "tiny" } });
  const set = await createGoldenSet(prisma, { name: "tiny set", description: "", corpusId: corpus.id });
  setId = set.id;
  await addQueriesToSet(prisma, { setId, queries: questions.map(([text]) => ({ text })) });
  for (const [text, externalId, quote] of questions) {
    const query = await prisma.query.findFirstOrThrow({ where: { goldenSetId: setId, text } });
    const document = await prisma.document.findFirstOrThrow({ where: { externalId } });
    const start = texts[externalId]?.indexOf(quote) ?? -1;
    expect(start).toBeGreaterThanOrEqual(0);
    await saveQuoteLabel(prisma, {
      actor: { id: userId, email: "e@example.com", role: "engineer" },
      setId,
      queryId: query.id,
      documentId: document.id,
      documentVersion: document.version,
      start,
      end: start + quote.length,
      grade: 2,
    });
  }
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
  it("saves one run per point on one frozen set version and queues ONE job that evaluates them all", async () => {
    const versionsBefore = await prisma.goldenSetVersion.count();
    const { sweepId, jobId, runIds, skipped } = await createSweep(prisma, {
      setId,
      sweep: grid("grid"),
      userId,
    });
    expect(skipped).toEqual([]);
    expect(runIds).toHaveLength(4);
    expect(await prisma.goldenSetVersion.count()).toBe(versionsBefore + 1);
    const runs = await prisma.run.findMany({ where: { sweepId }, include: { config: true } });
    expect(new Set(runs.map((run) => run.goldenSetVersionId)).size).toBe(1);
    expect(runs.every((run) => run.status === "queued" && run.jobId === null)).toBe(true);
    expect(runs.map((run) => run.config.name).sort()).toContain(
      "grid · chunking.size=120 · retriever.k1=1.5",
    );
    expect(await prisma.job.findMany({ where: { status: "queued" } })).toMatchObject([
      { id: jobId, kind: "evaluate-sweep", payload: { sweepId } },
    ]);

    await drainJobs(prisma);
    expect(await getJobView(prisma, jobId)).toMatchObject({
      status: "succeeded",
      result: { succeeded: 4, failed: 0 },
      message: "4 points: 4 succeeded",
    });
    const stored = await getSweep(prisma, sweepId);
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
    await expect(createSweep(prisma, { setId, sweep: sizeByOverlap, userId })).rejects.toThrow(
      "point chunking.size=60, chunking.overlap=90: chunking.overlap: overlap must be smaller than the chunk size",
    );
    expect(await prisma.sweep.count()).toBe(sweepsBefore);
    const { runIds, skipped, jobId } = await createSweep(prisma, {
      setId,
      sweep: sizeByOverlap,
      userId,
      skipInvalid: true,
    });
    expect(runIds).toHaveLength(3);
    expect(skipped).toHaveLength(1);
    await drainJobs(prisma);
    expect((await getJobView(prisma, jobId)).result).toEqual({ succeeded: 3, failed: 0 });
  });
});

describe("the evaluate-sweep job", () => {
  it("marks a failing point failed and goes on with the next", async () => {
    const { sweepId, jobId, runIds } = await createSweep(prisma, { setId, sweep: grid("one fails"), userId });
    await breakRun(runIds[1]!);
    await drainJobs(prisma);
    const job = await getJobView(prisma, jobId);
    expect(job).toMatchObject({ status: "succeeded", result: { succeeded: 3, failed: 1 } });
    const runs = (await getSweep(prisma, sweepId)).runs;
    const failed = runs.filter((run) => run.status === "failed");
    expect(failed.map((run) => run.id)).toEqual([runIds[1]]);
    expect(failed[0]?.error).toMatch(/Unexpected error/);
    expect(runs.filter((run) => run.status === "succeeded")).toHaveLength(3);
  });

  it("fails with the first error when every point failed", async () => {
    const { sweepId, jobId, runIds } = await createSweep(prisma, {
      setId,
      sweep: sweep("all fail", [{ path: "topK", values: [5, 10] }]),
      userId,
    });
    for (const runId of runIds) await breakRun(runId);
    await drainJobs(prisma);
    const job = await getJobView(prisma, jobId);
    expect(job.status).toBe("failed");
    expect(job.error).toMatch(/Unexpected error/);
    expect((await getSweep(prisma, sweepId)).runs.map((run) => run.status)).toEqual(["failed", "failed"]);
  });

  it("resumes after a restart without evaluating succeeded points again", async () => {
    const { sweepId, jobId, runIds } = await createSweep(prisma, { setId, sweep: grid("resumed"), userId });
    // as if a previous process evaluated the first point, then died while on the second
    const sentinel = { recall: { "5": 0.123 }, mrr: 0.5, evaluated: 4, excluded: 0 };
    await prisma.run.update({ where: { id: runIds[0] }, data: { status: "succeeded", metrics: sentinel } });
    await prisma.run.update({ where: { id: runIds[1] }, data: { status: "running" } });
    await prisma.job.update({
      where: { id: jobId },
      data: { status: "running", attempts: 1, heartbeatAt: new Date(Date.now() - STALE_JOB_MS - 1_000) },
    });
    expect(await recoverJobs(prisma, new Date())).toEqual({ requeued: 1, failed: 0 });
    await drainJobs(prisma);
    expect(await getJobView(prisma, jobId)).toMatchObject({ status: "succeeded", result: { succeeded: 4 } });
    const runs = (await getSweep(prisma, sweepId)).runs;
    expect(runs.map((run) => run.status)).toEqual(Array(4).fill("succeeded"));
    expect(runs[0]?.metrics).toMatchObject(sentinel);
    expect(runs[1]?.metrics?.recall[5]).not.toBe(0.123);
  });

  it("fails the unfinished points when the job itself fails (the worker's onFailure hook)", async () => {
    const { sweepId, jobId, runIds } = await createSweep(prisma, { setId, sweep: grid("abandoned"), userId });
    await prisma.run.update({ where: { id: runIds[0] }, data: { status: "succeeded" } });
    await failUnfinishedSweepRuns(prisma, { jobId, error: "Stopped 3 times" });
    const runs = (await getSweep(prisma, sweepId)).runs;
    expect(runs.map((run) => run.status)).toEqual(["succeeded", "failed", "failed", "failed"]);
    expect(runs[1]?.error).toBe("Stopped 3 times");
    await prisma.job.update({ where: { id: jobId }, data: { status: "failed" } });
  });

  it("fails the unfinished points when a restart gives up on the job, so none stays running", async () => {
    const { sweepId, jobId, runIds } = await createSweep(prisma, { setId, sweep: grid("given up"), userId });
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
});
