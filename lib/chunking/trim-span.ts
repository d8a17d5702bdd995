import type { ChunkSpan } from "@/lib/chunking/chunk-document";

/**
 * Whitespace, for every chunker: what JavaScript's `\s` and `String.prototype.trim` treat as
 * whitespace (Unicode White_Space, line terminators and U+FEFF). All of it is in the BMP, so one
 * UTF-16 code unit is one whitespace character.
 */
const WHITESPACE = /\s/;

export function isWhitespaceAt(text: string, offset: number): boolean {
  return WHITESPACE.test(text.charAt(offset));
}

/** `[start, end)` without its leading and trailing whitespace; null when nothing else is left. */
export function trimSpan(options: { text: string; start: number; end: number }): ChunkSpan | null {
  const { text } = options;
  let { start, end } = options;
  while (start < end && isWhitespaceAt(text, start)) start += 1;
  while (end > start && isWhitespaceAt(text, end - 1)) end -= 1;
  return start < end ? { start, end } : null;
}

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
