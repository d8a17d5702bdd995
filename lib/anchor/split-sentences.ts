/**
 * Sentence spans of a document text, for selecting text by sentence from the keyboard.
 * Offsets are UTF-16 indices into the text, end exclusive; spans are sorted, disjoint, never
 * empty, and carry no leading or trailing whitespace. A heuristic, not a parser: a sentence ends
 * after `.`, `!`, `?` or `…` (plus closing quotes and brackets) before whitespace, unless the word
 * is a known abbreviation; a blank line always ends one, and so does a single line
 * break unless the text was merely wrapped mid-sentence (a lowercase word continues the line).
 */
export type SentenceSpan = { start: number; end: number };

const TERMINATORS = new Set([".", "!", "?", "…", "。", "！", "？"]);
const CLOSERS = new Set(['"', "'", "”", "’", ")", "]", "»", "›"]);
/** Lowercased words that end in a period without ending a sentence. */
const ABBREVIATIONS = new Set([
  "e.g",
  "i.e",
  "etc",
  "vs",
  "cf",
  "approx",
  "dr",
  "mr",
  "mrs",
  "ms",
  "prof",
  "st",
  "no",
  "fig",
  "figs",
  "eq",
  "ref",
  "vol",
  "al",
  "ca",
  "inc",
  "ltd",
  "co",
  "jr",
  "sr",
]);

/** The word (letters, digits, inner dots) that ends just before `index`. */
function wordBefore(text: string, index: number): string {
  let from = index;
  while (from > 0 && /[\p{L}\p{N}.]/u.test(text.charAt(from - 1))) from--;
  return text.slice(from, index);
}

/** Whether the period at `index` ends a known abbreviation ("e.g.", "et al."). */
function isAbbreviation(text: string, index: number): boolean {
  return ABBREVIATIONS.has(wordBefore(text, index).toLowerCase());
}

/** Whether a single line break at `index` only wraps a sentence that goes on. */
function isWrappedLine(text: string, index: number): boolean {
  let before = index - 1;
  while (before >= 0 && (text[before] === " " || text[before] === "\t")) before--;
  let after = index + 1;
  while (after < text.length && (text[after] === " " || text[after] === "\t")) after++;
  const previous = text.charAt(before);
  const next = text.charAt(after);
  return /[\p{Ll},;\-–]/u.test(previous) && /\p{Ll}/u.test(next);
}

export function splitSentences(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  let start = 0;
  const push = (end: number) => {
    let from = start;
    let to = end;
    while (from < to && /\s/.test(text.charAt(from))) from++;
    while (to > from && /\s/.test(text.charAt(to - 1))) to--;
    if (from < to) spans.push({ start: from, end: to });
    start = end;
  };

  for (let index = 0; index < text.length; index++) {
    const char = text.charAt(index);
    if (char === "\n") {
      const blankLine = /^\n[ \t]*\n/.test(text.slice(index, index + 64));
      if (blankLine || !isWrappedLine(text, index)) push(index);
      continue;
    }
    if (!TERMINATORS.has(char)) continue;
    let end = index + 1;
    while (end < text.length && (TERMINATORS.has(text.charAt(end)) || CLOSERS.has(text.charAt(end)))) end++;
    const atEnd = end >= text.length;
    const cjk = char === "。" || char === "！" || char === "？";
    if (!atEnd && !cjk && !/\s/.test(text.charAt(end))) continue; // 3.5, example.com, "?!"x
    if (char === "." && end === index + 1 && isAbbreviation(text, index)) continue;
    push(end);
    index = end - 1;
  }
  push(text.length);
  return spans;
}
