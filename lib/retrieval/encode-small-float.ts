/**
 * Lucene's SmallFloat.intToByte4 / byte4ToInt: how Lucene ≥ 7 stores a field's length (its norm)
 * in one byte. Codes 0–23 are the length itself; above, code 24 + c stands for 24 + x with x
 * rounded down to 4 significant bits (3 stored, 1 implicit), so lengths up to 40 survive exactly
 * and longer ones share buckets (41 → 40, 100 → 96, 1000 → 984). BM25 scores depend on these
 * decoded lengths, not on the true ones.
 */

/** Non-negative long → 8-bit float-like code: exact below 8, else 3 mantissa bits + exponent. */
function longToInt4(value: number): number {
  const bitCount = 32 - Math.clz32(value);
  if (bitCount < 4) return value;
  const shift = bitCount - 4;
  return ((value >>> shift) & 0x07) | ((shift + 1) << 3);
}

function int4ToLong(code: number): number {
  const bits = code & 0x07;
  const shift = (code >>> 3) - 1;
  return shift === -1 ? bits : (bits | 0x08) * 2 ** shift;
}

const MAX_INT4 = longToInt4(0x7fffffff);
/** Codes below this are the length itself: 24. */
const NUM_FREE_VALUES = 255 - MAX_INT4;

/** A length (0 ≤ length ≤ 2³¹ − 1) → its norm byte (0–255), rounding down. */
export function intToByte4(length: number): number {
  if (!Number.isInteger(length) || length < 0 || length > 0x7fffffff) {
    throw new RangeError(`a norm length must be a whole number in [0, 2^31), got ${length}`);
  }
  if (length < NUM_FREE_VALUES) return length;
  return NUM_FREE_VALUES + longToInt4(length - NUM_FREE_VALUES);
}

/** A norm byte (0–255) → the length Lucene's BM25 uses for it. */
export function byte4ToInt(code: number): number {
  if (code < NUM_FREE_VALUES) return code;
  return NUM_FREE_VALUES + int4ToLong(code - NUM_FREE_VALUES);
}

/** byte4ToInt for every byte, as Lucene's BM25Similarity.LENGTH_TABLE (float32 values). */
export const LUCENE_LENGTH_TABLE: Float32Array = Float32Array.from({ length: 256 }, (_, code) =>
  byte4ToInt(code),
);
