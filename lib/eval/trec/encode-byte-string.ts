/**
 * "Byte strings" hold one UTF-16 code unit per byte (latin1), so JavaScript's `<` on them is
 * C's strcmp on the UTF-8 bytes: the order trec_eval sorts docnos and query ids in. (Comparing
 * ordinary strings compares UTF-16 code units, which differs from UTF-8 byte order beyond U+FFFF.)
 * Text read from files stays in this form, so invalid UTF-8 never merges two ids.
 */
export function toByteString(text: string): string {
  // ASCII is already its own byte string.
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0x7f) return Buffer.from(text, "utf8").toString("latin1");
  }
  return text;
}

/** The inverse of `toByteString`, for messages and results (invalid UTF-8 becomes U+FFFD). */
export function fromByteString(bytes: string): string {
  for (let i = 0; i < bytes.length; i++) {
    if (bytes.charCodeAt(i) > 0x7f) return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return bytes;
}

type FastLatin1 = { latin1Slice?: (start: number, end: number) => string };

/** The byte string of `buffer[start, end)`. Hot path: one call per run line. */
export function decodeByteString(buffer: Buffer, start: number, end: number): string {
  // Node's undocumented latin1Slice skips toString's argument handling (~25% faster here).
  const fast = (buffer as FastLatin1).latin1Slice;
  return fast ? fast.call(buffer, start, end) : buffer.toString("latin1", start, end);
}
