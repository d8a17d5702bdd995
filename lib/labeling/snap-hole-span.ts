import { snapToCodePoints } from "@/lib/anchor/snap-to-code-points";
import type { SentenceSpan } from "@/lib/text/split-sentences";

/**
 * A hole's span as shown and pre-selected: the chunk a run retrieved, widened so that it never
 * starts or ends inside a word, and to a whole sentence when it nearly covers that sentence.
 * Chunkers cut by characters or tokens, so a raw chunk reads "13 is easy…" or "…olid green".
 *
 * The contract: a label on the span judges the chunk under any coverage θ. Coverage is overlap over
 * the shorter span (docs/domain.md, "Evaluation"), so it is 1 exactly when one span contains the
 * other; and the workspace saves a selection without its edge whitespace (`trimOffsets`). So the
 * span never starts or ends with whitespace, and it either contains the chunk (widened, the usual
 * case) or, when the chunk itself starts or ends with whitespace that a label cannot keep, lies
 * inside it (narrowed to the whole words within).
 */

/**
 * A sentence the span covers at least this share of (in UTF-16 units) is taken whole: the few
 * words the chunker cut off are more text to read than to judge, and a judgment of the whole
 * sentence is what an annotator would select by hand. Below it only the cut word is completed.
 */
export const SENTENCE_SHARE = 0.8;

/**
 * Words longer than this (in UTF-16 units) are not completed: a run of letters that long is a
 * hash, a URL or a blob, and widening a span by kilobytes of it helps no reader.
 */
const LONGEST_WORD = 64;

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
/** Characters that join two word characters into one word: "3.5", "1,405", "don't", "e-mail". */
const JOINERS = new Set([".", ",", "'", "’", "-", "_"]);

/** The code point that ends just before `offset` (a surrogate pair read whole). */
function charBefore(text: string, offset: number): string {
  if (offset <= 0) return "";
  const code = text.charCodeAt(offset - 1);
  const pair = code >= 0xdc00 && code <= 0xdfff && offset >= 2;
  return pair ? String.fromCodePoint(text.codePointAt(offset - 2) ?? code) : text.charAt(offset - 1);
}

/** The code point that starts at `offset`. */
function charAt(text: string, offset: number): string {
  if (offset >= text.length) return "";
  return String.fromCodePoint(text.codePointAt(offset) ?? 0);
}

const isWordChar = (char: string) => char !== "" && WORD_CHAR.test(char);

/** Whether `offset` falls inside a word: word characters (or a joiner between them) on both sides. */
function insideWord(text: string, offset: number): boolean {
  const before = charBefore(text, offset);
  const after = charAt(text, offset);
  if (isWordChar(before) && isWordChar(after)) return true;
  if (isWordChar(before) && JOINERS.has(after)) return isWordChar(charAt(text, offset + after.length));
  if (JOINERS.has(before) && isWordChar(after)) return isWordChar(charBefore(text, offset - before.length));
  return false;
}

/** `offset` moved back to the start of the word it falls in (unchanged between words). */
function wordStart(text: string, offset: number): number {
  let at = offset;
  while (at > 0 && offset - at < LONGEST_WORD && insideWord(text, at)) at -= charBefore(text, at).length;
  return insideWord(text, at) ? offset : at;
}

/** `offset` moved on to the end of the word it falls in (unchanged between words). */
function wordEnd(text: string, offset: number): number {
  let at = offset;
  while (at < text.length && at - offset < LONGEST_WORD && insideWord(text, at))
    at += charAt(text, at).length;
  return insideWord(text, at) ? offset : at;
}

/** [start, end) without whitespace at either edge (as the workspace saves a selection). */
function trimSpan(text: string, start: number, end: number): { start: number; end: number } {
  let from = start;
  let to = end;
  while (from < to && /\s/u.test(text.charAt(from))) from++;
  while (to > from && /\s/u.test(text.charAt(to - 1))) to--;
  return { start: from, end: to };
}

/**
 * The span to show and pre-select for a chunk [start, end) of `text` (UTF-16 offsets, end
 * exclusive; clamped to the text, widened to whole code points). `sentences` are the text's
 * sentences from `splitSentences` (lib/text/split-sentences.ts, the splitter chunking and keyboard selection
 * uses), passed in so a document with many holes is split once. Each end of the trimmed chunk
 * moves out to the edge of its sentence when that sentence is covered to SENTENCE_SHARE or more,
 * else to the edge of its word. When that does not contain the chunk (whitespace at its edge), each
 * end moves in to the edge of the whole words inside instead. A chunk of whitespace stays as it is.
 */
export function snapHoleSpan(options: {
  text: string;
  start: number;
  end: number;
  sentences: readonly SentenceSpan[];
}): { start: number; end: number } {
  const { text, sentences } = options;
  const clampedStart = Math.max(0, Math.min(options.start, text.length));
  const clampedEnd = Math.max(clampedStart, Math.min(options.end, text.length));
  const chunk = snapToCodePoints(text, clampedStart, clampedEnd);
  const span = trimSpan(text, chunk.start, chunk.end);
  if (span.start === span.end) return chunk;
  const covered = (sentence: SentenceSpan) =>
    (Math.min(sentence.end, span.end) - Math.max(sentence.start, span.start)) /
    (sentence.end - sentence.start);
  const first = sentences.find((sentence) => sentence.start < span.start && span.start < sentence.end);
  const last = sentences.find((sentence) => sentence.start < span.end && span.end < sentence.end);
  const widened = {
    start: first && covered(first) >= SENTENCE_SHARE ? first.start : wordStart(text, span.start),
    end: last && covered(last) >= SENTENCE_SHARE ? last.end : wordEnd(text, span.end),
  };
  if (widened.start <= chunk.start && widened.end >= chunk.end) return widened;
  let from = wordEnd(text, span.start);
  let to = wordStart(text, span.end);
  // past the cut word's trailing punctuation and the next word's opening bracket, not just spaces
  while (from < to && /[\s,;:.!?)\]}]/u.test(text.charAt(from))) from++;
  while (to > from && /[\s([{]/u.test(text.charAt(to - 1))) to--;
  return from < to ? { start: from, end: to } : span;
}
