import { describe, expect, it } from "vitest";
import {
  alphaFigure,
  formatInterval,
  kappaFigure,
  rankRuns,
  tauFigure,
  unsupportedFigure,
} from "./report-figures";

const agreement = { items: 0, kappa: null, kappaInterval: null, alpha: { nominal: null, ordinal: null } };

describe("figures", () => {
  it("says why kappa is undefined", () => {
    expect(kappaFigure(agreement)).toEqual({
      value: null,
      reason: "no pair was judged by both a person and the judge",
    });
    expect(kappaFigure({ ...agreement, items: 40 }).reason).toMatch(/alike/);
    expect(kappaFigure({ ...agreement, items: 40, kappa: 0.61234 })).toEqual({
      value: "0.612",
      reason: null,
    });
  });

  it("says why alpha, the unsupported rate and τ are undefined", () => {
    expect(alphaFigure(null, 3).reason).toMatch(/same/);
    expect(unsupportedFigure({ unsupportedRate: null, unsupported: 0, modelJudgments: 0 }).reason).toMatch(
      /no judgments/,
    );
    expect(unsupportedFigure({ unsupportedRate: 0.125, unsupported: 1, modelJudgments: 8 }).value).toBe(
      "12.5%",
    );
    expect(tauFigure({ measure: "ndcg_cut_10", value: null, runs: 1 }).reason).toBe(
      "it needs two or more finished runs (one is chosen)",
    );
    expect(tauFigure({ measure: "ndcg_cut_10", value: null, runs: 3 }).reason).toMatch(/tied/);
  });

  it("formats an interval", () => {
    expect(formatInterval({ lower: 0.41, upper: 0.7249 })).toBe("[0.410, 0.725]");
    expect(formatInterval(null)).toBeNull();
  });
});

describe("rankRuns", () => {
  it("orders the runs under each side, ties sharing a rank", () => {
    const labels = new Map([
      ["a", "A v1"],
      ["b", "B v1"],
      ["c", "C v1"],
    ]);
    const ranked = rankRuns(
      [
        { runId: "a", human: 0.5, model: 0.7 },
        { runId: "b", human: 0.6, model: 0.7 },
        { runId: "c", human: 0.4, model: 0.2 },
      ],
      labels,
    );
    expect(ranked.people.map((run) => [run.label, run.rank])).toEqual([
      ["B v1", 1],
      ["A v1", 2],
      ["C v1", 3],
    ]);
    expect(ranked.judge.map((run) => [run.runId, run.rank])).toEqual([
      ["a", 1],
      ["b", 1],
      ["c", 3],
    ]);
  });
});
