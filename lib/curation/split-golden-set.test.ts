import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseComparisonParams } from "@/lib/comparisons/comparison-params";
import { defaultRetrievalConfig } from "@/lib/configs/config-schema";
import { importGoldenSetFile } from "@/lib/curation/golden-set-import";
import { clearGoldenSetSplit, splitGoldenSet } from "@/lib/curation/split-golden-set";
import { createLabelFixture } from "@/lib/curation/testing/label-fixture";
import type { Db } from "@/lib/db/client";
import { buildGoldenSetFile, freezeGoldenSetVersion } from "@/lib/db/golden-set-exchange";
import { addQueriesToSet } from "@/lib/db/golden-sets";
import { createTestDatabase, tableCounts } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors";
import { parseGoldenSetFile } from "@/lib/exchange/parse-golden-set-file";
import { serializeGoldenSetFile } from "@/lib/exchange/serialize-golden-set-file";
import { compareRunsById } from "@/lib/runs/compare-runs-by-id";
import { loadComparison } from "@/lib/runs/load-comparison";
import { loadSweepRanking } from "@/lib/runs/load-sweep-ranking";

// A set split into dev and holdout: stored, exported and imported, and used by the REST
// comparison and the sweep ranking. Runs are written with stored per-query metrics directly
// (context metrics included, as runs will store them), so the numbers are known.

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;
let world: Awaited<ReturnType<typeof createLabelFixture>>;

beforeAll(async () => {
  database = createTestDatabase();
  prisma = database.prisma;
  world = await createLabelFixture(prisma, "split");
  await addQueriesToSet(prisma, {
    setId: world.set.id,
    queries: [
      ...Array.from({ length: 12 }, (_, index) => ({ text: `error E${4100 + index} on boot` })),
      ...Array.from({ length: 10 }, (_, index) => ({ text: `how do i configure feature ${index}` })),
    ],
  });
});

afterAll(async () => {
  await database.dispose();
});

async function splitsOf(setId: string) {
  const queries = await prisma.query.findMany({ where: { goldenSetId: setId }, orderBy: { key: "asc" } });
  return queries.map((query) => [query.key, query.split] as const);
}

describe("splitGoldenSet", () => {
  it("stores the seed, the share and each query's side, the same for the same seed", async () => {
    const first = await splitGoldenSet(prisma, { setId: world.set.id, holdoutShare: 0.3, seed: 7 });
    expect(first).toEqual({ seed: 7, holdoutShare: 0.3, dev: 17, holdout: 7 });
    const set = await prisma.goldenSet.findUniqueOrThrow({ where: { id: world.set.id } });
    expect([set.splitSeed, set.splitHoldoutShare]).toEqual([7, 0.3]);
    const stored = await splitsOf(world.set.id);
    expect(stored.every(([, split]) => split === "dev" || split === "holdout")).toBe(true);

    await splitGoldenSet(prisma, { setId: world.set.id, holdoutShare: 0.3, seed: 8 });
    expect(await splitsOf(world.set.id)).not.toEqual(stored);
    await splitGoldenSet(prisma, { setId: world.set.id, holdoutShare: 0.3, seed: 7 });
    expect(await splitsOf(world.set.id)).toEqual(stored);
  });

  it("leaves a query added later unsplit, and refuses an unknown set or one query, changing nothing", async () => {
    const lone = await createLabelFixture(prisma, "lone");
    await splitGoldenSet(prisma, { setId: lone.set.id, holdoutShare: 0.3, seed: 1 });
    await addQueriesToSet(prisma, { setId: lone.set.id, queries: [{ text: "added after the split" }] });
    const sides = (await splitsOf(lone.set.id)).map(([, split]) => split);
    expect(sides.filter((split) => split === null)).toHaveLength(1);
    expect(sides.filter((split) => split === "holdout")).toHaveLength(1);

    const before = await tableCounts(prisma);
    await expect(splitGoldenSet(prisma, { setId: "nope", holdoutShare: 0.3 })).rejects.toMatchObject({
      code: "not_found",
    });
    // the other set has one query
    await expect(splitGoldenSet(prisma, { setId: lone.otherSet.id, holdoutShare: 0.3 })).rejects.toThrow(
      /at least two queries/,
    );
    expect(await tableCounts(prisma)).toEqual(before);
  });

  it("exports each query's split and the seed; import keeps them; export → import → export is identical", async () => {
    const file = await buildGoldenSetFile(prisma, world.set.id);
    expect(file.set.split).toEqual({ seed: 7, holdoutShare: 0.3 });
    expect(file.queries.every((query) => query.split === "dev" || query.split === "holdout")).toBe(true);
    const text = serializeGoldenSetFile(file);
    expect(text).toContain('"split": "holdout"');
    const imported = await importGoldenSetFile(prisma, {
      file: parseGoldenSetFile(text),
      name: "split copy",
    });
    const again = await buildGoldenSetFile(prisma, imported.setId);
    expect(serializeGoldenSetFile({ ...again, set: { ...again.set, name: file.set.name } })).toBe(text);
    expect(await splitsOf(imported.setId)).toEqual(await splitsOf(world.set.id));
  });

  it("clears the split: no seed, no side, and the export has no split field at all", async () => {
    const copy = await prisma.goldenSet.findUniqueOrThrow({ where: { name: "split copy" } });
    await clearGoldenSetSplit(prisma, copy.id);
    const text = serializeGoldenSetFile(await buildGoldenSetFile(prisma, copy.id));
    expect(text).not.toContain('"split"');
    expect((await splitsOf(copy.id)).every(([, split]) => split === null)).toBe(true);
  });
});

