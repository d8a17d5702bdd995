/**
 * Seeded random documents and the property checks shared by the chunker tests (not used by app
 * code). Every check returns the ways a result breaks its contract; empty when it holds.
 */
import type { ChunkSpan } from "@/lib/chunking/chunk-document";
import { isWhitespaceAt } from "@/lib/text/text-span";

export function randomInteger(random: () => number, below: number): number {
  return Math.floor(random() * below);
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[randomInteger(random, items.length)]!;
}

const WORDS = [
  ...["the", "chunk", "retrieval", "labels", "quote", "a", "x", "of", "200", "v2", "snake_case"],
  ...["Dr.", "e.g.", "i.e.", "vs.", "etc.", "U.S.", "J.", "4.3.0", "3.14", "don't", "(see", "it)"],
  ...["naïve", "e\u0301te\u0301", "中文", "😀", "👍🏽", "❤️", "Ünïcode", '"quoted"', "“curly”", "…"],
  "https://example.com/a.b?c=1",
];
const ENDINGS = [".", ".", ".", "!", "?", "…", '."', "?!", "...", "。", "", ":"];
const WORD_GAPS = [" ", " ", " ", " ", "  ", "\t", "\n", "\u00a0"];
const SENTENCE_GAPS = [
  " ",
  " ",
  " ",
  "\n",
  "\n\n",
  "\r\n\r\n",
  "\n \n",
  "\n- ",
  "\n* ",
  "\n1. ",
  "\n12) ",
  "\n# ",
];

/**
 * Prose-like text of about `length` UTF-16 code units: sentences of dictionary words (with
 * abbreviations, numbers, quotes, emoji, combining marks), sometimes a long unbroken run, joined by
 * spaces, line breaks, blank lines, list items and headings.
 */
export function randomProse(random: () => number, length: number): string {
  let text = random() < 0.1 ? pick(random, [" ", "\n", "\n\n  "]) : "";
  while (text.length < length) {
    const wordCount = 1 + randomInteger(random, 12);
    for (let index = 0; index < wordCount; index++) {
      let word = random() < 0.03 ? "y".repeat(20 + randomInteger(random, 60)) : pick(random, WORDS);
      if (index === 0 && random() < 0.8) word = word.charAt(0).toUpperCase() + word.slice(1);
      text += word + (index < wordCount - 1 ? pick(random, WORD_GAPS) : "");
    }
    text += pick(random, ENDINGS) + pick(random, SENTENCE_GAPS);
  }
  return text;
}

export function hasAstral(text: string): boolean {
  return /[\ud800-\udbff]/.test(text);
}

function splitsPair(text: string, offset: number): boolean {
  const before = text.charCodeAt(offset - 1);
  const after = text.charCodeAt(offset);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff;
}

/**
 * The contract every strategy but fixed-characters shares: spans sorted with strictly increasing
 * starts and ends, non-empty, starting and ending on non-whitespace, never splitting a surrogate
 * pair, and only whitespace outside them (every non-whitespace character lies in some chunk).
 */
export function findSpanViolations(text: string, spans: ChunkSpan[]): string[] {
  const problems: string[] = [];
  let coveredUntil = 0;
  const requireWhitespace = (from: number, to: number) => {
    for (let offset = from; offset < to; offset++) {
      if (!isWhitespaceAt(text, offset)) problems.push(`non-whitespace at ${offset} in no chunk`);
    }
  };
  spans.forEach((span, index) => {
    if (!(span.start >= 0 && span.start < span.end && span.end <= text.length)) {
      problems.push(`span ${index} [${span.start}, ${span.end}) is empty or out of range`);
      return;
    }
    if (isWhitespaceAt(text, span.start) || isWhitespaceAt(text, span.end - 1)) {
      problems.push(`span ${index} starts or ends on whitespace`);
    }
    if (splitsPair(text, span.start) || splitsPair(text, span.end))
      problems.push(`span ${index} splits a pair`);
    const previous = spans[index - 1];
    if (previous && (span.start <= previous.start || span.end <= previous.end)) {
      problems.push(`span ${index} does not move past span ${index - 1}`);
    }
    requireWhitespace(coveredUntil, span.start);
    coveredUntil = Math.max(coveredUntil, span.end);
  });
  requireWhitespace(coveredUntil, text.length);
  return problems;
}

