/** A labeled span to highlight: UTF-16 offsets into the document text, end exclusive. */
export type Highlight = { id: string; start: number; end: number; grade: number };

/** A run of text covered by the same set of highlights (possibly none). */
export type TextSegment = { start: number; end: number; highlights: Highlight[] };

/**
 * Splits `[0, textLength)` into consecutive segments at every highlight boundary, so that
 * overlapping highlights never nest: each segment lists every highlight that covers it.
 * Highlights are clamped to the text; empty or inverted ones are dropped.
 */
export function splitIntoSegments(textLength: number, highlights: readonly Highlight[]): TextSegment[] {
  if (textLength <= 0) return [];
  const clamped = highlights
    .map((highlight) => ({
      ...highlight,
      start: Math.max(0, Math.min(textLength, highlight.start)),
      end: Math.max(0, Math.min(textLength, highlight.end)),
    }))
    .filter((highlight) => highlight.start < highlight.end);

  const boundaries = new Set<number>([0, textLength]);
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

/** The grade a segment is drawn with: the highest among its highlights. */
export function segmentGrade(segment: TextSegment): number | null {
  if (segment.highlights.length === 0) return null;
  return Math.max(...segment.highlights.map((highlight) => highlight.grade));
}
