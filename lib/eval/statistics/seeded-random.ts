/**
 * A seeded pseudo-random source for the statistics (randomization test, bootstrap), so that the
 * same inputs and seed always give the same p-value and interval. mulberry32: 32 bits of state,
 * period 2^32, good enough for resampling (it is not cryptographic). Each call returns a float in
 * [0, 1) that is a whole multiple of 2^-32, so `random() * 2 ** 32` is an exact 32-bit integer.
 */
export function createSeededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number in [0, count), uniform up to the generator's 2^-32 resolution. */
export function randomIndex(random: () => number, count: number): number {
  return Math.floor(random() * count);
}

/** The seed the statistics use when the caller gives none: results are reproducible by default. */
export const DEFAULT_SEED = 20240917;
