import { afterAll, describe, expect, it } from "vitest";
import { adjustHolmBonferroni } from "@/lib/eval/statistics/holm-bonferroni";
import { pairedRandomizationTest } from "@/lib/eval/statistics/paired-randomization-test";
import { pairedTTest } from "@/lib/eval/statistics/paired-t-test";
import { compareTrecFiles, nameRunFiles } from "@/lib/eval/trec/compare-trec-files";
import { evaluateCompleteRuns } from "@/lib/eval/trec/evaluate-complete-runs";
import { writeComparisonFixture } from "@/lib/eval/trec/testing/write-comparison-fixture";

const fixture = writeComparisonFixture();
afterAll(() => fixture.dispose());

describe("compareTrecFiles", () => {
  it("compares every qrels query, a missing one scoring 0, with the fixture's numbers by hand", async () => {
    const comparison = await compareTrecFiles({
      qrelsPath: fixture.qrels,
      baselinePath: fixture.baseline,
      runPaths: [fixture.worse, fixture.better, fixture.partial],
      measures: ["recip_rank"],
    });
    expect(comparison).toMatchObject({ queries: 41, measures: ["recip_rank"], baselineName: "baseline.txt" });
    expect(comparison.runs.map((run) => run.name)).toEqual(["worse.txt", "better.txt", "partial.txt"]);
    expect(comparison.runs.map((run) => run.queries)).toEqual([41, 41, 41]);
    // Baseline: rank 1 on 30 queries, rank 2 on 10, q41 in no run: 35/41.
    const [worse, better, partial] = comparison.runs.map((run) => run.measures.recip_rank!);
    expect(worse).toMatchObject({ baseline: 35 / 41, mean: 16 / 41, wins: 0, losses: 30, ties: 11 });
    expect(better).toMatchObject({ mean: 40 / 41, wins: 10, losses: 0, ties: 31 });
    expect(partial).toMatchObject({ mean: 26 / 41, wins: 0, losses: 10, ties: 31 });
    expect(worse?.delta).toBeCloseTo(-19 / 41, 14);
    expect(worse?.significant).toBe(true);
  });

  it("tests each run's per-query differences and adjusts over every run and measure", async () => {
    const measures = ["map", "P_5"];
    const runPaths = [fixture.worse, fixture.noisy];
    const options = { qrelsPath: fixture.qrels, baselinePath: fixture.baseline, runPaths, measures };
    const { runs: values } = await evaluateCompleteRuns({
      qrelsPath: fixture.qrels,
      runPaths: [fixture.baseline, ...runPaths],
      measures,
    });
    const differences = (run: number, measure: string) =>
      [...values[0]!.keys()].map(
        (queryId) => values[run]!.get(queryId)![measure]! - values[0]!.get(queryId)![measure]!,
      );

    const randomization = await compareTrecFiles({ ...options, seed: 9, permutations: 2_000 });
    const rawP = [1, 2].flatMap((run) =>
      measures.map(
        (measure) =>
          pairedRandomizationTest({ differences: differences(run, measure), seed: 9, permutations: 2_000 })
            .pValue,
      ),
    );
    const got = randomization.runs.flatMap((run) => measures.map((measure) => run.measures[measure]!));
    expect(got.map((entry) => entry.p)).toEqual(rawP);
    expect(got.map((entry) => entry.pAdjusted)).toEqual(adjustHolmBonferroni({ pValues: rawP }));

    const tTest = await compareTrecFiles({ ...options, test: "t-test" });
    expect(tTest.runs[0]!.measures.map!.p).toBe(pairedTTest({ differences: differences(1, "map") })!.pValue);
  });

  it("uses the default measures when none is asked for", async () => {
    const comparison = await compareTrecFiles({
      qrelsPath: fixture.qrels,
      baselinePath: fixture.baseline,
      runPaths: [fixture.better],
      measures: [],
    });
    expect(comparison.measures).toEqual(["ndcg_cut_10", "recip_rank", "recall_100", "map"]);
    expect(Object.keys(comparison.runs[0]!.measures)).toEqual(comparison.measures);
  });
});

describe("nameRunFiles", () => {
  it("names runs by file name, or by path when two file names are the same", () => {
    expect(nameRunFiles(["runs/bm25.txt", "/tmp/hybrid.trec"])).toEqual(["bm25.txt", "hybrid.trec"]);
    expect(nameRunFiles(["a/run.txt", "b/run.txt", "c.txt"])).toEqual(["a/run.txt", "b/run.txt", "c.txt"]);
  });
});
