import { describe, expect, it } from "vitest";
import { describeTest, formatDelta, formatInterval, formatP, formatValue } from "./format-comparison";

describe("comparison formats", () => {
  it("writes values, signed deltas with a real minus, intervals and p-values as people read them", () => {
    expect(formatValue(0.6493)).toBe("0.649");
    expect(formatValue(null)).toBe("–");
    expect(formatDelta(0.0123)).toBe("+0.012");
    expect(formatDelta(-0.19)).toBe("−0.190");
    expect(formatDelta(-0.0001)).toBe("±0.000");
    expect(formatInterval([-0.0786, 0.0439])).toBe("−0.079 to +0.044");
    expect(formatInterval(null)).toBe("–");
    expect(formatP(0.0000999)).toBe("<0.001");
    expect(formatP(0.0123)).toBe("0.012");
    expect(formatP(0.5794)).toBe("0.58");
    expect(formatP(1)).toBe("1");
    expect(formatP(null)).toBe("–");
    expect(describeTest({ test: "randomization" })).toBe("paired randomization test (10,000 permutations)");
    expect(describeTest({ test: "randomization", permutations: 500, seed: 7 })).toBe(
      "paired randomization test (500 permutations, seed 7)",
    );
    expect(describeTest({ test: "t-test", permutations: 500 })).toBe("paired t-test");
  });
});
