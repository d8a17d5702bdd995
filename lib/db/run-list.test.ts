import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultRetrievalConfig, defaultRetrievers } from "@/lib/configs/config-schema";
import { sweepSchema } from "@/lib/configs/sweep-schema";
import type { Db } from "@/lib/db/client";
import {
  archiveRun,
  pinBaselineRun,
  saveRunTags,
  unarchiveRun,
  unpinBaselineRun,
} from "@/lib/db/run-curation";
import { listRunEntries, type RunListFilters, runFilterChoices } from "@/lib/db/run-list";
import { listRuns, listSetRunChoices } from "@/lib/db/runs";
import { evaluateRun, RUN_LIST_USER_ID, seedRunListSets } from "@/lib/db/testing/run-list-sets";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors";
import { parseRunTags } from "@/lib/eval/run-report-schema";
import { createRun } from "@/lib/runs/create-run";
import { createSweep } from "@/lib/runs/create-sweep";
import { drainJobs } from "@/lib/worker/worker";

// Runs lists, pinning, archiving and tags on a real SQLite file, with runs evaluated for real.
// What an evaluated run stores and shows of each query: run-passages.test.ts.

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;
let setId: string;
let otherSetId: string;
const userId = RUN_LIST_USER_ID;
const runs: Record<string, string> = {};
let sweepId = "";

const ids = (entries: Awaited<ReturnType<typeof listRunEntries>>["entries"]) =>
  entries.map((entry) => (entry.kind === "run" ? entry.runId : `sweep:${entry.runIds.length}`));

async function list(filters: RunListFilters, page = 1, pageSize = 50) {
  return listRunEntries(prisma, { filters, page, pageSize });
}

beforeAll(async () => {
  database = createTestDatabase();
  prisma = database.prisma;
  ({ setId, otherSetId } = await seedRunListSets(prisma));
  // Created one after another, so newest first is: other, hybrid, sweep points, small, baseline.
  runs.baseline = await evaluateRun(prisma, { setId, name: "BM25 baseline" });
  runs.small = await evaluateRun(prisma, {
    setId,
    name: "BM25 small chunks",
    config: { ...defaultRetrievalConfig, chunking: { strategy: "fixed-characters", size: 60, overlap: 10 } },
  });
  ({ sweepId } = await createSweep(prisma, {
    setId,
    userId,
    sweep: sweepSchema.parse({
      name: "size sweep",
      baseConfig: {
        ...defaultRetrievalConfig,
        chunking: { strategy: "fixed-characters", size: 100, overlap: 20 },
      },
      axes: [{ path: "chunking.size", values: [80, 120, 160] }],
    }),
  }));
  await drainJobs(prisma);
  runs.hybrid = await evaluateRun(prisma, {
    setId,
    name: "Hybrid RRF",
    config: { ...defaultRetrievalConfig, retriever: defaultRetrievers.hybrid },
  });
  runs.other = await evaluateRun(prisma, { setId: otherSetId, name: "Other set BM25" });
}, 120_000);

afterAll(async () => {
  await database.dispose();
});

describe("listRunEntries", () => {
  it("lists newest first and folds a sweep's points into one entry", async () => {
    const { entries, runs: found, total } = await list({ setId });
    expect(ids(entries)).toEqual([runs.hybrid, "sweep:3", runs.small, runs.baseline]);
    expect(total).toBe(4);
    const sweep = entries[1];
    expect(sweep).toMatchObject({ kind: "sweep", sweepId });
    expect(found.size).toBe(6); // hybrid, three points, small, baseline
    expect(found.get(runs.hybrid ?? "")?.goldenSetVersion.number).toBe(1);
  });

  it("pages over entries, a sweep counting once", async () => {
    const first = await list({ setId }, 1, 2);
    const second = await list({ setId }, 2, 2);
    expect(ids(first.entries)).toEqual([runs.hybrid, "sweep:3"]);
    expect(ids(second.entries)).toEqual([runs.small, runs.baseline]);
    expect(second.total).toBe(4);
  });

  it("filters by name (case-insensitive, a sweep by its points' names), retriever kind and status", async () => {
    expect(ids((await list({ setId, name: "bm25 SMALL" })).entries)).toEqual([runs.small]);
    expect(ids((await list({ setId, name: "size sweep ·" })).entries)).toEqual(["sweep:3"]);
    expect(ids((await list({ setId, name: "120" })).entries)).toEqual(["sweep:1"]);
    expect(ids((await list({ setId, name: "100%" })).entries)).toEqual([]);
    expect(ids((await list({ setId, retrieverKind: "hybrid" })).entries)).toEqual([runs.hybrid]);
    expect(ids((await list({ setId, retrieverKind: "dense" })).entries)).toEqual([]);
    expect((await list({ setId, status: "succeeded" })).total).toBe(4);
    expect((await list({ setId, status: "failed" })).total).toBe(0);
    // without a set: every set's runs
    expect(ids((await list({ name: "Other set" })).entries)).toEqual([runs.other]);
  });

  it("filters by set version", async () => {
    // The sweep and the runs after it froze the same version as the baseline (nothing changed).
    expect((await list({ setId, setVersion: 1 })).total).toBe(4);
    expect((await list({ setId, setVersion: 2 })).total).toBe(0);
  });

  it("filters by tag, and the choices list the tags in use", async () => {
    await saveRunTags(prisma, { runId: runs.small ?? "", tags: ["candidate", "pr-7"] });
    await saveRunTags(prisma, { runId: runs.hybrid ?? "", tags: ["candidate"] });
    expect(ids((await list({ setId, tag: "candidate" })).entries)).toEqual([runs.hybrid, runs.small]);
    expect(ids((await list({ setId, tag: "pr-7" })).entries)).toEqual([runs.small]);
    expect(ids((await list({ setId, tag: "pr" })).entries)).toEqual([]);
    const choices = await runFilterChoices(prisma, { setId });
    expect(choices.tags).toEqual(["candidate", "pr-7"]);
    expect(choices.setVersions).toEqual([1]);
    expect(choices.sets.map((set) => set.name)).toEqual(["other set", "tiny set"]);
  });
});

