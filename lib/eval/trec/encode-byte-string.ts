/**
 * "Byte strings" hold one UTF-16 code unit per byte (latin1), so JavaScript's `<` on them is
 * C's strcmp on the UTF-8 bytes: the order trec_eval sorts docnos and query ids in. (Comparing
 * ordinary strings compares UTF-16 code units, which differs from UTF-8 byte order beyond U+FFFF.)
 * Text read from files stays in this form, so invalid UTF-8 never merges two ids.
 */
export function toByteString(text: string): string {
  if (isAscii(text)) return text; // already its own byte string
  const bytes = utf8Encoder.encode(text);
  let byteString = "";
  for (let i = 0; i < bytes.length; i += 4096) {
    byteString += String.fromCharCode(...bytes.subarray(i, i + 4096));
  }
  return byteString;
}

/** The inverse of `toByteString`, for messages and results (invalid UTF-8 becomes U+FFFD). */
export function fromByteString(byteString: string): string {
  if (isAscii(byteString)) return byteString;
  return utf8Decoder.decode(Uint8Array.from(byteString, (char) => char.charCodeAt(0)));
}

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder("utf-8");

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

type FastLatin1 = { latin1Slice?: (start: number, end: number) => string };

/** The byte string of `buffer[start, end)`: called per qrels line and per new query id of a run. */
export function decodeByteString(buffer: Buffer, start: number, end: number): string {
  // Node's undocumented latin1Slice skips toString's argument handling (~25% faster here).
  const fast = (buffer as FastLatin1).latin1Slice;
  return fast ? fast.call(buffer, start, end) : buffer.toString("latin1", start, end);
}
