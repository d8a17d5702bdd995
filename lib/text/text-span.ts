/** A span of a text: `[start, end)` in UTF-16 code units. */
export type TextSpan = { start: number; end: number };

/**
 * Whitespace, for every chunker and the sentence splitter: what JavaScript's `\s` and `String.prototype.trim` treat as
 * whitespace (Unicode White_Space, line terminators and U+FEFF). All of it is in the BMP, so one
 * UTF-16 code unit is one whitespace character.
 */
const WHITESPACE = /\s/;

export function isWhitespaceAt(text: string, offset: number): boolean {
  return WHITESPACE.test(text.charAt(offset));
}

/** `[start, end)` without its leading and trailing whitespace; null when nothing else is left. */
export function trimSpan(options: { text: string; start: number; end: number }): TextSpan | null {
  const { text } = options;
  let { start, end } = options;
  while (start < end && isWhitespaceAt(text, start)) start += 1;
  while (end > start && isWhitespaceAt(text, end - 1)) end -= 1;
  return start < end ? { start, end } : null;
}
