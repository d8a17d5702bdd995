import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { evaluateRun, seedRunListSets } from "@/lib/db/testing/run-list-sets";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { parseRunMetrics } from "@/lib/eval/run-report-schema";
import { loadQueryPassages } from "@/lib/runs/load-query-passages";

// What an evaluated run stores and shows of each query, on a real SQLite file with a run evaluated
// for real: judged@k, and the passages of a query with the labels they satisfy. The runs list:
// run-list.test.ts.

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;
let setId: string;
let otherSetId: string;
const runs: Record<string, string> = {};

beforeAll(async () => {
  database = createTestDatabase();
  prisma = database.prisma;
  ({ setId, otherSetId } = await seedRunListSets(prisma));
  runs.baseline = await evaluateRun(prisma, { setId, name: "BM25 baseline" });
}, 120_000);

afterAll(async () => {
  await database.dispose();
});

describe("evaluation stores judged@k", () => {
  it("with the run's metrics and with each query's", async () => {
    const run = await prisma.run.findUniqueOrThrow({
      where: { id: runs.baseline ?? "" },
      include: { queryMetrics: true },
    });
    const metrics = parseRunMetrics(run.metrics);
    expect(Object.keys(metrics?.judged ?? {}).sort()).toEqual(["1", "10", "20", "3", "5"]);
    for (const row of run.queryMetrics.filter((entry) => !entry.excluded))
      expect((row.metrics as { judged?: Record<string, number> }).judged?.["20"]).toBeGreaterThan(0);
  });
});

describe("loadQueryPassages", () => {
  it("shows a query's passages with the labels each satisfies, grade-0 ones judged but not relevant", async () => {
    const query = await prisma.query.findFirstOrThrow({
      where: { goldenSetId: setId, text: "printer is offline" },
    });
    const { labels, passages, gradeNames } = await loadQueryPassages(prisma, {
      runId: runs.baseline ?? "",
      queryId: query.id,
    });
    expect(labels.map((label) => [label.document, label.grade, label.state])).toEqual([
      ["kb-3", 1, "exact"],
      ["kb-4", 0, "exact"],
    ]);
    expect(passages.map((passage) => passage.rank)).toEqual(passages.map((_, index) => index + 1));
    const relevant = passages.find((passage) => passage.judgement === "relevant");
    expect(relevant?.document.externalId).toBe("kb-3");
    expect(relevant?.labels.map((label) => label.identity)).toEqual([labels[0]?.id]);
    expect(relevant?.excerpt).toContain("remove the printer and add it again");
    const rejected = passages.find((passage) =>
      passage.labels.some((label) => label.identity === labels[1]?.id),
    );
    expect(rejected?.judgement).toBe("not-relevant");
    expect(rejected?.document.title).toBe("Title of kb-4");
    const unjudged = passages.filter((passage) => passage.judgement === "unjudged");
    expect(unjudged.length).toBeGreaterThan(0);
    expect(unjudged.every((passage) => passage.labels.length === 0)).toBe(true);
    expect(gradeNames).toHaveProperty("0");
  });

  it("says the text is gone when no version of the document holds the passage any more", async () => {
    const query = await prisma.query.findFirstOrThrow({
      where: { goldenSetId: setId, text: "how do I reset my router" },
    });
    const first = await prisma.runResult.findFirstOrThrow({
      where: { runId: runs.baseline ?? "", queryId: query.id, rank: 1 },
    });
    await prisma.runResult.update({ where: { id: first.id }, data: { chunkHash: "0".repeat(64) } });
    const { passages } = await loadQueryPassages(prisma, { runId: runs.baseline ?? "", queryId: query.id });
    expect(passages[0]?.excerpt).toBeNull();
    expect(passages[1]?.excerpt).not.toBeNull();
    await prisma.runResult.update({ where: { id: first.id }, data: { chunkHash: first.chunkHash } });
  });

  it("refuses a query of another set", async () => {
    const foreign = await prisma.query.findFirstOrThrow({ where: { goldenSetId: otherSetId } });
    await expect(
      loadQueryPassages(prisma, { runId: runs.baseline ?? "", queryId: foreign.id }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
