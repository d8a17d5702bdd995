import { describe, expect, it } from "vitest";
import { compareRuns } from "@/lib/eval/compare-runs";
import { comparisonFixture } from "./testing/comparison-fixture";

describe("buildComparison", () => {
  const comparison = comparisonFixture();

  it("tests every run against the baseline with compareRuns, excluded queries left out", () => {
    expect(comparison.measures).toEqual(["recall@5", "recall@10", "mrr", "ndcg@10"]);
    expect(comparison.sharedQueries).toBe(39);
    expect(comparison.results.map((result) => [result.runId, result.queries])).toEqual([
      ["hybrid", 39],
      ["small", 39],
    ]);
    const hybrid = comparison.results[0]?.measures.mrr;
    expect(hybrid?.delta).toBeGreaterThan(0);
    expect(hybrid?.significant).toBe(true);
    expect(comparison.results[0]?.verdict.verdict).toBe("better");
    expect(comparison.results[1]?.verdict.verdict).toBe("worse");
    // the same numbers as calling the core directly on the rows' values
    const values = (runId: string) =>
      new Map(
        comparison.queryRows.flatMap((row) =>
          row.values[runId] ? [[row.queryId, row.values[runId] as Record<string, number>]] : [],
        ),
      );
    const direct = compareRuns({
      baseline: values("base"),
      runs: [
        { name: "hybrid", values: values("hybrid") },
        { name: "small", values: values("small") },
      ],
      measures: comparison.measures,
      permutations: 2_000,
      resamples: 500,
    });
    expect(comparison.results.map((result) => result.measures)).toEqual(direct.map((run) => run.measures));
  });

  it("diffs each configuration against the baseline and warns on several changes only where due", () => {
    const [hybrid, small] = comparison.configs;
    expect(hybrid?.changes).toEqual([
      { path: "retriever", before: "BM25 k1=0.9 b=0.4", after: "BM25 + LSA 128d · RRF k=60" },
    ]);
    expect(hybrid?.warnings).toEqual([]);
    expect(small?.changes.map((change) => change.path)).toEqual(["chunking.size", "chunking.overlap"]);
    expect(small?.warnings.map((warning) => warning.kind)).toEqual(["several-changes"]);
  });

  it("draws recall curves from the rankings for k = 1…20 and bars with intervals around the means", () => {
    expect(comparison.curves.ks).toHaveLength(20);
    const base = comparison.curves.recall.base ?? {};
    const rows = comparison.queryRows.filter((row) => row.values.base);
    const storedRecall5 =
      rows.reduce((sum, row) => sum + (row.values.base?.["recall@5"] ?? 0), 0) / rows.length;
    expect(base["5"]).toBeCloseTo(storedRecall5, 12);
    expect(base["1"]).toBe(0);
    const bar = comparison.bars.hybrid?.mrr;
    expect(bar?.lower).toBeLessThanOrEqual(bar?.mean ?? 0);
    expect(bar?.upper).toBeGreaterThanOrEqual(bar?.mean ?? 1);
    expect(bar?.mean).toBeCloseTo(comparison.results[0]?.measures.mrr?.mean ?? 0, 12);
  });

  it("lists every query with values, breaks down by class and tag, and summarizes the runs", () => {
    // q3 has no relevant label in any run: nothing to list
    expect(comparison.queryRows).toHaveLength(39);
    expect(comparison.queryRows.some((row) => row.queryId === "q3")).toBe(false);
    expect(comparison.breakdown.map((group) => [group.kind, group.name, group.queries])).toEqual([
      ["class", "error-code", 20],
      ["class", "question", 19],
      ["tag", "hard", 13],
    ]);
    expect(comparison.runs.map((run) => [run.id, run.baseline, run.ordinal])).toEqual([
      ["base", true, 1],
      ["hybrid", false, 4],
      ["small", false, 2],
    ]);
  });

  it("uses the t-test when asked", () => {
    const tTest = comparisonFixture({ test: "t-test" });
    expect(tTest.test).toBe("t-test");
    expect(tTest.results[0]?.measures.mrr?.p).not.toBe(comparison.results[0]?.measures.mrr?.p);
  });

  it("leads with the context measures and rests a run's verdict on context recall when its text per result differs", () => {
    const plain = comparisonFixture({ budgetChars: 300 });
    expect(plain.textPerResultDiffers).toBe(false);
    expect(plain.measures).toEqual([
      "recall@5",
      "recall@10",
      "mrr",
      "ndcg@10",
      "context_recall",
      "context_precision",
      "context_iou",
    ]);

    const comparison = comparisonFixture({ budgetChars: 300, meanResultChars: { small: 50 } });
    expect(comparison.budgetChars).toBe(300);
    expect(comparison.textPerResultDiffers).toBe(true);
    expect(comparison.measures.slice(0, 3)).toEqual(["context_recall", "context_precision", "context_iou"]);
    const small = comparison.results.find((result) => result.runId === "small");
    const hybrid = comparison.results.find((result) => result.runId === "hybrid");
    // small chunks find the label two ranks lower: within 300 characters (3 results) that is a loss
    expect(small?.measures.context_recall?.delta).toBeLessThan(0);
    expect(small?.verdict.worse).toEqual(["context_recall"]);
    expect(small?.verdict.better).toEqual([]);
    // the hybrid's text per result matches the baseline's: its verdict weighs every measure
    expect(hybrid?.verdict.better).not.toContain("context_recall");
    expect(hybrid?.verdict.better.length).toBeGreaterThan(0);
    expect(
      comparison.configs.find((config) => config.runId === "small")?.warnings.map((warning) => warning.kind),
    ).toContain("text-per-result");
  });
});
