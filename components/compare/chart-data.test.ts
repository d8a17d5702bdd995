import { describe, expect, it } from "vitest";
import { barRows, curveRows, curveTicks } from "./chart-data";

describe("comparison chart data", () => {
  it("gives one curve row per k with positional series, gaps as null", () => {
    expect(
      curveRows({ ks: [1, 2], recall: { a: { "1": 0.5, "2": 0.75 }, b: { "1": 0.25 } }, runIds: ["a", "b"] }),
    ).toEqual([
      { k: "1", s0: 0.5, s1: 0.25 },
      { k: "2", s0: 0.75, s1: null },
    ]);
  });

  it("gives one bar group per measure with whiskers as offsets below and above the mean", () => {
    const [row] = barRows({
      measures: [{ key: "mrr", label: "MRR" }],
      bars: { a: { mrr: { mean: 0.6, lower: 0.5, upper: 0.75 } }, b: { mrr: null } },
      runIds: ["a", "b"],
    });
    expect(row?.measure).toBe("MRR");
    expect(row?.s0).toBe(0.6);
    const [below, above] = (row?.s0Error ?? [Number.NaN, Number.NaN]) as [number, number];
    expect(below).toBeCloseTo(0.1, 12);
    expect(above).toBeCloseTo(0.15, 12);
    expect(row?.s1).toBeNull();
  });

  it("ticks 1, every fifth k and the topKs beyond 20", () => {
    expect(curveTicks([...Array.from({ length: 20 }, (_, index) => index + 1), 50])).toEqual([
      "1",
      "5",
      "10",
      "15",
      "20",
      "50",
    ]);
  });
});
