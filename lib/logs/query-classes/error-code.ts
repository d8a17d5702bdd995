import type { QueryText } from "./query-text";
import { wordSet } from "./word-lists";

/**
 * `error-code`: an error, warning or status code. Recognized shapes (on the normal form):
 * - prefixed codes: "e-4012", "w-118", "e4012" (E/W + "-" + 3–5 digits, or + 4–5 digits:
 *   "e911" is no error; "e-350" is read as a code, a known ambiguity), "ora-00942" (letters + "-" + a zero-padded 5-digit number), "cs0246",
 *   "lnk2019", "msb3073" (compiler codes; not "ts…", a common model prefix);
 * - hex and Windows codes: "0x80070005", "80070005", "c00d36c4";
 * - symbolic codes: "err_connection_refused", "error_file_not_found", "enoent",
 *   "irql_not_less_or_equal" (snake case ending in failure/violation/denied/…);
 * - a number or hex code after an error word: "error 404", "http 503", "status 500",
 *   "error code 1000008e". A bare "code N" is too often a zip, area, legal or billing code: it
 *   counts only as the whole query ("code 43") or with an error word elsewhere in the query
 *   ("code 43 nvidia driver"), never after zip/area/penal/promo… ("zip code 90210");
 * - an HTTP status with its phrase: "404 not found", "503 error", "502 bad gateway".
 * Model numbers with a letter prefix ("rtx-3080", "ts-453") are part numbers, not error codes.
 */
export function isErrorCodeQuery(query: QueryText): boolean {
  const { words } = query;
  return words.some((word, index) => isErrorCodeToken(word) || isCodeAfterErrorWord(words, index));
}

export function isErrorCodeToken(word: string): boolean {
  return (
    PREFIXED_CODE.test(word) ||
    ZERO_PADDED_CODE.test(word) ||
    COMPILER_CODE.test(word) ||
    HEX_CODE.test(word) ||
    WINDOWS_CODE.test(word) ||
    SYMBOLIC_PREFIX.test(word) ||
    ERRNO_NAMES.has(word) ||
    isSnakeCaseFailure(word)
  );
}

const PREFIXED_CODE = /^[ew](?:-\d{3,5}|\d{4,5})$/;
const ZERO_PADDED_CODE = /^[a-z]{2,5}-0\d{4}$/;
const COMPILER_CODE = /^(?:cs|lnk|msb)\d{4}$/;
const HEX_CODE = /^0x[0-9a-f]{2,8}$/;
const WINDOWS_CODE = /^(?:8007|8024|8000|c004|c00d|c190)[0-9a-f]{4}$/;
const SYMBOLIC_PREFIX = /^(?:net::)?(?:err|error|e|status)_[a-z0-9]+(?:_[a-z0-9]+)*$/;
const ERRNO_NAMES = wordSet(`
  enoent eacces eperm eaddrinuse econnrefused econnreset etimedout eexist enotdir eisdir einval
  enospc epipe eagain ebusy emfile enotempty ehostunreach enetunreach`);
const FAILURE_SUFFIXES = wordSet(`
  violation failure died error exception failed denied refused timeout found invalid equal
  corrupted mismatch unreachable overflow unavailable`);

function isSnakeCaseFailure(word: string): boolean {
  if (!/^[a-z]+(?:_[a-z]+){2,}$/.test(word)) return false;
  return FAILURE_SUFFIXES.has(word.slice(word.lastIndexOf("_") + 1));
}

const ERROR_WORDS = wordSet(
  "error err errors errorcode status http exit fehler erreur errore bsod hresult stop",
);
const ERROR_CONTEXT = wordSet(`
  error errors err fail fails failed failure crash crashes crashed bsod driver drivers device exit
  install installation windows`);
const NOT_ERROR_BEFORE_CODE = wordSet(`
  zip area postal post promo promotional coupon discount country dialing dial tax penal civil
  building fire dress morse bar source qr sort naics sic hs icd cpt hcpcs swift routing bank
  vehicle family health labor labour criminal revised municipal administrative commercial`);
const NUMERIC_CODE = /^(?:\d{2,}|(?=[a-f]*\d)[0-9a-f]{6,8})$/;
const HTTP_STATUS = /^[45]\d\d$/;
const HTTP_PHRASES = [
  "not found",
  "forbidden",
  "unauthorized",
  "bad request",
  "bad gateway",
  "gateway timeout",
  "service unavailable",
  "internal server error",
  "error",
];

/** Exported for part-number: the token at `index` is read as the code of an error word. */
export function isCodeAfterErrorWord(words: string[], index: number): boolean {
  const word = words[index]!;
  const previous = words[index - 1];
  if (previous !== undefined && NUMERIC_CODE.test(word)) {
    if (ERROR_WORDS.has(previous)) return true;
    if (previous === "code") return isErrorCodeWord(words, index - 1);
  }
  if (!HTTP_STATUS.test(word)) return false;
  const rest = words.slice(index + 1, index + 4).join(" ");
  return HTTP_PHRASES.some((phrase) => rest === phrase || rest.startsWith(`${phrase} `));
}

function isErrorCodeWord(words: string[], codeIndex: number): boolean {
  const before = words[codeIndex - 1];
  if (before !== undefined && NOT_ERROR_BEFORE_CODE.has(before)) return false;
  if (words.length === 2 || (before !== undefined && ERROR_WORDS.has(before))) return true;
  return words.some((word) => ERROR_CONTEXT.has(word));
}
