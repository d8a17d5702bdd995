import { describe, expect, it } from "vitest";
import { chooseChartRuns, MAX_CHART_RUNS, parseChartParam } from "./chart-run-selection";

const run = (id: string, status = "succeeded", archived = false) => ({ id, status, archived });
// newest first
const runs = [
  run("r7"),
  run("r6", "failed"),
  run("r5", "succeeded", true),
  run("r4"),
  run("r3"),
  run("r2"),
  run("r1"),
];

describe("chooseChartRuns", () => {
  it("defaults to the pinned baseline and the four newest finished, unarchived runs", () => {
    expect(chooseChartRuns({ requested: undefined, runs, baselineRunId: "r1" })).toEqual({
      ids: ["r1", "r7", "r4", "r3", "r2"],
      isDefault: true,
      dropped: 0,
    });
    expect(chooseChartRuns({ requested: undefined, runs, baselineRunId: null }).ids).toEqual([
      "r7",
      "r4",
      "r3",
      "r2",
    ]);
  });

  it("shows the runs the URL names, in its order, archived ones included, unfinished and unknown ones dropped", () => {
    expect(chooseChartRuns({ requested: ["r5", "r2", "r6", "nope"], runs, baselineRunId: "r1" })).toEqual({
      ids: ["r5", "r2"],
      isDefault: false,
      dropped: 2,
    });
  });

  it("falls back to the default when the URL names no finished run, and caps the lines", () => {
    expect(chooseChartRuns({ requested: ["nope"], runs, baselineRunId: null }).isDefault).toBe(true);
    const many = Array.from({ length: 20 }, (_, index) => run(`m${index}`));
    const chosen = chooseChartRuns({
      requested: many.map((entry) => entry.id),
      runs: many,
      baselineRunId: null,
    });
    expect(chosen.ids).toHaveLength(MAX_CHART_RUNS);
    expect(chosen.dropped).toBe(20 - MAX_CHART_RUNS);
  });
});

describe("parseChartParam", () => {
  it("reads comma-separated and repeated ids", () => {
    expect(parseChartParam("a, b,,c")).toEqual(["a", "b", "c"]);
    expect(parseChartParam(["a,b", "c"])).toEqual(["a", "b", "c"]);
    expect(parseChartParam("")).toBeUndefined();
    expect(parseChartParam(undefined)).toBeUndefined();
  });
});
