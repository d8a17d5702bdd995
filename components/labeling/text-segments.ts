import { findTabularBlocks, type TextBlock } from "@/lib/corpora/find-tabular-blocks";

/**
 * A labeled span to highlight: UTF-16 offsets into the document text, end exclusive. `suggested`:
 * the judge's quote (a suggestion, not a label), drawn apart and never giving a segment its grade.
 */
export type Highlight = { id: string; start: number; end: number; grade: number; suggested?: boolean };

/** A run of text covered by the same set of highlights (possibly none). */
export type TextSegment = { start: number; end: number; highlights: Highlight[] };

/** A block of the text (see findTabularBlocks) with the segments that make it up. */
export type SegmentBlock = TextBlock & { segments: TextSegment[] };

/**
 * Splits `[0, textLength)` into consecutive segments at every highlight boundary and at every
 * offset in `cuts`, so that overlapping highlights never nest: each segment lists every
 * highlight that covers it. Highlights are clamped to the text; empty or inverted ones are dropped.
 */
export function splitIntoSegments(
  textLength: number,
  highlights: readonly Highlight[],
  cuts: readonly number[] = [],
): TextSegment[] {
  if (textLength <= 0) return [];
  const clamped = highlights
    .map((highlight) => ({
      ...highlight,
      start: Math.max(0, Math.min(textLength, highlight.start)),
      end: Math.max(0, Math.min(textLength, highlight.end)),
    }))
    .filter((highlight) => highlight.start < highlight.end);

  const boundaries = new Set<number>([0, textLength]);
  for (const cut of cuts) if (cut > 0 && cut < textLength) boundaries.add(cut);
  for (const highlight of clamped) {
    boundaries.add(highlight.start);
    boundaries.add(highlight.end);
  }
  const sorted = [...boundaries].sort((a, b) => a - b);

  const segments: TextSegment[] = [];
  for (let index = 0; index + 1 < sorted.length; index++) {
    const start = sorted[index]!;
    const end = sorted[index + 1]!;
    const covering = clamped.filter((highlight) => highlight.start <= start && highlight.end >= end);
    segments.push({ start, end, highlights: covering });
  }
  return segments;
}

/**
 * The text's blocks (prose, or tabular lines to lay out in columns), each with its segments: a
 * highlight that crosses a block edge is cut there, so every segment sits inside one block and a
 * block can be its own element. The segments of all blocks, in order, are those of
 * splitIntoSegments — offsets unchanged, the text covered exactly once.
 */
export function splitIntoBlocks(text: string, highlights: readonly Highlight[]): SegmentBlock[] {
  const blocks = findTabularBlocks(text);
  const segments = splitIntoSegments(
    text.length,
    highlights,
    blocks.map((block) => block.start),
  );
  let next = 0;
  return blocks.map((block) => {
    const inside: TextSegment[] = [];
    while (next < segments.length && segments[next]!.end <= block.end) inside.push(segments[next++]!);
    return { ...block, segments: inside };
  });
}

/** The grade a segment is drawn with: the highest among its labels' highlights (suggestions aside). */
export function segmentGrade(segment: TextSegment): number | null {
  const labels = segment.highlights.filter((highlight) => !highlight.suggested);
  if (labels.length === 0) return null;
  return Math.max(...labels.map((highlight) => highlight.grade));
}

/** Whether the judge's suggested quote covers the segment. */
export function segmentSuggested(segment: TextSegment): boolean {
  return segment.highlights.some((highlight) => highlight.suggested);
}
