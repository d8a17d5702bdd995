/**
 * Decodes one line of a query log (docs/domain.md, "Exchange formats": any encoding, never crash
 * on bytes).
 *
 * - Valid UTF-8 is taken as is (a UTF-8 BOM is stripped on the first line only).
 * - Anything else is decoded as Windows-1252, the WHATWG "latin1": it maps every byte to a
 *   character (Latin-1 for A0–FF, curly quotes, € and dashes for 80–9F), so it never fails;
 *   `fallback: true` says the line was not UTF-8. Lines mixing UTF-8 and Latin-1 come out as
 *   mojibake ("Ã©") — we cannot know better per line, and the count lets the UI warn.
 * - A line is binary — skipped, never a query — when any byte of it decodes to something no
 *   query holds: a NUL or another control character (C0 other than tab/CR/LF/FF, DEL, and C1
 *   — on the fallback path the five bytes Windows-1252 leaves undefined, 81 8D 8F 90 9D), the
 *   replacement character U+FFFD (bytes some tool upstream already lost), or a UTF-16 byte-order
 *   mark read as bytes ("ÿþ"/"þÿ" at its start: UTF-16 text, which this reader does not decode).
 *   A line such as "ÿþ broken bytes €▯" used to become a query; real text has none of these.
 */
export function decodeLine(
  bytes: Uint8Array,
  options: { first: boolean },
): { text: string; fallback: boolean } | { binary: true } {
  const body = options.first && hasUtf8Bom(bytes) ? bytes.subarray(3) : bytes;
  if (hasUtf16Bom(body) || hasControlByte(body)) return { binary: true };
  const utf8 = decodeUtf8(body);
  if (utf8 !== null) return NOT_TEXT.test(utf8) ? { binary: true } : { text: utf8, fallback: false };
  if (body.some((byte) => UNDEFINED_IN_WINDOWS_1252.has(byte))) return { binary: true };
  return { text: decodeWindows1252(body), fallback: true };
}

/** C1 controls and U+FFFD in decoded UTF-8 (C0 controls are caught on the bytes). */
const NOT_TEXT = /[\u0080-\u009f\ufffd]/u;
const utf8Decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
// Node's TextDecoder("windows-1252") decodes as ISO-8859-1 (80–9F become C1 controls, not
// “smart quotes” and €), so the 32 bytes that differ are mapped here; the rest is Latin-1.
const WINDOWS_1252_80_TO_9F = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];
const UNDEFINED_IN_WINDOWS_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return utf8Decoder.decode(bytes);
  } catch {
    return null;
  }
}

/** Windows-1252 as WHATWG defines it: every byte maps to one character (undefined ones to C1). */
export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  // Chunked: String.fromCharCode takes its code units as arguments, and arguments are limited.
  for (let start = 0; start < bytes.length; start += 8192) {
    const codeUnits = Array.from(bytes.subarray(start, start + 8192), (byte) =>
      byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_80_TO_9F[byte - 0x80]! : byte,
    );
    parts.push(String.fromCharCode(...codeUnits));
  }
  return parts.join("");
}

function hasUtf8Bom(bytes: Uint8Array): boolean {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/** FF FE or FE FF: a UTF-16 byte-order mark (with the UTF-16 text after it) taken as bytes. */
function hasUtf16Bom(bytes: Uint8Array): boolean {
  return (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
}

/** A C0 control byte other than tab, LF, FF and CR, or DEL: the same in UTF-8 and Windows-1252. */
function hasControlByte(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) || byte === 0x7f)
      return true;
  }
  return false;
}
