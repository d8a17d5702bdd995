/**
 * The normal form under which query-log lines count as the same query. Two lines are one
 * query when their normal forms are equal; the raw text is kept as a variant for display.
 *
 * 1. Unicode NFC (not NFKC: full-width forms, ligatures and superscripts stay distinct, as
 *    they do in the documents).
 * 2. Lowercase with `toLowerCase()`: Unicode's default, locale-independent mapping (identical
 *    to `toLocaleLowerCase("en")`, but does not depend on the runtime's ICU data). No
 *    Turkish dotless-i rule, no case folding (ß stays ß).
 * 3. Invisible characters are removed (soft hyphen, zero-width space, word joiner, BOM);
 *    control characters count as whitespace; every whitespace run becomes one space; trimmed.
 * 4. Punctuation is trimmed from both ends, repeatedly, and kept inside ("E-4012", "4.3.0",
 *    "rcw 9a.88.030"). Trimmed: sentence punctuation, quotes, dashes, backticks, and a bracket
 *    whose partner is not in the query ("foo)" → "foo", but "(foo)" and "print()" stay).
 *    Kept at the edges because they carry meaning there: `# % & * / @ \ _` ("c#", "#include",
 *    "50%", "/etc/hosts", "@media", "__init__"), every symbol that is not punctuation
 *    (`+ $ ~ ^ = | < >`, emoji: "c++", "$5"), and a leading "." or "-" directly followed by a
 *    letter or digit (".net", ".htaccess", "-rf", "-5").
 *
 * Returns "" when nothing is left (blank lines, "???").
 */
export function normalizeQuery(raw: string): string {
  // Most lines of a log are printable ASCII that starts and ends with a letter or digit, with
  // single spaces: NFC leaves them as they are, nothing is invisible, collapsed or trimmed, so
  // lowercasing is all the steps below would do (normalize-query.test.ts checks both paths agree).
  return PLAIN_ASCII.test(raw) ? raw.toLowerCase() : normalizeQueryFully(raw);
}

/** normalizeQuery through every step, without its fast path (for tests comparing the two). */
export function normalizeQueryFully(raw: string): string {
  const spaced = raw
    .normalize("NFC")
    .toLowerCase()
    .replace(INVISIBLE, "")
    .replace(WHITESPACE_OR_CONTROL_RUN, " ");
  return trimEdges(spaced).normalize("NFC");
}

/** Printable ASCII, a letter or digit at both ends, no space next to another space. */
const PLAIN_ASCII = /^[A-Za-z0-9](?:[!-~]| (?! ))*[A-Za-z0-9]$|^[A-Za-z0-9]$/;
const INVISIBLE = /[\u00ad\u200b\u2060\ufeff]/g;
const WHITESPACE_OR_CONTROL_RUN = /[\s\p{Cc}]+/gu;
const PUNCTUATION = /^[\p{P}`]$/u;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const KEPT_AT_EDGES = new Set(["#", "%", "&", "*", "/", "@", "\\", "_"]);
const CLOSING_BY_OPENING = new Map([
  ["(", ")"],
  ["[", "]"],
  ["{", "}"],
  ["（", "）"],
  ["［", "］"],
  ["｛", "｝"],
  ["【", "】"],
  ["「", "」"],
  ["『", "』"],
  ["《", "》"],
  ["〈", "〉"],
]);
const OPENING_BY_CLOSING = new Map([...CLOSING_BY_OPENING].map(([open, close]) => [close, open]));

function trimEdges(text: string): string {
  // Indexes are UTF-16 code units: every character trimmed here is in the BMP.
  let start = 0;
  let end = text.length;
  let changed = true;
  while (changed && start < end) {
    changed = false;
    while (start < end && trimmableAtStart(text, start, end)) {
      start += 1;
      changed = true;
    }
    while (end > start && trimmableAtEnd(text, start, end)) {
      end -= 1;
      changed = true;
    }
  }
  return text.slice(start, end);
}

function trimmableAtStart(text: string, start: number, end: number): boolean {
  const char = text[start]!;
  if (char === " ") return true;
  if (!isEdgePunctuation(char)) return false;
  if ((char === "." || char === "-") && start + 1 < end && LETTER_OR_DIGIT.test(text[start + 1]!))
    return false;
  const closing = CLOSING_BY_OPENING.get(char);
  return closing === undefined || !text.slice(start + 1, end).includes(closing);
}

function trimmableAtEnd(text: string, start: number, end: number): boolean {
  const char = text[end - 1]!;
  if (char === " ") return true;
  if (!isEdgePunctuation(char)) return false;
  const opening = OPENING_BY_CLOSING.get(char);
  return opening === undefined || !text.slice(start, end - 1).includes(opening);
}

function isEdgePunctuation(char: string): boolean {
  return PUNCTUATION.test(char) && !KEPT_AT_EDGES.has(char);
}
