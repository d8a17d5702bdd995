import { isCodeAfterErrorWord, isErrorCodeToken } from "./error-code";
import type { QueryText } from "./query-text";
import { isVersionToken } from "./version";

/**
 * `part-number`: a model, part or SKU number ("ds920+", "wd40efrx", "rtx-3080", "lk-psu-450w",
 * "sm-g960f", "i7-8700k"): one token of at least 4 letters/digits that mixes letters and digits,
 * without dots ("9a.88.030" is a statute, "3.5mm" a quantity). Form and document numbers
 * ("1040ez", "dd214", "ds-160") count too: like part numbers, they need an exact match.
 * Decided exclusions, because they are words or quantities rather than identifiers:
 * - a single digit before a word ("5hiaa", "4runner"), any run of 5+ letters (a word:
 *   "800contacts", "10gbase-t", "win8-intel"), and E/W + 3 digits ("e911", "w310": a model or a
 *   warning code);
 * - a word followed by a 1–2 digit number ("html5", "ipv6", "python3", "iphone12", "covid-19");
 * - a number with a unit or ordinal suffix ("450w", "16gb", "1080p", "39th", "1990s", "401k")
 *   and dimensions ("1920x1080");
 * - well-known technical terms ("x86_64", "sha256", "utf-8", "h264", "i18n", "log4j", "mp3");
 * - versions and error codes, including the code after an error word ("error code 1000008e").
 */
export function isPartNumberQuery(query: QueryText): boolean {
  const { words } = query;
  return words.some((word, index) => isPartNumberToken(word) && !isCodeAfterErrorWord(words, index));
}

export function isPartNumberToken(word: string): boolean {
  // "1gb/8gb", "gprs/3g": alternatives, each judged on its own.
  if (word.includes("/")) return word.split("/").some(isPartNumberToken);
  if (!IDENTIFIER.test(word)) return false;
  const compact = word.replace(/[-+_]/g, "");
  if (compact.length < 4 || !/[a-z]/.test(compact) || !/\d/.test(compact)) return false;
  if (WORD_WITH_SMALL_NUMBER.test(compact) || DIGIT_AND_WORD.test(compact)) return false;
  if (LONG_LETTER_RUN.test(word) || AMBIGUOUS_CODE.test(word)) return false;
  if (QUANTITY.test(word) || DIMENSIONS.test(word) || TECHNICAL_TERMS.test(word)) return false;
  return !isVersionToken(word) && !isErrorCodeToken(word);
}

const IDENTIFIER = /^[a-z0-9][a-z0-9\-+_]*[a-z0-9+]$/;
const DIGIT_AND_WORD = /^\d[a-z]{4,}$/;
// E/W + 3 digits: an error/warning code or a model ("e911", "w310"); too ambiguous for either.
const AMBIGUOUS_CODE = /^[ew]\d{3}$/;
// "800contacts", "10gbase-t", "win8-intel", "windows10": a run of 5+ letters is a word.
const LONG_LETTER_RUN = /[a-z]{5,}/;
const WORD_WITH_SMALL_NUMBER = /^[a-z]+\d{1,2}$/;
// Units (with an optional k/m/g/t/p prefix), ordinals, decades, "401k", "4x" (zoom, speed).
const UNITS =
  "(?:[kmgtp]?(?:b|bit|bps|hz|w|wh|v|va|a|ah|mah|mm|cm|m|km|l|ml|g|kg|mg|gbe|iops)" +
  "|lbs?|oz|ft|in|inch|mph|kmh|kph|rpm|fps|dpi|ppi|mp|px|p|i|k|x|c|f|s|ms|min|hrs?|h|yrs?|st|nd|rd|th|am|pm|d)";
const QUANTITY = new RegExp(`^\\d+(?:,\\d+)?-?${UNITS}s?$`);
const DIMENSIONS = /^\d+(?:\.\d+)?x\d+(?:\.\d+)?[a-z]*$/;
const TECHNICAL_TERMS = new RegExp(
  `^(?:${[
    "x86(?:[-_]64)?",
    "amd64",
    "arm64",
    "aarch64",
    "i[3-7]86",
    "win(?:32|64)",
    "sha-?\\d+",
    "md[45]",
    "base(?:32|64)",
    "utf-?(?:8|16|32)",
    "[hx]\\.?26[45]",
    "mpeg-?[1-4]",
    "mp[34]",
    "i18n",
    "l10n",
    "a11y",
    "g11n",
    "k8s",
    "log4[jn]",
    "802\\.\\d+[a-z]*",
    "[234]fa",
    "p2p",
    "b2[bc]",
    "ipv[46]",
    "ext[234]",
    "s3",
    "e2e",
    "w3c",
    "y2k",
  ].join("|")})s?$`,
);
