import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { logGamma, regularizedIncompleteBeta } from "@/lib/eval/statistics/incomplete-beta";

describe("logGamma", () => {
  it("matches factorials and Γ(1/2) = √π", () => {
    expect(logGamma(1)).toBeCloseTo(0, 14);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 13);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 13);
    // Reference values (scipy.special.gammaln).
    expect(logGamma(10.5)).toBeCloseTo(13.940625219403763, 12);
    expect(logGamma(100)).toBeCloseTo(359.1342053695754, 10);
    expect(logGamma(0.1)).toBeCloseTo(Math.log(9.513507698668732), 12);
  });
});

describe("regularizedIncompleteBeta", () => {
  const beta = (x: number, a: number, b: number) => regularizedIncompleteBeta({ x, a, b });

  it("matches closed forms", () => {
    // I_x(2, 3) = Σ_{j=2..4} C(4, j) x^j (1−x)^(4−j): at 1/2, (6 + 4 + 1)/16.
    expect(beta(0.5, 2, 3)).toBeCloseTo(11 / 16, 14);
    expect(beta(0.3, 4, 1)).toBeCloseTo(0.3 ** 4, 14); // I_x(a, 1) = x^a
    expect(beta(0.3, 1, 3)).toBeCloseTo(1 - 0.7 ** 3, 14); // I_x(1, b) = 1 − (1−x)^b
    expect(beta(0.5, 7.5, 7.5)).toBeCloseTo(0.5, 14); // symmetric
    expect(beta(0.3, 0.5, 0.5)).toBeCloseTo((2 / Math.PI) * Math.asin(Math.sqrt(0.3)), 13); // arcsine
  });

  it("matches reference values on both sides of the switch point", () => {
    // scipy.special.betainc
    expect(beta(0.9, 5, 0.5)).toBeCloseTo(0.3166429150200122, 13);
    expect(beta(0.45, 30, 40)).toBeCloseTo(0.6447480085585666, 12);
    expect(beta(0.2, 30, 40) + beta(0.8, 40, 30)).toBeCloseTo(1, 14);
  });

  it("is 0 at x = 0, 1 at x = 1, and rejects bad input", () => {
    expect(beta(0, 2, 3)).toBe(0);
    expect(beta(1, 2, 3)).toBe(1);
    expect(() => beta(1.5, 2, 3)).toThrowError(AppError);
    expect(() => beta(0.5, 0, 3)).toThrowError(AppError);
  });
});
