import type { ChunkSpan } from "@/lib/chunking/chunk-document";

/**
 * Goldenset's chunking tokenizer. A contract: `fixed-tokens` chunk boundaries (so chunk ids) are
 * counted in these tokens; change it only under a new strategy name.
 *
 * Scanning left to right, a token is the longest match of one of
 * - a word: a run of letters, combining marks and digits, `[\p{L}\p{M}\p{N}]+` ("naïve", "4",
 *   "中文", "e\u0301té"; "snake_case" is three tokens, "don't" is "don" "'" "t");
 * - a symbol: any other single code point that is not whitespace, with the combining marks that
 *   follow it (`.` `,` `(`, each emoji code point: "👍🏽" is two tokens, an emoji with U+FE0F one).
 * Whitespace (JavaScript `\s`) separates tokens and lies in none. Offsets are UTF-16 code units of
 * the original text; no token splits a surrogate pair; the tokens are sorted, disjoint and hold
 * every non-whitespace character. The tokenizer does no normalization (NFC and NFD spellings of
 * a word give tokens of different lengths, the same count) and does not depend on the locale or
 * on `Intl`, so it gives the same tokens on every Node version with the same Unicode tables.
 *
 * Locality: a token that ends at offset e is decided by the text up to and including offset e,
 * so an edit at or after e + 1 leaves it, and every token before it, unchanged.
 */
const TOKEN = /[\p{L}\p{M}\p{N}]+|[^\s\p{L}\p{M}\p{N}]\p{M}*/gu;

export function tokenSpans(options: { text: string }): ChunkSpan[] {
  const tokens: ChunkSpan[] = [];
  for (const match of options.text.matchAll(TOKEN)) {
    tokens.push({ start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}
