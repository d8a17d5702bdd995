/**
 * Optimal-string-alignment distance (Damerau–Levenshtein where a transposition counts 1 and
 * no substring is edited twice), bounded: returns `max + 1` as soon as the distance is known to
 * exceed `max`. Compares UTF-16 code units, which is exact for the BMP text of query logs.
 */
export function boundedEditDistance(left: string, right: string, max: number): number {
  if (Math.abs(left.length - right.length) > max) return max + 1;
  if (left === right) return 0;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row += 1) {
    const current = [row];
    let rowMinimum = row;
    for (let column = 1; column <= right.length; column += 1) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let distance = Math.min(previous[column]! + 1, current[column - 1]! + 1, previous[column - 1]! + cost);
      const transposed =
        row > 1 && column > 1 && left[row - 1] === right[column - 2] && left[row - 2] === right[column - 1];
      if (transposed) distance = Math.min(distance, beforePrevious[column - 2]! + 1);
      current.push(distance);
      rowMinimum = Math.min(rowMinimum, distance);
    }
    if (rowMinimum > max) return max + 1;
    beforePrevious = previous;
    previous = current;
  }
  return Math.min(previous[right.length]!, max + 1);
}
