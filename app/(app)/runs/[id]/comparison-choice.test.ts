import { describe, expect, it } from "vitest";
import { chooseComparison } from "./comparison-choice";

const setRunIds = new Set(["r1", "r2", "r3"]);

describe("chooseComparison", () => {
  it("defaults to the set's pinned baseline", () => {
    expect(chooseComparison({ runId: "r3", requested: undefined, baselineRunId: "r1", setRunIds })).toEqual({
      againstId: "r1",
      reason: "baseline",
      notice: null,
    });
  });

  it("takes the run chosen in the URL over the baseline", () => {
    expect(chooseComparison({ runId: "r3", requested: "r2", baselineRunId: "r1", setRunIds })).toMatchObject({
      againstId: "r2",
      reason: "chosen",
    });
  });

  it("never falls back to another run when no baseline is pinned", () => {
    expect(chooseComparison({ runId: "r3", requested: undefined, baselineRunId: null, setRunIds })).toEqual({
      againstId: null,
      reason: "no-baseline",
      notice: null,
    });
    expect(
      chooseComparison({ runId: "r1", requested: undefined, baselineRunId: "r1", setRunIds }),
    ).toMatchObject({
      againstId: null,
      reason: "is-baseline",
    });
  });

  it("refuses itself and runs of other sets, saying so", () => {
    expect(chooseComparison({ runId: "r3", requested: "r3", baselineRunId: "r1", setRunIds })).toEqual({
      againstId: "r1",
      reason: "baseline",
      notice: "A run is not compared with itself.",
    });
    expect(chooseComparison({ runId: "r3", requested: "elsewhere", baselineRunId: null, setRunIds })).toEqual(
      {
        againstId: null,
        reason: "no-baseline",
        notice: "The run asked for is not a run of this golden set.",
      },
    );
  });
});
