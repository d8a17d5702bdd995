import { AppError } from "@/lib/errors";

export type FixedCharactersOptions = { strategy: "fixed-characters"; size: number; overlap: number };

type Span = { start: number; end: number };

/**
 * Windows of `size` UTF-16 code units, each starting `size - overlap` after the previous one.
 *
 * Contract:
 * - the spans cover [0, text.length) with no gap; an empty text yields no spans;
 * - a boundary that would fall inside a surrogate pair moves one unit back, so a window is never
 *   longer than `size` (except size 1 on an astral character: the pair is kept whole, length 2);
 *   near such pairs two neighbours may share a unit more, or up to two fewer, than `overlap`;
 * - no window lies wholly inside the one before it: the window that reaches the end of the text
 *   is the last one (it may be shorter than `size`), and a window that would end where the
 *   previous one ended is skipped.
 */
export function chunkFixedCharacters(options: { text: string; size: number; overlap: number }): Span[] {
  const { text, size, overlap } = options;
  validateWindow(size, overlap);
  const length = text.length;
  const spans: Span[] = [];
  const step = size - overlap;
  let start = 0;
  while (start < length) {
    let end = snapBack(text, Math.min(start + size, length));
    if (end <= start) end = start + 2; // size 1 on a surrogate pair: keep the pair whole
    // A step of 1 after a pulled-back end can give a window that ends where the last one did.
    const previousEnd = spans.at(-1)?.end ?? 0;
    if (end > previousEnd) spans.push({ start, end });
    if (end >= length) break;
    let next = snapBack(text, start + step);
    if (next <= start) next = start + 2; // step 1 landed inside the pair that starts at `start`
    start = next;
  }
  return spans;
}

/** Throws `bad_request` unless `size` ≥ 1 and 0 ≤ `overlap` < `size`, both whole numbers. */
export function validateWindow(size: number, overlap: number): void {
  if (!Number.isInteger(size) || size < 1) {
    throw new AppError("bad_request", `Chunk size must be a whole number of at least 1 (got ${size}).`);
  }
  if (!Number.isInteger(overlap) || overlap < 0 || overlap >= size) {
    throw new AppError(
      "bad_request",
      `Chunk overlap must be a whole number from 0 to size - 1 = ${size - 1} (got ${overlap}).`,
    );
  }
}

/** Moves an offset that falls between a high and a low surrogate one unit back. */
function snapBack(text: string, offset: number): number {
  if (offset <= 0 || offset >= text.length) return offset;
  const before = text.charCodeAt(offset - 1);
  const after = text.charCodeAt(offset);
  const splitsPair = before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff;
  return splitsPair ? offset - 1 : offset;
}
