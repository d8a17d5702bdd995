import { describe, expect, it } from "vitest";
import { recallChartData, seriesColors } from "./recall-chart-data";

describe("recallChartData", () => {
  it("builds one row per k with one column per run", () => {
    const { rows, series } = recallChartData(
      [
        { id: "a", name: "bm25", recall: { "1": 0.2, "5": 0.5, "10": 0.7 } },
        { id: "b", name: "hybrid", recall: { "1": 0.3, "5": 0.6, "10": 0.8 } },
      ],
      [1, 5, 10],
    );
    expect(rows).toEqual([
      { k: "1", run0: 0.2, run1: 0.3 },
      { k: "5", run0: 0.5, run1: 0.6 },
      { k: "10", run0: 0.7, run1: 0.8 },
    ]);
    expect(series.map((s) => [s.dataKey, s.runId, s.name, s.color])).toEqual([
      ["run0", "a", "bm25", seriesColors[0]],
      ["run1", "b", "hybrid", seriesColors[1]],
    ]);
  });

  it("keeps a run's own colour whatever its position", () => {
    const { series } = recallChartData(
      [
        { id: "a", name: "bm25", recall: {}, color: "#111111" },
        { id: "b", name: "hybrid", recall: {} },
      ],
      [1],
    );
    expect(series.map((s) => s.color)).toEqual(["#111111", seriesColors[1]]);
  });

  it("leaves a gap for a missing or non-finite value instead of a zero", () => {
    const { rows } = recallChartData(
      [{ id: "a", name: "x", recall: { "1": Number.NaN, "3": 0.4 } }],
      [1, 3, 20],
    );
    expect(rows.map((row) => row.run0)).toEqual([null, 0.4, null]);
  });

  it("disambiguates runs with the same name", () => {
    const { series } = recallChartData(
      [
        { id: "a", name: "bm25", recall: {} },
        { id: "b", name: "bm25", recall: {} },
      ],
      [1],
    );
    expect(series.map((s) => s.name)).toEqual(["bm25", "bm25 (2)"]);
  });
});
