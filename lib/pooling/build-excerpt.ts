import { analyzeText } from "@/lib/retrieval/analyze-text";
import type { ExcerptSegment, TextExcerpt } from "./candidate-pool";

/** Longest excerpt shown for one passage, in UTF-16 units before whitespace is collapsed. */
const DEFAULT_EXCERPT_LENGTH = 320;
/** How much text is kept before the first query term when a long passage is cut. */
const LEAD_IN = 80;
/** A word as the excerpt sees it: letters, marks, digits and `_`, with inner apostrophes. */
const WORD = /[\p{L}\p{M}\p{N}_]+(?:['’][\p{L}\p{M}\p{N}_]+)*/gu;

/** The query's index terms (the BM25 analyzer's: lowercased, stopwords out, Porter-stemmed). */
export function queryTermSet(query: string): Set<string> {
  return new Set(analyzeText(query));
}

/**
 * Marks the words of `text` whose index term is one of `terms`, so "resetting" matches a query
 * for "reset" as BM25 matched it. Whitespace runs collapse to one space; adjacent runs of the
 * same kind are joined. Plain text in, plain text out: the caller renders it, never as HTML.
 */
export function markQueryTerms(options: { text: string; terms: ReadonlySet<string> }): ExcerptSegment[] {
  const { text, terms } = options;
  const segments: ExcerptSegment[] = [];
  const push = (piece: string, match: boolean) => {
    if (!piece) return;
    const last = segments.at(-1);
    if (last && last.match === match) last.text += piece;
    else segments.push({ text: piece, match });
  };
  let cursor = 0;
  if (terms.size > 0) {
    for (const word of text.matchAll(WORD)) {
      if (!isMarkable(word[0], terms)) continue;
      push(collapse(text.slice(cursor, word.index)), false);
      push(word[0], true);
      cursor = word.index + word[0].length;
    }
  }
  push(collapse(text.slice(cursor)), false);
  return segments;
}

/**
 * The readable context of `text.slice(start, end)`: at most `maxLength` units, cut at word
 * boundaries; a longer passage is cut around its first query term (with some lead-in), so the
 * reason it was retrieved shows. Query terms are marked (markQueryTerms).
 */
export function buildExcerpt(options: {
  text: string;
  start: number;
  end: number;
  terms: ReadonlySet<string>;
  maxLength?: number;
}): TextExcerpt {
  const { text, terms, maxLength = DEFAULT_EXCERPT_LENGTH } = options;
  const spanStart = clamp(options.start, 0, text.length);
  const spanEnd = clamp(options.end, spanStart, text.length);
  let from = spanStart;
  let to = spanEnd;
  if (to - from > maxLength) {
    const firstMatch = terms.size > 0 ? firstTermAt(text.slice(from, to), terms) : -1;
    if (firstMatch > LEAD_IN) from = Math.min(from + firstMatch - LEAD_IN, to - maxLength);
    to = from + maxLength;
  }
  // Drop a word cut in half at either end (unless the excerpt is that one word).
  if (from > 0 && isWordChar(text[from - 1]) && isWordChar(text[from])) {
    const next = text.slice(from, to).search(/[^\p{L}\p{M}\p{N}_]/u);
    if (next > 0 && from + next < to) from += next;
  }
  if (to < text.length && isWordChar(text[to - 1]) && isWordChar(text[to])) {
    const piece = text.slice(from, to);
    const last = piece.search(/[^\p{L}\p{M}\p{N}_][\p{L}\p{M}\p{N}_]*$/u);
    if (last > 0) to = from + last;
  }
  const segments = markQueryTerms({ text: text.slice(from, to), terms });
  trimEnds(segments);
  return { segments, clippedStart: from > 0, clippedEnd: to < text.length };
}

/**
 * A word is marked when its term is a query term, unless it is one letter: "E" of "E-4013"
 * shares BM25's term "e" with a query for "E-4012", but marking it would point at nothing.
 */
function isMarkable(word: string, terms: ReadonlySet<string>): boolean {
  if (word.length === 1 && !/\p{N}/u.test(word)) return false;
  return analyzeText(word).some((term) => terms.has(term));
}

/** Offset of the first word of `text` that is a query term; -1 when none is. */
function firstTermAt(text: string, terms: ReadonlySet<string>): number {
  for (const word of text.matchAll(WORD)) {
    if (isMarkable(word[0], terms)) return word.index;
  }
  return -1;
}

function trimEnds(segments: ExcerptSegment[]): void {
  const first = segments[0];
  if (first && !first.match) first.text = first.text.trimStart();
  const last = segments.at(-1);
  if (last && !last.match) last.text = last.text.trimEnd();
  while (segments.length && segments[0]?.text === "") segments.shift();
  while (segments.length && segments.at(-1)?.text === "") segments.pop();
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ");
}

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{M}\p{N}_]/u.test(char);
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}
