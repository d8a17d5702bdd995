import { isWhitespaceAt, type TextSpan, trimSpan } from "@/lib/text/text-span";

/** A sentence: `[start, end)` in UTF-16 code units of the text it was split from. */
export type SentenceSpan = TextSpan;

/**
 * Goldenset's one sentence splitter: `sentence-packed` and `recursive` chunking, selecting text by
 * sentence from the keyboard, and snapping a hole to sentences all use it, so in prose the sentence
 * an annotator selects is the sentence a chunker keeps together. A contract: chunk boundaries (so
 * chunk ids) follow these rules; change them only under a new strategy name.
 *
 * A sentence ends
 * 1. after a run of `.` `!` `?` `…` (with any closing `"` `'` `”` `’` `»` `)` `]` right after it)
 *    that is followed by whitespace and then by an uppercase or titlecase letter, a letter of a
 *    caseless script (CJK, Arabic, Hebrew…), a digit, or an opening `"` `'` `“` `‘` `«` `(` `[`
 *    `¿` `¡` — unless the run is a lone `.` after an abbreviation: a word of ABBREVIATIONS in any
 *    case ("Dr.", "vs.", "etc."), a single capital letter (an initial: "J. Smith"), or two to
 *    five letters joined by dots ("e.g.", "i.e.", "U.S.", "p.m."); a word right after a digit
 *    ("1st.", "10x.") is not an abbreviation;
 * 2. after a run of `。` `！` `？` (with any closing `"` `'` `”` `’` `」` `』` `)` `）`), whatever
 *    follows;
 * 3. at a blank line (a line of whitespace only): paragraphs never share a sentence;
 * 4. before a line whose first non-blank characters are a list marker (`-` `*` `+` `•`, or one to
 *    nine digits and `.` or `)`) or a Markdown heading (`#` to `######`), followed by a space or
 *    a tab; and after such a heading line.
 * So a period that is not followed by whitespace never ends a sentence (decimals "3.14", version
 * numbers "4.3.0", URLs and file names stay whole), a single line break does not either
 * (hard-wrapped prose goes on), and a sentence may end without punctuation (a list item).
 * With `lineBreaks: "end"` (keyboard selection and holes, where a table row or a line of a list
 * without markers is what a person selects) a single line break ends a sentence too, unless the
 * line merely wraps one that goes on: a lowercase letter, `,` `;` `-` or `–` before it and a
 * lowercase letter after it. Chunking keeps the default, `"continue"`.
 * Known misses: an abbreviation that ends a sentence ("… and so on, etc. The next") joins two
 * sentences, and so does a dotted one ("at 5 p.m. The"); "plan B. Then" is read as an initial.
 *
 * Each sentence is a `[start, end)` span of the original text without the whitespace around it;
 * the sentences are sorted, disjoint and hold every non-whitespace character. Locality: whether a
 * sentence has ended is decided by the text before the next sentence and that sentence's first
 * 11 code units, so an edit from there on leaves the sentence, and all before it, unchanged.
 */
export function splitSentences(options: { text: string; lineBreaks?: "continue" | "end" }): SentenceSpan[] {
  const { text } = options;
  const boundaries = [
    ...terminatorBoundaries(text),
    ...lineBoundaries(text),
    ...(options.lineBreaks === "end" ? unwrappedLineBreaks(text) : []),
  ].sort((a, b) => a - b);
  const sentences: SentenceSpan[] = [];
  let start = 0;
  for (const end of [...boundaries, text.length]) {
    const sentence = trimSpan({ text, start, end });
    if (sentence) sentences.push(sentence);
    start = Math.max(start, end);
  }
  return sentences;
}

