import { describe, expect, it } from "vitest";
import { compareRuns, type PerQueryValues } from "@/lib/eval/compare-runs";
import { adjustHolmBonferroni } from "@/lib/eval/statistics/holm-bonferroni";
import { pairedRandomizationTest } from "@/lib/eval/statistics/paired-randomization-test";
import { pairedTTest } from "@/lib/eval/statistics/paired-t-test";

function values(rows: Record<string, Record<string, number>>): PerQueryValues {
  return new Map(Object.entries(rows));
}

const baseline = values({
  q1: { mrr: 1, recall: 0.5 },
  q2: { mrr: 0.5, recall: 0.5 },
  q3: { mrr: 0, recall: 0 },
  q4: { mrr: 0.25, recall: 1 },
});
const better = values({
  q1: { mrr: 1, recall: 1 },
  q2: { mrr: 1, recall: 1 },
  q3: { mrr: 0.5, recall: 0.5 },
  q4: { mrr: 0.5, recall: 1 },
});
/** Evaluated only three of the baseline's queries, and one the baseline did not. */
const partial = values({
  q1: { mrr: 0.5, recall: 0 },
  q2: { mrr: 0.5, recall: 0.5 },
  q3: { mrr: 0, recall: 1 },
  q9: { mrr: 1, recall: 1 },
});

describe("compareRuns", () => {
  it("gives means, deltas, wins, losses and ties on the queries both runs evaluated", () => {
    const [run] = compareRuns({ baseline, runs: [{ name: "better", values: better }], measures: ["mrr"] });
    expect(run?.queries).toBe(4);
    expect(run?.measures.mrr).toMatchObject({ baseline: 0.4375, mean: 0.75, wins: 3, losses: 0, ties: 1 });
    expect(run?.measures.mrr?.delta).toBeCloseTo(0.3125, 12);
    expect(run?.deltas.mrr?.map((entry) => entry.delta)).toEqual([0, 0.5, 0.5, 0.25]);
  });

  it("pairs only shared queries and says how many", () => {
    const [run] = compareRuns({
      baseline,
      runs: [{ name: "partial", values: partial }],
      measures: ["recall"],
    });
    expect(run?.queries).toBe(3);
    expect(run?.measures.recall).toMatchObject({ baseline: 1 / 3, mean: 0.5, wins: 1, losses: 1, ties: 1 });
  });

  it("tests with the library's paired tests and adjusts every (run, measure) p-value together", () => {
    const runs = [
      { name: "better", values: better },
      { name: "partial", values: partial },
    ];
    const randomization = compareRuns({ baseline, runs, measures: ["mrr", "recall"] });
    const raw = [
      pairedRandomizationTest({ differences: [0, 0.5, 0.5, 0.25] }).pValue,
      pairedRandomizationTest({ differences: [0.5, 0.5, 0.5, 0] }).pValue,
      pairedRandomizationTest({ differences: [-0.5, 0, 0] }).pValue,
      pairedRandomizationTest({ differences: [-0.5, 0, 1] }).pValue,
    ];
    const got = randomization.flatMap((run) => [run.measures.mrr, run.measures.recall]);
    expect(got.map((entry) => entry?.p)).toEqual(raw);
    expect(got.map((entry) => entry?.pAdjusted)).toEqual(adjustHolmBonferroni({ pValues: raw }));

    const [tTested] = compareRuns({ baseline, runs: [runs[0]!], measures: ["mrr"], test: "t-test" });
    expect(tTested?.measures.mrr?.p).toBe(pairedTTest({ differences: [0, 0.5, 0.5, 0.25] })?.pValue);
  });

  it("marks a change significant only when its adjusted p is within alpha", () => {
    const many = new Map([...Array(40).keys()].map((index) => [`q${index}`, { mrr: 0.2 }]));
    const lifted = new Map(
      [...many.keys()].map((queryId, index) => [queryId, { mrr: 0.5 + (index % 3) * 0.1 }]),
    );
    const [run] = compareRuns({
      baseline: many,
      runs: [{ name: "lifted", values: lifted }],
      measures: ["mrr"],
    });
    expect(run?.measures.mrr?.significant).toBe(true);
    expect(run?.measures.mrr?.ci95?.[0]).toBeGreaterThan(0);
    const [same] = compareRuns({ baseline: many, runs: [{ name: "same", values: many }], measures: ["mrr"] });
    expect(same?.measures.mrr).toMatchObject({ delta: 0, p: 1, significant: false, ties: 40 });
  });

  it("refuses a run that lacks a measure for a shared query, naming both", () => {
    expect(() =>
      compareRuns({
        baseline,
        runs: [{ name: "odd", values: values({ q1: { mrr: 1 } }) }],
        measures: ["recall"],
      }),
    ).toThrow("odd has no recall for query q1.");
  });
});
