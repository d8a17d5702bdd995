// Sort keys pack a 32-bit score key above a 21-bit index: exact in a float64 (53 bits), and
// sorted by the engine's native numeric sort, with no comparator call per comparison.
const INDEX_RANGE = 2 ** 21;
const floatView = new Float32Array(1);
const bitsView = new Uint32Array(floatView.buffer);

/**
 * Orders one query's retrieved documents as trec_eval does: score descending, ties broken by
 * docno descending in byte order (`strcmp`, given as `compareDocnos`). `scores` are 32-bit floats
 * (trec_eval reads scores into a C float, so values equal at float precision tie). The input
 * order and the run's rank column play no part.
 * Returns the indices of the first `count` entries, best first.
 */
export function rankQuery(options: {
  scores: ArrayLike<number>;
  compareDocnos: (a: number, b: number) => number;
  count: number;
}): Uint32Array {
  const { scores, compareDocnos, count } = options;
  const order = new Uint32Array(count);
  if (count < INDEX_RANGE) {
    const keys = new Float64Array(count);
    for (let i = 0; i < count; i++) keys[i] = descendingScoreKey(scores[i]!) * INDEX_RANGE + i;
    keys.sort();
    for (let i = 0; i < count; i++) order[i] = keys[i]! % INDEX_RANGE;
  } else {
    for (let i = 0; i < count; i++) order[i] = i;
    order.sort((a, b) => scores[b]! - scores[a]!);
  }
  // Equal scores are adjacent now; order each tie group by docno, descending.
  const byDocnoDescending = (a: number, b: number) => compareDocnos(b, a);
  let groupStart = 0;
  for (let i = 1; i <= count; i++) {
    if (i === count || scores[order[i]!] !== scores[order[groupStart]!]) {
      if (i - groupStart > 1) order.subarray(groupStart, i).sort(byDocnoDescending);
      groupStart = i;
    }
  }
  return order;
}

/**
 * An unsigned 32-bit key that sorts ascending as the float32 `score` sorts descending. -0 maps to
 * +0's key because C compares them equal.
 */
function descendingScoreKey(score: number): number {
  floatView[0] = score === 0 ? 0 : score;
  const bits = bitsView[0]!;
  const ascending = bits & 0x80000000 ? ~bits >>> 0 : (bits | 0x80000000) >>> 0;
  return 0xffffffff - ascending;
}
