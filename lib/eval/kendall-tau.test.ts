import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { kendallTauB } from "@/lib/eval/kendall-tau";

describe("kendallTauB", () => {
  it("is 1 for the same order and −1 for the reverse, whatever the scale", () => {
    expect(kendallTauB({ first: [0.1, 0.2, 0.3, 0.4], second: [10, 20, 30, 40] })).toBe(1);
    expect(kendallTauB({ first: [0.1, 0.2, 0.3, 0.4], second: [4, 3, 2, 1] })).toBe(-1);
  });

  it("counts concordant and discordant pairs by hand without ties", () => {
    // first 1..5, second 3 1 2 5 4. Of the 10 pairs, discordant: (1,2) 3>1, (1,3) 3>2, (4,5) 5>4;
    // the other 7 concordant. τ = (7 − 3) / √(10 · 10) = 0.4.
    expect(kendallTauB({ first: [1, 2, 3, 4, 5], second: [3, 1, 2, 5, 4] })).toBeCloseTo(0.4, 15);
  });

  it("matches scipy's documented example with a pair tied in both and one tied in first only", () => {
    // scipy.stats.kendalltau([12, 2, 1, 12, 2], [1, 4, 7, 1, 0]) → -0.47140452079103173.
    // By hand: items 1 and 4 tie in both (ignored); items 2 and 5 tie in first only (T = 1); of the
    // other 8 pairs 2 are concordant and 6 discordant: (2 − 6) / √((8 + 1) · 8) = −4 / √72.
    const tau = kendallTauB({ first: [12, 2, 1, 12, 2], second: [1, 4, 7, 1, 0] });
    expect(tau).toBeCloseTo(-4 / Math.sqrt(72), 15);
    expect(tau).toBeCloseTo(-0.47140452079103173, 15);
  });

  it("corrects for ties in each scoring separately", () => {
    // Runs' nDCG@10 under people [.5, .4, .4, .3] and under the judge [.6, .6, .5, .2]:
    // pair (2,3) tied under people only (T = 1), pair (1,2) under the judge only (U = 1), the
    // other 4 concordant: τ_b = 4 / √(5 · 5) = 0.8 (τ-a would be 4 / 6).
    expect(kendallTauB({ first: [0.5, 0.4, 0.4, 0.3], second: [0.6, 0.6, 0.5, 0.2] })).toBeCloseTo(0.8, 15);
  });

  it("is symmetric in its two scorings", () => {
    const first = [3, 1, 4, 1, 5, 9, 2, 6];
    const second = [2, 7, 1, 8, 2, 8, 1, 8];
    expect(kendallTauB({ first, second })).toBe(kendallTauB({ first: second, second: first }));
  });

  it("is null where scipy answers NaN: under two items or a constant scoring", () => {
    expect(kendallTauB({ first: [], second: [] })).toBeNull();
    expect(kendallTauB({ first: [0.3], second: [0.4] })).toBeNull();
    expect(kendallTauB({ first: [0.3, 0.3, 0.3], second: [0.1, 0.2, 0.3] })).toBeNull();
    expect(kendallTauB({ first: [0.1, 0.2, 0.3], second: [0.5, 0.5, 0.5] })).toBeNull();
  });

  it("refuses scorings of different lengths and non-finite scores", () => {
    expect(() => kendallTauB({ first: [1, 2], second: [1] })).toThrow(AppError);
    expect(() => kendallTauB({ first: [1, Number.NaN], second: [1, 2] })).toThrow(AppError);
  });
});