type Placement = { kind: "packed"; first: number; last: number } | { kind: "piece"; unit: number };

/**
 * The `packSpans` contract, checked against the units that were packed: size bound, whole units
 * (only oversized units cut), greedy, and the overlap rule (trailing whole units within
 * `overlap`, as many as fit while leaving room for the next unit).
 */
export function findPackingViolations(options: {
  text: string;
  units: ChunkSpan[];
  spans: ChunkSpan[];
  size: number;
  overlap: number;
}): string[] {
  const { text, units, spans, size, overlap } = options;
  const problems: string[] = [];
  const firstUnit = new Map(units.map((unit, index) => [unit.start, index]));
  const lastUnit = new Map(units.map((unit, index) => [unit.end, index]));
  const unitLength = (first: number, last: number) => units[last]!.end - units[first]!.start;
  const placements = spans.map((span, index): Placement | null => {
    const length = span.end - span.start;
    if (length > (size === 1 ? 2 : size)) problems.push(`span ${index} longer than ${size}`);
    const first = firstUnit.get(span.start);
    const last = lastUnit.get(span.end);
    if (first !== undefined && last !== undefined && first <= last && length <= size) {
      return { kind: "packed", first, last };
    }
    const unit = units.findIndex((candidate) => candidate.start <= span.start && span.end <= candidate.end);
    if (unit < 0 || unitLength(unit, unit) <= size) {
      problems.push(`span ${index} cuts a unit that fits`);
      return null;
    }
    return { kind: "piece", unit };
  });
  const allowedPieceShare = overlap + (hasAstral(text) ? 1 : 0);
  placements.forEach((next, index) => {
    const previous = placements[index - 1];
    if (!next || !previous) return;
    const shared = spans[index - 1]!.end - spans[index]!.start;
    const previousLast = previous.kind === "packed" ? previous.last : previous.unit;
    const nextFirst = next.kind === "packed" ? next.first : next.unit;
    if (nextFirst > previousLast + 1) problems.push(`span ${index} skips a unit`);
    if (previous.kind === "piece" || next.kind === "piece") {
      if (shared > allowedPieceShare) problems.push(`span ${index} shares ${shared} around a cut unit`);
      if (previous.kind !== next.kind && nextFirst !== previousLast + 1) {
        problems.push(`span ${index} carries units into or out of a cut unit`);
      }
      return;
    }
    if (previousLast + 1 < units.length && unitLength(previous.first, previousLast + 1) <= size)
      problems.push(`span ${index - 1} is not greedy`);
    if (shared > overlap) problems.push(`span ${index} shares ${shared} > ${overlap}`);
    const candidate = nextFirst - 1; // the last trailing unit that was not carried
    if (candidate > previous.first) {
      const fits = unitLength(candidate, previousLast) <= overlap;
      const leavesRoom = unitLength(candidate, previousLast + 1) <= size;
      if (fits && leavesRoom) problems.push(`span ${index} carries fewer units than fit in ${overlap}`);
    }
  });
  return problems;
}

/** Every span of `before` that `isFinal` accepts but `after` lacks, as text for a failure message. */
export function findMovedSpans(
  before: ChunkSpan[],
  after: ChunkSpan[],
  isFinal: (span: ChunkSpan, index: number) => boolean,
): string[] {
  const kept = new Set(after.map((span) => `${span.start}-${span.end}`));
  return before
    .filter((span, index) => isFinal(span, index) && !kept.has(`${span.start}-${span.end}`))
    .map((span) => `[${span.start}, ${span.end}) moved`);
}
