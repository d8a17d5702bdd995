/**
 * A query as the recognizers see it: `text` is the normal form (lowercase, see normalizeQuery),
 * `display` the raw variant for the case-sensitive recognizers (equal to `text` when unknown).
 * `words` are the space-separated tokens of `text` with sentence punctuation (`, ; : ! ? " ( )`
 * and a final ".") trimmed from their edges; empty tokens are dropped. Internal punctuation stays
 * ("e-4012", "4.3.0", "ds920+").
 */
export type QueryText = {
  text: string;
  display: string;
  words: string[];
};

export function toQueryText(text: string, display?: string): QueryText {
  return { text, display: display ?? text, words: splitWords(text) };
}

export function splitWords(text: string): string[] {
  return text
    .split(/\s+/)
    .map((token) => token.replace(EDGE_PUNCTUATION_START, "").replace(EDGE_PUNCTUATION_END, ""))
    .filter((token) => token !== "");
}

const EDGE_PUNCTUATION_START = /^[,;:!?"'“”‘’«»()[\]{}¿¡]+/u;
const EDGE_PUNCTUATION_END = /[,;:!?"'“”‘’«»()[\]{}.…]+$/u;
