import type { ChunkSpan } from "@/lib/chunking/chunk-document";
import { trimSpan } from "@/lib/text/text-span";

/**
 * The pieces of `[span.start, span.end)` between the matches of `separator` (a global regex),
 * trimmed, whitespace-only pieces dropped. Offsets are into `text`.
 */
export function splitSpanAt(options: { text: string; span: ChunkSpan; separator: RegExp }): ChunkSpan[] {
  const { text, span, separator } = options;
  const pieces: ChunkSpan[] = [];
  let pieceStart = span.start;
  const push = (end: number) => {
    const piece = trimSpan({ text, start: pieceStart, end });
    if (piece) pieces.push(piece);
  };
  for (const match of text.slice(span.start, span.end).matchAll(separator)) {
    if (match[0].length === 0) continue;
    push(span.start + match.index);
    pieceStart = span.start + match.index + match[0].length;
  }
  push(span.end);
  return pieces;
}
