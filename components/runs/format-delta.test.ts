import { describe, expect, it } from "vitest";
import { deltaTone, describeDelta, formatDelta } from "./format-delta";

describe("formatDelta", () => {
  it("signs changes with a true minus and shows no change as ±0.000", () => {
    expect(formatDelta(0.0412)).toBe("+0.041");
    expect(formatDelta(-0.0124)).toBe("−0.012");
    expect(formatDelta(0.0001)).toBe("±0.000");
    expect(formatDelta(-0.0004)).toBe("±0.000");
  });
});

describe("deltaTone and describeDelta", () => {
  const comparison = {
    baseline: 0.5,
    mean: 0.6,
    delta: 0.1,
    ci95: [0.02, 0.18] as [number, number],
    p: 0.004,
    pAdjusted: 0.012,
    wins: 6,
    losses: 1,
    ties: 33,
    significant: true,
  };

  it("reads a significant rise as up, a drop as down, anything else as flat", () => {
    expect(deltaTone(comparison)).toBe("up");
    expect(deltaTone({ ...comparison, delta: -0.1 })).toBe("down");
    expect(deltaTone({ ...comparison, significant: false })).toBe("flat");
  });

  it("spells out the interval, p-values and per-query counts", () => {
    expect(describeDelta(comparison, 40)).toBe(
      "Δ +0.100 (95% CI +0.020 to +0.180; p = 0.004, Holm-adjusted 0.012; 6 better, 1 worse, 33 tied of 40)",
    );
  });
});
