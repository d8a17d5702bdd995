import type { ChunkSpan } from "@/lib/chunking/chunk-document";
import { chunkFixedCharacters } from "@/lib/chunking/chunk-fixed-characters";
import { trimSpan } from "@/lib/text/text-span";

/**
 * Greedy packing of units (sentences, recursive pieces) into chunks, shared by `sentence-packed`
 * and `recursive`. `units` must be sorted, disjoint, non-empty spans that start and end on
 * non-whitespace; `size` and `overlap` are UTF-16 code units (already validated).
 *
 * Contract:
 * - a chunk runs from the start of its first unit to the end of its last: units are never cut,
 *   except a unit longer than `size` (below); every unit lies in some chunk;
 * - greedy: a chunk takes the following units while it stays within `size`, so the unit after a
 *   chunk would not have fitted in it;
 * - overlap: the next chunk starts with the previous chunk's trailing units that span at most
 *   `overlap` code units (from the first repeated unit's start to the previous chunk's end), as
 *   many as fit, but fewer when the next new unit would not fit with them. So consecutive chunks
 *   share at most `overlap` code units, whole units, and none when no trailing unit fits;
 * - a unit longer than `size` is cut by the fixed-characters rule (windows of `size`, stepping
 *   `size - overlap`), each window trimmed of whitespace at its ends and dropped when it becomes
 *   empty or falls inside a neighbour; these windows are chunks of their own (nothing is carried
 *   into or out of them) and share at most `overlap` code units (one more near a surrogate pair);
 * - starts and ends both strictly increase: no chunk lies inside another;
 * - locality: the chunks up to unit j depend only on units up to j + 1 (one unit of lookahead).
 */
export function packSpans(options: {
  text: string;
  units: ChunkSpan[];
  size: number;
  overlap: number;
}): ChunkSpan[] {
  const { text, units, size, overlap } = options;
  const length = (first: number, last: number) => units[last]!.end - units[first]!.start;
  const chunks: ChunkSpan[] = [];
  let first = 0;
  while (first < units.length) {
    const unit = units[first]!;
    if (unit.end - unit.start > size) {
      chunks.push(...cutOversizeUnit({ text, unit, size, overlap }));
      first += 1;
      continue;
    }
    let last = first;
    while (last + 1 < units.length && length(first, last + 1) <= size) last += 1;
    chunks.push({ start: unit.start, end: units[last]!.end });
    const next = last + 1;
    if (next >= units.length) break;
    // The smallest carried unit that keeps within `overlap` and leaves room for units[next];
    // `next` itself (no carry) when units[next] is too long for any company.
    let carried = first + 1;
    while (carried <= last && (length(carried, last) > overlap || length(carried, next) > size)) {
      carried += 1;
    }
    first = carried;
  }
  return chunks;
}

function cutOversizeUnit(options: {
  text: string;
  unit: ChunkSpan;
  size: number;
  overlap: number;
}): ChunkSpan[] {
  const { text, unit, size, overlap } = options;
  const windows = chunkFixedCharacters({ text: text.slice(unit.start, unit.end), size, overlap });
  const kept: ChunkSpan[] = [];
  for (const window of windows) {
    const trimmed = trimSpan({ text, start: unit.start + window.start, end: unit.start + window.end });
    if (!trimmed) continue;
    const previous = kept.at(-1);
    // Trimmed windows have non-decreasing starts and ends; keep only strictly increasing ones.
    if (previous && trimmed.end <= previous.end) continue;
    if (previous && trimmed.start <= previous.start) kept.pop();
    kept.push(trimmed);
  }
  return kept;
}
