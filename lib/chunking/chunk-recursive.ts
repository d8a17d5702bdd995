import type { ChunkSpan } from "@/lib/chunking/chunk-document";
import { validateWindow } from "@/lib/chunking/chunk-fixed-characters";
import { packSpans } from "@/lib/chunking/pack-spans";
import { splitSpanAt } from "@/lib/chunking/trim-span";
import { splitSentences } from "@/lib/text/split-sentences";
import { trimSpan } from "@/lib/text/text-span";

export type RecursiveOptions = { strategy: "recursive"; size: number; overlap: number };

/**
 * LangChain's RecursiveCharacterTextSplitter, span-preserving: `splitRecursively` cuts the text
 * into pieces of at most `size` code units, preferring the coarsest separator, and `packSpans`
 * merges them greedily up to `size` with up to `overlap` code units of whole trailing pieces
 * carried into the next chunk.
 *
 * Differences from LangChain, on purpose: pieces are spans of the original text, trimmed, and
 * separators are never re-inserted or dropped from inside a chunk; pieces that fit are merged in
 * one pass over the whole document (LangChain merges only siblings, so a long paragraph's last
 * piece never shares a chunk with the next paragraph, and overlap stops there); the
 * sentence level uses `splitSentences`.
 *
 * Contract (with `packSpans`): every non-whitespace character lies in some chunk; every chunk is
 * at most `size` code units (2 for `size` 1 on an astral character) and starts and ends on
 * non-whitespace; consecutive chunks share at most `overlap` code units, in whole pieces, none
 * when no trailing piece fits (a paragraph that fits is one piece, so a small `overlap` often
 * carries nothing). Stability, for a document longer than `size` before and after an edit: the
 * pieces of a paragraph are final once a blank line after it is written, and a chunk is final once
 * the piece after its last one is; so an edit moves no chunk that ends before the last piece of
 * the last paragraph closed ahead of it. Inside the paragraph being edited any piece may change:
 * whether the paragraph, a line or a sentence fits in `size` decides how it is cut.
 */
export function chunkRecursive(options: { text: string; size: number; overlap: number }): ChunkSpan[] {
  const { text, size, overlap } = options;
  validateWindow(size, overlap);
  return packSpans({ text, units: splitRecursively({ text, size }), size, overlap });
}

type SplitLevel = (text: string, span: ChunkSpan) => ChunkSpan[];

/** Coarsest first. Each returns the trimmed, non-empty pieces of `span`. */
const SPLIT_LEVELS: SplitLevel[] = [
  (text, span) => splitSpanAt({ text, span, separator: /\n[^\S\n]*\n/g }), // paragraphs (blank lines)
  (text, span) => splitSpanAt({ text, span, separator: /\n/g }), // lines
  (text, span) =>
    splitSentences({ text: text.slice(span.start, span.end) }).map((sentence) => ({
      start: span.start + sentence.start,
      end: span.start + sentence.end,
    })),
  (text, span) => splitSpanAt({ text, span, separator: /\s+/g }), // words
];

/**
 * The pieces: the whole text (trimmed) if it fits in `size`; otherwise its paragraphs, each
 * kept if it fits and otherwise split into lines, then sentences, then words, then code points.
 * Sorted, disjoint, trimmed; together they hold every non-whitespace character.
 */
export function splitRecursively(options: { text: string; size: number }): ChunkSpan[] {
  const { text, size } = options;
  const pieces: ChunkSpan[] = [];
  const collect = (span: ChunkSpan, level: number): void => {
    if (span.end - span.start <= size) {
      pieces.push(span);
      return;
    }
    const split = SPLIT_LEVELS[level];
    if (!split) {
      for (let offset = span.start; offset < span.end; ) {
        const end = offset + String.fromCodePoint(text.codePointAt(offset)!).length;
        pieces.push({ start: offset, end });
        offset = end;
      }
      return;
    }
    for (const piece of split(text, span)) collect(piece, level + 1);
  };
  const whole = trimSpan({ text, start: 0, end: text.length });
  if (whole) collect(whole, 0);
  return pieces;
}