/** Lowercase, without the final period; "e.g."-style dotted words are handled by a rule instead. */
const ABBREVIATIONS = new Set([
  ...["mr", "mrs", "dr", "prof", "sr", "jr", "st", "mt", "gen", "col", "lt", "rev", "hon"],
  ...["vs", "etc", "cf", "al", "approx", "ca", "resp", "viz", "incl", "esp", "misc"],
  ...["fig", "figs", "eq", "eqs", "ref", "refs", "ch", "vol", "pp", "ed", "eds"],
  ...["inc", "ltd", "co", "corp", "dept", "univ", "assn", "bros"],
]);

const TERMINATOR_RUN = /[.!?…]+["'”’»)\]]*/g;
const CJK_TERMINATOR_RUN = /[。！？]+["'”’」』)）]*/g;
const SENTENCE_OPENER = /^[\p{Lu}\p{Lt}\p{Lo}\p{N}"'“‘«([¿¡]/u;
const WORD_BEFORE_PERIOD = /[\p{L}\p{M}.]{0,12}$/u;
const DOTTED_WORD = /^(?:\p{L}\p{M}*\.){1,4}\p{L}\p{M}*$/u;
const INITIAL = /^\p{Lu}\p{M}*$/u;
const BLANK_LINE = /\n[^\S\n]*\n/g;
const BLOCK_START = /^[^\S\n]*(?:[-*+•]|\d{1,9}[.)]|#{1,6})[^\S\n]/gm;
const HEADING_LINE = /^[^\S\n]*#{1,6}[^\S\n].*$/gm;

function terminatorBoundaries(text: string): number[] {
  const boundaries: number[] = [];
  for (const match of text.matchAll(CJK_TERMINATOR_RUN)) boundaries.push(match.index + match[0].length);
  for (const match of text.matchAll(TERMINATOR_RUN)) {
    const end = match.index + match[0].length;
    if (end >= text.length || !isWhitespaceAt(text, end)) continue;
    let next = end;
    while (next < text.length && isWhitespaceAt(text, next)) next += 1;
    const opener = text.codePointAt(next);
    if (opener === undefined || !SENTENCE_OPENER.test(String.fromCodePoint(opener))) continue;
    if (match[0] === "." && isAbbreviation(text, match.index)) continue;
    boundaries.push(end);
  }
  return boundaries;
}

/** Whether the word that ends at `period` (a lone "." at that offset) is an abbreviation. */
function isAbbreviation(text: string, period: number): boolean {
  const before = text.slice(Math.max(0, period - 12), period);
  const match = WORD_BEFORE_PERIOD.exec(before)?.[0] ?? "";
  const word = match.replace(/^\.+/, "");
  // "1st." or "10x." is a number's suffix, not an abbreviation
  if (word.length === 0 || /\p{N}$/u.test(before.slice(0, before.length - match.length))) return false;
  return ABBREVIATIONS.has(word.toLowerCase()) || INITIAL.test(word) || DOTTED_WORD.test(word);
}

function lineBoundaries(text: string): number[] {
  const boundaries: number[] = [];
  for (const match of text.matchAll(BLANK_LINE)) boundaries.push(match.index);
  for (const match of text.matchAll(BLOCK_START)) boundaries.push(match.index);
  for (const match of text.matchAll(HEADING_LINE)) boundaries.push(match.index + match[0].length);
  return boundaries;
}

const LINE_BREAK = /\n/g;

/** Single line breaks that end a line rather than wrap a sentence (see splitSentences). */
function unwrappedLineBreaks(text: string): number[] {
  const boundaries: number[] = [];
  for (const match of text.matchAll(LINE_BREAK)) {
    if (!isWrappedLine(text, match.index)) boundaries.push(match.index);
  }
  return boundaries;
}

/** Whether the line break at `index` only wraps a sentence that goes on. */
function isWrappedLine(text: string, index: number): boolean {
  let before = index - 1;
  while (before >= 0 && (text[before] === " " || text[before] === "\t" || text[before] === "\r")) before--;
  let after = index + 1;
  while (after < text.length && (text[after] === " " || text[after] === "\t")) after++;
  return /[\p{Ll},;\-–]/u.test(text.charAt(before)) && /\p{Ll}/u.test(text.charAt(after));
}