describe("comparisons and sweeps on a split set", () => {
  let baselineId: string;
  let candidateId: string;
  let splitOf: Map<string, string | null>;

  beforeAll(async () => {
    const version = await freezeGoldenSetVersion(prisma, world.set.id);
    const queries = await prisma.query.findMany({ where: { goldenSetId: world.set.id } });
    splitOf = new Map(queries.map((query) => [query.id, query.split]));
    const sweep = await prisma.sweep.create({
      data: { name: "chunk sizes", goldenSetId: world.set.id, baseConfig: {}, axes: [] },
    });
    const run = async (name: string, value: (split: string | null) => number) => {
      const config = await prisma.retrievalConfig.create({
        data: { name, version: 1, params: defaultRetrievalConfig },
      });
      const created = await prisma.run.create({
        data: {
          goldenSetId: world.set.id,
          goldenSetVersionId: version.id,
          configId: config.id,
          status: "succeeded",
          sweepId: sweep.id,
          sweepPoint: { "chunking.size": name },
        },
      });
      await prisma.runQueryMetric.createMany({
        data: queries.map((query) => ({
          runId: created.id,
          queryId: query.id,
          relevant: 1,
          metrics: {
            recall: { "10": 1 },
            ndcg: { "10": value(query.split) },
            reciprocalRank: value(query.split),
            averagePrecision: value(query.split),
            context: { recall: value(query.split), precision: 0.5, iou: 0.2 },
          },
        })),
      });
      return created.id;
    };
    baselineId = await run("steady", () => 0.5);
    // Better on dev, worse on holdout: what a lucky configuration looks like.
    candidateId = await run("lucky", (split) => (split === "dev" ? 0.9 : 0.1));
  });

  it("POST /api/v1/compare's lib compares on the asked side only", async () => {
    const dev = [...splitOf.values()].filter((split) => split === "dev").length;
    const request = {
      baseline: baselineId,
      runs: [candidateId],
      test: "t-test" as const,
      permutations: 100,
    };
    const all = await compareRunsById(prisma, { ...request, measures: ["mrr"] });
    expect(all.queries).toBe(splitOf.size);
    const onDev = await compareRunsById(prisma, { ...request, measures: ["mrr"], split: "dev" });
    expect(onDev.queries).toBe(dev);
    expect(onDev.runs[0]?.measures.recip_rank?.delta).toBeCloseTo(0.4);
    const onHoldout = await compareRunsById(prisma, { ...request, measures: ["mrr"], split: "holdout" });
    expect(onHoldout.queries).toBe(splitOf.size - dev);
    expect(onHoldout.runs[0]?.measures.recip_rank?.delta).toBeCloseTo(-0.4);
  });

  it("the comparison page (?split=holdout) pairs only the holdout queries", async () => {
    const holdout = [...splitOf.values()].filter((split) => split === "holdout").length;
    const params = (split?: string) =>
      parseComparisonParams({ baseline: baselineId, runs: candidateId, test: "t-test", split });
    const page = await loadComparison(prisma, { setId: world.set.id, params: params("holdout") });
    expect(page.state.split).toBe("holdout");
    expect(page.comparison?.sharedQueries).toBe(holdout);
    expect(page.comparison?.results[0]?.measures.mrr?.delta).toBeCloseTo(-0.4);
    const all = await loadComparison(prisma, { setId: world.set.id, params: params() });
    expect(all.comparison?.sharedQueries).toBe(splitOf.size);
  });

  it("a sweep picks its point on dev by context recall and reports its holdout number and gap", async () => {
    const ranking = await loadSweepRanking(prisma, {
      setId: world.set.id,
      runIds: [baselineId, candidateId],
    });
    expect(ranking.measure).toBe("context_recall");
    expect(ranking.split).toBe(true);
    expect(ranking.best?.runId).toBe(candidateId);
    expect(ranking.best?.dev).toBeCloseTo(0.9);
    expect(ranking.best?.holdout).toBeCloseTo(0.1);
    expect(ranking.best?.gap).toBeCloseTo(0.8);
  });

  it("says clearly when the set is not split", async () => {
    await clearGoldenSetSplit(prisma, world.set.id);
    const error = await compareRunsById(prisma, {
      baseline: baselineId,
      runs: [candidateId],
      measures: ["mrr"],
      test: "t-test",
      permutations: 100,
      split: "holdout",
    }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "bad_request", location: { path: ["split"] } });
    expect((error as AppError).message).toMatch(/not split/);
    const ranking = await loadSweepRanking(prisma, {
      setId: world.set.id,
      runIds: [baselineId, candidateId],
    });
    expect(ranking.split).toBe(false);
    const page = await loadComparison(prisma, {
      setId: world.set.id,
      params: parseComparisonParams({ baseline: baselineId, runs: candidateId, split: "dev" }),
    });
    expect(page.comparison).toBeNull();
    expect(page.notices.join(" ")).toMatch(/not split/);
    // Unsplit, the choice stands on every query: no holdout number to report.
    expect(ranking.best).toMatchObject({ runId: candidateId, dev: null, holdout: null, gap: null });
  });
});
