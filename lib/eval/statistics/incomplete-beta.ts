import { AppError } from "@/lib/errors";

// Lanczos approximation, g = 7, n = 9 (relative error ≈ 1e-15 for x > 0).
const LANCZOS_G = 7;
const LANCZOS_COEFFICIENTS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos), with the reflection formula below 1/2. */
export function logGamma(x: number): number {
  if (!(x > 0)) throw new AppError("bad_request", `logGamma needs x > 0 (got ${x}).`);
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const shifted = x - 1;
  let series = LANCZOS_COEFFICIENTS[0] ?? 0;
  for (let index = 1; index < LANCZOS_COEFFICIENTS.length; index++) {
    series += (LANCZOS_COEFFICIENTS[index] ?? 0) / (shifted + index);
  }
  const base = shifted + LANCZOS_G + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (shifted + 0.5) * Math.log(base) - base + Math.log(series);
}

/**
 * The regularized incomplete beta function I_x(a, b) = B(x; a, b) / B(a, b), for a, b > 0 and
 * x in [0, 1]: the CDF of the Beta(a, b) distribution. Numerical Recipes (3rd ed., §6.4):
 * the continued fraction (modified Lentz) converges fast for x < (a + 1)/(a + b + 2); above that
 * it uses the symmetry I_x(a, b) = 1 − I_{1−x}(b, a).
 */
export function regularizedIncompleteBeta(options: { x: number; a: number; b: number }): number {
  const { x, a, b } = options;
  if (!(a > 0 && b > 0))
    throw new AppError("bad_request", `The beta parameters must be > 0 (got ${a}, ${b}).`);
  if (!(x >= 0 && x <= 1)) throw new AppError("bad_request", `x must be in [0, 1] (got ${x}).`);
  if (x === 0 || x === 1) return x;
  const logFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x);
  const front = Math.exp(logFront);
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(x, a, b)) / a;
  return 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

const MAX_ITERATIONS = 10_000;
const EPSILON = 1e-16;
const TINY = 1e-300;

/** Numerical Recipes' `betacf`: the continued fraction for I_x(a, b), by modified Lentz. */
function betaContinuedFraction(x: number, a: number, b: number): number {
  const sum = a + b;
  const plusOne = a + 1;
  const minusOne = a - 1;
  let c = 1;
  let d = 1 - (sum * x) / plusOne;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let fraction = d;
  for (let m = 1; m <= MAX_ITERATIONS; m++) {
    const twoM = 2 * m;
    // Even step.
    let term = (m * (b - m) * x) / ((minusOne + twoM) * (a + twoM));
    d = 1 + term * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + term / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    fraction *= d * c;
    // Odd step.
    term = (-(a + m) * (sum + m) * x) / ((a + twoM) * (plusOne + twoM));
    d = 1 + term * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + term / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const step = d * c;
    fraction *= step;
    if (Math.abs(step - 1) < EPSILON) return fraction;
  }
  throw new AppError("internal", `The incomplete beta did not converge for a = ${a}, b = ${b}, x = ${x}.`);
}
