import { describe, expect, it } from "vitest";
import { sweepHeatmapData, sweepLineChartData } from "./sweep-chart-data";

const layout = { width: 220, height: 120, left: 10, right: 10, top: 10, bottom: 10 };

describe("sweepLineChartData", () => {
  it("scales numeric values linearly and metrics from 0 (bottom) to 1 (top), with gaps", () => {
    const { series, xTicks } = sweepLineChartData(
      [
        { value: 0, recallAt5: 0, mrr: 0.5 },
        { value: 0.25, recallAt5: null, mrr: 1 },
        { value: 1, recallAt5: 1, mrr: 1 },
      ],
      layout,
    );
    expect(xTicks.map((tick) => tick.x)).toEqual([10, 60, 210]);
    expect(series[0]).toMatchObject({ name: "recall@5", path: "M10.0,110.0 M210.0,10.0" });
    expect(series[1]?.path).toBe("M10.0,60.0 L60.0,10.0 L210.0,10.0");
  });

  it("spaces non-numeric values evenly", () => {
    const { xTicks } = sweepLineChartData(
      ["a", "b", "c"].map((value) => ({ value, recallAt5: 0.5, mrr: 0.5 })),
      layout,
    );
    expect(xTicks.map((tick) => tick.x)).toEqual([10, 110, 210]);
  });
});

describe("sweepHeatmapData", () => {
  it("puts each point in its row and column and finds the best recall", () => {
    const axes = [
      { path: "size", values: [200, 400] },
      { path: "overlap", values: [0, 80] },
    ] as const;
    const { cells, best } = sweepHeatmapData(
      [
        { ...axes[0], values: [200, 400] },
        { ...axes[1], values: [0, 80] },
      ],
      [
        { runId: "a", values: { size: 200, overlap: 0 }, recallAt5: 0.4 },
        { runId: "b", values: { size: 400, overlap: 80 }, recallAt5: 0.6 },
      ],
    );
    expect(cells.map((row) => row.map((cell) => cell?.runId ?? null))).toEqual([
      ["a", null],
      [null, "b"],
    ]);
    expect(best).toBe(0.6);
  });
});
