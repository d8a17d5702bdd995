import { describe, expect, it } from "vitest";
import { fuseReciprocalRank, type ScoredId } from "@/lib/retrieval/fusion/fuse-reciprocal-rank";

const list = (...ids: string[]): ScoredId[] => ids.map((id, position) => ({ id, score: 100 - position }));

describe("fuseReciprocalRank", () => {
  it("sums 1/(k + rank) — worked by hand with k = 60", () => {
    // bm25:  a(1) b(2) c(3)      dense: c(1) a(2) d(3)
    // a: 1/61 + 1/62 = 0.0325225…   c: 1/63 + 1/61 = 0.0322664…
    // b: 1/62 = 0.0161290…          d: 1/63 = 0.0158730…
    const fused = fuseReciprocalRank({ rankings: [list("a", "b", "c"), list("c", "a", "d")] });
    expect(fused.map((hit) => hit.id)).toEqual(["a", "c", "b", "d"]);
    expect(fused[0]?.score).toBeCloseTo(1 / 61 + 1 / 62, 12);
    expect(fused[1]?.score).toBeCloseTo(1 / 63 + 1 / 61, 12);
    expect(fused[2]?.score).toBeCloseTo(1 / 62, 12);
    expect(fused[3]?.score).toBeCloseTo(1 / 63, 12);
  });

  it("ignores scores and uses k: with k = 0, rank 1 + rank 3 beats rank 2 + rank 2", () => {
    // x: 1/1 + 1/3 = 1.333; y: 1/2 + 1/2 = 1
    const fused = fuseReciprocalRank({ rankings: [list("x", "y", "z"), list("z", "y", "x")], k: 0 });
    expect(fused.map((hit) => hit.id)).toEqual(["x", "z", "y"]);
    // x and z tie at 4/3; x and z both have best rank 1, so the id decides.
    expect(fused[0]?.score).toBeCloseTo(4 / 3, 12);
  });

  it("fuses only the first depth items of each ranking", () => {
    const fused = fuseReciprocalRank({ rankings: [list("a", "b", "c"), list("d", "e", "a")], depth: 2 });
    expect(fused.map((hit) => hit.id)).toEqual(["a", "d", "b", "e"]);
    expect(fused[0]?.score).toBeCloseTo(1 / 61, 12);
  });

  it("counts a repeated id once, at its first rank", () => {
    const fused = fuseReciprocalRank({ rankings: [list("a", "a", "b")] });
    expect(fused).toEqual([
      { id: "a", score: 1 / 61 },
      { id: "b", score: 1 / 63 },
    ]);
  });

  it("returns nothing for no rankings", () => {
    expect(fuseReciprocalRank({ rankings: [] })).toEqual([]);
  });
});
