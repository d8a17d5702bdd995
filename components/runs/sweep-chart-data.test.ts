import { describe, expect, it } from "vitest";
import { sweepHeatmapData, sweepLineChartData, sweepMeasureChartData } from "./sweep-chart-data";

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

describe("sweepMeasureChartData", () => {
  const layout = { width: 200, height: 120, left: 20, right: 0, top: 0, bottom: 20 };
  const axes = [
    { path: "chunking.size", values: [200, 400, 800] },
    { path: "chunking.overlap", values: [0, 50] },
  ];
  const points = [200, 400, 800].flatMap((size, sizeIndex) =>
    [0, 50].map((overlap) => ({
      runId: `${size}-${overlap}`,
      values: { "chunking.size": size, "chunking.overlap": overlap },
      value: size === 800 && overlap === 50 ? null : 0.1 * (sizeIndex + 1) + (overlap ? 0.05 : 0),
    })),
  );

  it("draws one line per value of the other axis, in stable colours, with a gap for a missing point", () => {
    const chart = sweepMeasureChartData({ axes, points, layout });
    expect(chart.series.map((line) => line.name)).toEqual(["chunking.overlap 0", "chunking.overlap 50"]);
    expect(chart.series[0]?.dots.map((dot) => dot.x)).toEqual([20, 80, 200]);
    expect(chart.series[1]?.dots).toHaveLength(2);
    expect(chart.series[0]?.color).not.toBe(chart.series[1]?.color);
    // y up to 0.3 (the largest value, rounded up to a tenth): 0.3 at the top
    expect(chart.yMax).toBeCloseTo(0.3);
    expect(chart.series[0]?.dots[2]?.y).toBeCloseTo(0);
    expect(chart.xTicks.map((tick) => tick.label)).toEqual(["200", "400", "800"]);
  });

  it("keeps each line's colour and place whatever order the points come in", () => {
    const forward = sweepMeasureChartData({ axes, points, layout });
    const backward = sweepMeasureChartData({ axes, points: [...points].reverse(), layout });
    expect(backward.series.map((line) => [line.name, line.color])).toEqual(
      forward.series.map((line) => [line.name, line.color]),
    );
  });

  it("draws a single line for a one-axis sweep", () => {
    const chart = sweepMeasureChartData({
      axes: [{ path: "topK", values: ["a", "b"] }],
      points: [
        { runId: "a", values: { topK: "a" }, value: 0.5 },
        { runId: "b", values: { topK: "b" }, value: 0.2 },
      ],
      layout,
    });
    expect(chart.series.map((line) => line.name)).toEqual(["all points"]);
    expect(chart.series[0]?.path.startsWith("M20.0,")).toBe(true);
  });
});
