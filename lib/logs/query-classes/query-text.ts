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
  const words: string[] = [];
  for (const token of text.split(WHITESPACE)) {
    // Fast path: most tokens have no punctuation at either edge and are kept as they are.
    const word =
      EDGE_CHARACTERS.has(token.charAt(0)) || EDGE_CHARACTERS.has(token.charAt(token.length - 1))
        ? token.replace(EDGE_PUNCTUATION_START, "").replace(EDGE_PUNCTUATION_END, "")
        : token;
    if (word !== "") words.push(word);
  }
  return words;
}

const WHITESPACE = /\s+/;
const EDGE_PUNCTUATION_START = /^[,;:!?"'“”‘’«»()[\]{}¿¡]+/u;
const EDGE_PUNCTUATION_END = /[,;:!?"'“”‘’«»()[\]{}.…]+$/u;
/** Every character either pattern trims (all in the BMP, so one UTF-16 unit each). */
const EDGE_CHARACTERS: ReadonlySet<string> = new Set(",;:!?\"'“”‘’«»()[]{}¿¡.…");
