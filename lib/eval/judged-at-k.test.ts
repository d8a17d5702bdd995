import { describe, expect, it } from "vitest";
import { judgedAtK } from "@/lib/eval/judged-at-k";

describe("judgedAtK", () => {
  it("is the share of the top k that is judged", () => {
    const judgedByRank = [true, false, true, true, false, false, false, false, false, true];
    expect(judgedAtK({ judgedByRank, ks: [1, 2, 3, 5, 10] })).toEqual({
      1: 1,
      2: 0.5,
      3: 2 / 3,
      5: 3 / 5,
      10: 4 / 10,
    });
  });

  it("divides a ranking shorter than k by its length, and an empty ranking is 0", () => {
    expect(judgedAtK({ judgedByRank: [true, true, false], ks: [1, 5, 20] })).toEqual({
      1: 1,
      5: 2 / 3,
      20: 2 / 3,
    });
    expect(judgedAtK({ judgedByRank: [], ks: [1, 10] })).toEqual({ 1: 0, 10: 0 });
  });
});
