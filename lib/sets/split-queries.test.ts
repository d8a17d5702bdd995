import { describe, expect, it } from "vitest";
import { UNCLASSIFIED } from "@/lib/logs/sample-queries";
import { countSplits, type SplitQuery, splitQueries, splitRequestSchema } from "./split-queries";

function queriesOf(counts: Record<string, number>): SplitQuery[] {
  return Object.entries(counts).flatMap(([queryClass, count]) =>
    Array.from({ length: count }, (_, index) => ({
      key: `${queryClass}-${String(index).padStart(3, "0")}`,
      classes: queryClass === UNCLASSIFIED ? [] : [queryClass],
    })),
  );
}

function holdoutOf(split: Map<string, string>, prefix?: string): string[] {
  return [...split]
    .filter(([key, side]) => side === "holdout" && (prefix === undefined || key.startsWith(`${prefix}-`)))
    .map(([key]) => key)
    .sort();
}

describe("splitQueries", () => {
  it("holds out the share of each class (stratified)", () => {
    const queries = queriesOf({ "error-code": 20, question: 50, name: 30 });
    const split = splitQueries({ queries, seed: 7, holdoutShare: 0.3 });
    expect(split.size).toBe(100);
    expect(holdoutOf(split)).toHaveLength(30);
    expect(holdoutOf(split, "error-code")).toHaveLength(6);
    expect(holdoutOf(split, "question")).toHaveLength(15);
    expect(holdoutOf(split, "name")).toHaveLength(9);
  });

  it("is the same for the same seed and keys, whatever their order, and differs for another seed", () => {
    const queries = queriesOf({ "error-code": 12, question: 25 });
    const first = splitQueries({ queries, seed: 42, holdoutShare: 0.3 });
    const reversed = splitQueries({ queries: [...queries].reverse(), seed: 42, holdoutShare: 0.3 });
    expect(holdoutOf(reversed)).toEqual(holdoutOf(first));
    const other = splitQueries({ queries, seed: 43, holdoutShare: 0.3 });
    expect(holdoutOf(other)).toHaveLength(holdoutOf(first).length);
    expect(holdoutOf(other)).not.toEqual(holdoutOf(first));
  });

  it("gives tiny classes ⌊share·n⌋ or ⌈share·n⌉ and still reaches the set's share", () => {
    const queries = queriesOf({ a: 1, b: 1, c: 1, d: 1, e: 1, f: 1, g: 1, h: 1, i: 1, j: 1 });
    const split = splitQueries({ queries, seed: 1, holdoutShare: 0.3 });
    expect(holdoutOf(split)).toHaveLength(3);
    const mixed = splitQueries({ queries: queriesOf({ big: 10, tiny: 1 }), seed: 5, holdoutShare: 0.3 });
    const tiny = holdoutOf(mixed, "tiny").length;
    const big = holdoutOf(mixed, "big").length;
    expect(tiny + big).toBe(3);
    expect(big).toBeGreaterThanOrEqual(3 - 1);
    expect(tiny).toBeLessThanOrEqual(1);
  });

  it("counts queries without a class as one stratum", () => {
    const queries = queriesOf({ [UNCLASSIFIED]: 10, question: 10 });
    const split = splitQueries({ queries, seed: 3, holdoutShare: 0.5 });
    expect(holdoutOf(split, UNCLASSIFIED)).toHaveLength(5);
    expect(holdoutOf(split, "question")).toHaveLength(5);
  });

  it("keeps one query on each side of a small set", () => {
    const two = splitQueries({ queries: queriesOf({ a: 2 }), seed: 9, holdoutShare: 0.1 });
    expect(holdoutOf(two)).toHaveLength(1);
    const three = splitQueries({ queries: queriesOf({ a: 3 }), seed: 9, holdoutShare: 0.9 });
    expect(holdoutOf(three)).toHaveLength(2);
    expect(() => splitQueries({ queries: queriesOf({ a: 1 }), seed: 9, holdoutShare: 0.3 })).toThrow(
      /at least two queries/,
    );
  });

  it("moves no other query when one is added to a class", () => {
    const queries = queriesOf({ a: 20 });
    const before = splitQueries({ queries, seed: 11, holdoutShare: 0.25 });
    const after = splitQueries({
      queries: [...queries, { key: "a-new", classes: ["a"] }],
      seed: 11,
      holdoutShare: 0.25,
    });
    // 5 of 20 and 5 of 21: the same five unless the new query ranks among them.
    const kept = holdoutOf(after).filter((key) => key !== "a-new");
    expect(holdoutOf(before).filter((key) => kept.includes(key)).length).toBeGreaterThanOrEqual(4);
  });
});

describe("splitRequestSchema and countSplits", () => {
  it("defaults the share to 0.3 and rejects shares out of range with a message", () => {
    expect(splitRequestSchema.parse({})).toEqual({ holdoutShare: 0.3 });
    const result = splitRequestSchema.safeParse({ holdoutShare: 0.95, seed: 12 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/at most 0.9/);
    expect(result.error?.issues[0]?.path).toEqual(["holdoutShare"]);
  });

  it("counts dev, holdout and queries added after the split", () => {
    expect(countSplits(["dev", "holdout", null, "dev"])).toEqual({ dev: 2, holdout: 1, unsplit: 1 });
  });
});