describe("archiving", () => {
  it("hides an archived run from lists and keeps it, with its results, until unarchived", async () => {
    const runId = runs.small ?? "";
    const resultsBefore = await prisma.runResult.count({ where: { runId } });
    await archiveRun(prisma, { runId });
    expect(ids((await list({ setId })).entries)).not.toContain(runId);
    expect((await listRuns(prisma, { setId })).map((run) => run.id)).not.toContain(runId);
    // kept: "show archived" lists it, its results are all there, pickers still know it
    expect(ids((await list({ setId, includeArchived: true })).entries)).toContain(runId);
    expect(await prisma.runResult.count({ where: { runId } })).toBe(resultsBefore);
    expect(
      (await listSetRunChoices(prisma, { setId })).find((run) => run.id === runId)?.archivedAt,
    ).not.toBeNull();
    await archiveRun(prisma, { runId }); // twice is fine
    await unarchiveRun(prisma, { runId });
    expect(ids((await list({ setId })).entries)).toContain(runId);
  });

  it("archives a sweep point on its own: the sweep shows its other points", async () => {
    const points = await prisma.run.findMany({ where: { sweepId }, orderBy: { createdAt: "asc" } });
    await archiveRun(prisma, { runId: points[0]?.id ?? "" });
    expect(ids((await list({ setId })).entries)).toContain("sweep:2");
    await unarchiveRun(prisma, { runId: points[0]?.id ?? "" });
  });

  it("refuses to archive the pinned baseline, and unknown runs", async () => {
    await pinBaselineRun(prisma, { runId: runs.baseline ?? "" });
    await expect(archiveRun(prisma, { runId: runs.baseline ?? "" })).rejects.toMatchObject({
      code: "conflict",
    });
    await unpinBaselineRun(prisma, { runId: runs.baseline ?? "" });
    await expect(archiveRun(prisma, { runId: "nope" })).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("pinning the baseline", () => {
  const baselineOf = async (id: string) =>
    (await prisma.goldenSet.findUniqueOrThrow({ where: { id } })).baselineRunId;

  it("pins one run per set, replaces it, and unpins only the pinned run", async () => {
    await pinBaselineRun(prisma, { runId: runs.baseline ?? "" });
    expect(await baselineOf(setId)).toBe(runs.baseline);
    await pinBaselineRun(prisma, { runId: runs.hybrid ?? "" });
    expect(await baselineOf(setId)).toBe(runs.hybrid);
    await unpinBaselineRun(prisma, { runId: runs.baseline ?? "" }); // not the pinned one: nothing
    expect(await baselineOf(setId)).toBe(runs.hybrid);
    await pinBaselineRun(prisma, { runId: runs.other ?? "" }); // another set's pin is its own
    expect(await baselineOf(setId)).toBe(runs.hybrid);
    expect(await baselineOf(otherSetId)).toBe(runs.other);
    await unpinBaselineRun(prisma, { runId: runs.hybrid ?? "" });
    expect(await baselineOf(setId)).toBeNull();
  });

  it("refuses an unfinished or archived run", async () => {
    const queued = await createRun(prisma, {
      setId,
      configName: "queued",
      config: defaultRetrievalConfig,
      coverage: 1,
      userId,
    });
    await expect(pinBaselineRun(prisma, { runId: queued.runId })).rejects.toMatchObject({ code: "conflict" });
    await drainJobs(prisma);
    await archiveRun(prisma, { runId: queued.runId });
    await expect(pinBaselineRun(prisma, { runId: queued.runId })).rejects.toMatchObject({ code: "conflict" });
    expect(await baselineOf(setId)).toBeNull();
  });
});

describe("tags", () => {
  it("saves validated tags and refuses too many, too long or repeated ones", async () => {
    const runId = runs.baseline ?? "";
    expect(await saveRunTags(prisma, { runId, tags: ["candidate", "pr 12"] })).toEqual([
      "candidate",
      "pr 12",
    ]);
    const refused = [
      Array.from({ length: 11 }, (_, index) => `t${index}`),
      ["x".repeat(33)],
      ["a", "a"],
      ["has,comma"],
      [""],
    ];
    for (const tags of refused) await expect(saveRunTags(prisma, { runId, tags })).rejects.toThrow();
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(parseRunTags(run.tags)).toEqual(["candidate", "pr 12"]);
    await expect(saveRunTags(prisma, { runId: "nope", tags: [] })).rejects.toBeInstanceOf(AppError);
    await saveRunTags(prisma, { runId, tags: [] });
  });
});
