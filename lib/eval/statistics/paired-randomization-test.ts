import { AppError } from "@/lib/errors";
import { createSeededRandom, DEFAULT_SEED } from "@/lib/eval/statistics/seeded-random";

/** Random sign flips when none are asked for: the CLI, the REST API and the comparison page. */
export const DEFAULT_PERMUTATIONS = 10_000;

/**
 * Two-sided paired randomization (permutation) test of "the mean per-query difference is 0".
 * Under that hypothesis each difference's sign is arbitrary, so the test flips signs and counts
 * how often |mean| of the flipped differences reaches the observed |mean|.
 *
 * - When 2^n ≤ `permutations` it enumerates all 2^n sign assignments (the observed one included)
 *   and p = (assignments with |mean| ≥ observed) / 2^n — exact; e.g. five positive differences
 *   give 2/32 (the identity and the all-flipped assignment).
 * - Otherwise it draws `permutations` random sign assignments from a seeded generator and
 *   p = (draws with |mean| ≥ observed + 1) / (permutations + 1), the usual Monte Carlo
 *   convention that counts the observed assignment once: p is never 0, and it is a valid p-value.
 *
 * "≥" allows a relative 1e-12 of Σ|d| for rounding, since a flipped sum adds in a different order.
 * No differences, or all zero, give p = 1.
 */
export function pairedRandomizationTest(options: {
  differences: number[];
  /** Random sign assignments to draw (default 10,000), or the cap for exact enumeration. */
  permutations?: number;
  seed?: number;
}): { meanDifference: number; pValue: number; permutations: number; exact: boolean } {
  const { differences, permutations = DEFAULT_PERMUTATIONS, seed = DEFAULT_SEED } = options;
  if (!Number.isInteger(permutations) || permutations < 1) {
    throw new AppError("bad_request", `Permutations must be a whole number ≥ 1 (got ${permutations}).`);
  }
  if (!differences.every(Number.isFinite)) {
    throw new AppError("bad_request", "A per-query difference is not a finite number.");
  }
  const count = differences.length;
  const observedSum = differences.reduce((sum, value) => sum + value, 0);
  const slack = 1e-12 * differences.reduce((sum, value) => sum + Math.abs(value), 0);
  const threshold = Math.abs(observedSum) - slack;
  const meanDifference = count === 0 ? 0 : observedSum / count;

  if (count <= 30 && 2 ** count <= permutations) {
    const assignments = 2 ** count;
    let extreme = 0;
    for (let mask = 0; mask < assignments; mask++) {
      let sum = 0;
      for (let index = 0; index < count; index++) {
        const value = differences[index] ?? 0;
        sum += (mask >>> index) & 1 ? -value : value;
      }
      if (Math.abs(sum) >= threshold) extreme += 1;
    }
    return { meanDifference, pValue: extreme / assignments, permutations: assignments, exact: true };
  }

  const random = createSeededRandom(seed);
  const table = signedSumTable(differences);
  const words = Math.ceil(count / 32);
  const groups = table.length / 256;
  let extreme = 0;
  for (let draw = 0; draw < permutations; draw++) {
    let sum = 0;
    for (let word = 0; word < words; word++) {
      // One 32-bit draw supplies the signs of 32 differences: bit i flips difference 32·word + i.
      const bits = (random() * 2 ** 32) >>> 0;
      const first = word * 4;
      const last = Math.min(first + 4, groups);
      for (let group = first; group < last; group++) {
        sum += table[group * 256 + ((bits >>> ((group - first) * 8)) & 255)] as number;
      }
    }
    if (Math.abs(sum) >= threshold) extreme += 1;
  }
  return { meanDifference, pValue: (extreme + 1) / (permutations + 1), permutations, exact: false };
}

/**
 * The signed sums of each group of 8 consecutive differences under all 256 sign patterns (bit j
 * set: difference j of the group is negated), so that a draw adds count/8 table entries instead
 * of flipping count signs one by one — the same flips, 8× fewer steps. The last group is padded
 * with zeros.
 */
function signedSumTable(differences: readonly number[]): Float64Array {
  const groups = Math.ceil(differences.length / 8);
  const table = new Float64Array(groups * 256);
  for (let group = 0; group < groups; group++) {
    for (let pattern = 0; pattern < 256; pattern++) {
      let sum = 0;
      for (let bit = 0; bit < 8; bit++) {
        const value = differences[group * 8 + bit] ?? 0;
        sum += (pattern >>> bit) & 1 ? -value : value;
      }
      table[group * 256 + pattern] = sum;
    }
  }
  return table;
}
