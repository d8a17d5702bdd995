/**
 * Start offsets (UTF-16) of every occurrence of `needle` in `text`, overlapping ones included,
 * ascending. Stops after `limit` hits, so "is it unique?" costs at most two scans.
 */
export function findOccurrences(options: { text: string; needle: string; limit?: number }): number[] {
  const { text, needle, limit = Number.POSITIVE_INFINITY } = options;
  const starts: number[] = [];
  if (needle.length === 0) return starts;
  let from = text.indexOf(needle);
  while (from !== -1 && starts.length < limit) {
    starts.push(from);
    from = text.indexOf(needle, from + 1);
  }
  return starts;
}
