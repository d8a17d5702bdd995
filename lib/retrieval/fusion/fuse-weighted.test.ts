import { describe, expect, it } from "vitest";
import type { ScoredId } from "@/lib/retrieval/fusion/fuse-reciprocal-rank";
import { fuseWeighted } from "@/lib/retrieval/fusion/fuse-weighted";

const bm25: ScoredId[] = [
  { id: "a", score: 12 },
  { id: "b", score: 8 },
  { id: "c", score: 2 },
];
const dense: ScoredId[] = [
  { id: "c", score: 0.9 },
  { id: "d", score: 0.8 },
  { id: "a", score: 0.4 },
];

describe("fuseWeighted", () => {
  it("combines min-max-normalized scores — worked by hand, alpha 0.5", () => {
    // bm25 → a 1, b 0.6, c 0;  dense → c 1, d 0.8, a 0;  missing → 0
    // a 0.5·1 + 0.5·0 = 0.5; b 0.3; c 0.5; d 0.4 — a and c tie; at alpha ≥ 0.5 bm25's rank decides.
    const fused = fuseWeighted({ first: bm25, second: dense, alpha: 0.5, normalization: "min-max" });
    expect(fused).toEqual([
      { id: "a", score: 0.5 },
      { id: "c", score: 0.5 },
      { id: "d", score: 0.4 },
      { id: "b", score: expect.closeTo(0.3, 12) },
    ]);
  });

  it("reduces to the first list's order at alpha 1 and the second's at alpha 0", () => {
    for (const normalization of ["min-max", "z-score"] as const) {
      const onlyFirst = fuseWeighted({ first: bm25, second: dense, alpha: 1, normalization });
      expect(onlyFirst.map((hit) => hit.id)).toEqual(["a", "b", "c", "d"]);
      const onlySecond = fuseWeighted({ first: bm25, second: dense, alpha: 0, normalization });
      expect(onlySecond.map((hit) => hit.id)).toEqual(["c", "d", "a", "b"]);
    }
  });

  it("z-scores with the population std and gives missing ids the list's lowest z", () => {
    // first: 1, 2, 3 → mean 2, std √(2/3); z = −1.2247, 0, 1.2247
    const first = [
      { id: "x", score: 3 },
      { id: "y", score: 2 },
      { id: "z", score: 1 },
    ];
    const fused = fuseWeighted({
      first,
      second: [{ id: "w", score: 5 }],
      alpha: 0.5,
      normalization: "z-score",
    });
    const z = 1 / Math.sqrt(2 / 3);
    // second has one item: std 0 → everything 0, missing 0 too.
    expect(fused.map((hit) => hit.id)).toEqual(["x", "y", "z", "w"]);
    expect(fused[0]?.score).toBeCloseTo(0.5 * z, 12);
    expect(fused[3]?.score).toBeCloseTo(-0.5 * z, 12); // w: first's minimum, not the mean
  });

  it("normalizes over the first depth items only", () => {
    const fused = fuseWeighted({ first: bm25, second: dense, alpha: 1, normalization: "min-max", depth: 2 });
    // bm25 within depth: a 12 → 1, b 8 → 0; c is beyond depth and now only in dense.
    expect(fused.slice(0, 2)).toEqual([
      { id: "a", score: 1 },
      { id: "b", score: 0 },
    ]);
    expect(fused.map((hit) => hit.id)).toEqual(["a", "b", "c", "d"]);
  });

  it("rejects alpha outside [0, 1]", () => {
    expect(() => fuseWeighted({ first: bm25, second: dense, alpha: 1.5, normalization: "min-max" })).toThrow(
      /alpha/,
    );
  });
});
