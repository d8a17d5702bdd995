import { describe, expect, it } from "vitest";
import type { MeasureComparison, RunComparison } from "@/lib/eval/compare-runs";
import { describeVerdict, runVerdict, summarizeVerdicts } from "./run-verdict";

const entry = (delta: number, significant: boolean): MeasureComparison => ({
  baseline: 0.5,
  mean: 0.5 + delta,
  delta,
  ci95: null,
  p: significant ? 0.001 : 0.5,
  pAdjusted: significant ? 0.004 : 1,
  wins: 0,
  losses: 0,
  ties: 0,
  significant,
});
const comparison = (measures: Record<string, MeasureComparison>): RunComparison => ({
  name: "r",
  queries: 50,
  measures,
  deltas: {},
});

describe("runVerdict", () => {
  it("counts only significant changes", () => {
    expect(
      runVerdict(comparison({ mrr: entry(0.1, true), "recall@5": entry(-0.2, false) }), ["recall@5", "mrr"]),
    ).toEqual({
      verdict: "better",
      better: ["mrr"],
      worse: [],
    });
    expect(runVerdict(comparison({ mrr: entry(-0.1, true) }), ["mrr"]).verdict).toBe("worse");
    expect(
      runVerdict(comparison({ mrr: entry(-0.1, true), "ndcg@10": entry(0.1, true) }), ["mrr", "ndcg@10"])
        .verdict,
    ).toBe("mixed");
    expect(runVerdict(comparison({ mrr: entry(0.3, false) }), ["mrr"]).verdict).toBe("no-difference");
  });

  it("says it in words", () => {
    const verdict = runVerdict(
      comparison({ mrr: entry(0.1, true), "ndcg@10": entry(0.1, true), "recall@5": entry(-0.1, true) }),
      ["recall@5", "mrr", "ndcg@10"],
    );
    expect(describeVerdict(verdict)).toBe("better on MRR and nDCG@10, worse on Recall@5");
    expect(
      summarizeVerdicts([
        { name: "Hybrid", verdict: runVerdict(comparison({ mrr: entry(0.1, true) }), ["mrr"]) },
        { name: "Small", verdict: runVerdict(comparison({ mrr: entry(-0.1, true) }), ["mrr"]) },
        { name: "Dense", verdict: runVerdict(comparison({ mrr: entry(0.01, false) }), ["mrr"]) },
      ]),
    ).toBe("Better than the baseline: Hybrid (MRR). Worse: Small (MRR). No significant difference: Dense.");
    expect(summarizeVerdicts([{ name: "Dense", verdict: runVerdict(comparison({}), ["mrr"]) }])).toBe(
      "No significant difference from the baseline on any measure.",
    );
  });
  it("says the verdict rests on context recall when text per result differs", () => {
    const verdict = runVerdict(comparison({}), ["context_recall"]);
    expect(summarizeVerdicts([{ name: "Big chunks", verdict }], { onContextRecall: true })).toMatch(
      /^No significant difference from the baseline on context recall/,
    );
  });
});
