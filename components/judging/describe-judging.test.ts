import { describe, expect, it } from "vitest";
import { describeFigures, describeSource, formatCost } from "./describe-judging";

const figures = {
  pairs: 40,
  judged: 12,
  cached: 3,
  unsupported: 0,
  failed: 0,
  calls: 1,
  promptTokens: 12_345,
  completionTokens: 678,
  cost: null,
};

describe("describeFigures", () => {
  it("says pairs done of total, calls, tokens and cost, in the right number", () => {
    expect(describeFigures(figures)).toEqual([
      "12 of 40 pairs judged",
      "3 cached",
      "1 call",
      "12,345 + 678 tokens",
      "no prices entered",
    ]);
  });

  it("adds unsupported and failed only when there are some", () => {
    expect(describeFigures({ ...figures, unsupported: 2, failed: 1, cost: 1.5 })).toEqual(
      expect.arrayContaining(["$1.50", "2 unsupported", "1 failed"]),
    );
  });
});

describe("formatCost", () => {
  it("keeps two significant digits under a cent", () => {
    expect(formatCost(0.001234)).toBe("$0.0012");
    expect(formatCost(0)).toBe("$0");
  });
});

describe("describeSource", () => {
  const label = (id: string) => `run ${id}`;
  it("names one run, counts several, and says the holes' run", () => {
    expect(describeSource({ kind: "runs", runIds: ["a"], depth: 10 }, label)).toBe("Pool of run a, top 10");
    expect(describeSource({ kind: "runs", runIds: ["a", "b"], depth: 5 }, label)).toBe(
      "Pool of 2 runs, top 5",
    );
    expect(describeSource({ kind: "holes", runId: "c", depth: 10 }, label)).toBe("Holes of run c, top 10");
  });
});
