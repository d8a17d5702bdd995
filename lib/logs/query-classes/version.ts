import type { QueryText } from "./query-text";
import { wordSet } from "./word-lists";

/**
 * `version`: a software version. Recognized (on the normal form):
 * - three or four dotted numbers, optionally with a pre-release or build suffix: "4.3.0",
 *   "10.0.19045", "5.0.0-beta.2" — but not IPv4 addresses ("192.168.1.1"), dates ("12.05.2019")
 *   or statute numbers after a legal word ("rcw 9.41.040", "section 4.3.1");
 * - "v" + dotted numbers ("v2.1"), wildcard series ("3.x", "4.3.x"), two numbers with a
 *   pre-release tag ("5.0-beta", "2.1rc1");
 * - a number after a software name or version word: "python 3.11", "ios 17", "windows 11",
 *   "version 2", "build 19045" (not "mysql 64 bit"). Two dotted numbers alone ("3.5 inch") are not a version.
 */
export function isVersionQuery(query: QueryText): boolean {
  const { words } = query;
  return words.some((word, index) => isVersionAt(words, index, word));
}

/** Context-free version shapes; used by other recognizers to exclude versions. */
export function isVersionToken(word: string): boolean {
  if (PREFIXED.test(word) || WILDCARD.test(word) || PRERELEASE.test(word)) return true;
  const match = DOTTED.exec(word);
  if (!match) return false;
  const parts = match[1]!.split(".").map(Number);
  return !isIpAddress(parts) && !isDate(parts, match[1]!);
}

const PREFIXED = /^v\d+(?:\.\d+){1,3}(?:[-+][0-9a-z.]+)?$/;
const WILDCARD = /^\d+(?:\.\d+)*\.x$/;
const PRERELEASE = /^\d+\.\d+(?:\.\d+)?-?(?:alpha|beta|rc|preview|pre)\.?\d*$/;
const DOTTED = /^(\d+(?:\.\d+){2,3})(?:[-+][0-9a-z.]+)?$/;
const DOTTED_PAIR = /^\d+\.\d+$/;
const SMALL_INTEGER = /^\d{1,3}$/;

// A dotted or plain number after these names is read as a version.
const SOFTWARE = wordSet(`
  ios ipados macos osx android windows win python python3 java jdk jre php node nodejs ruby perl
  rust dotnet .net ubuntu debian fedora centos rhel kernel linux chrome firefox safari wordpress
  drupal joomla mysql postgres postgresql mariadb mongodb angular react vue django rails laravel
  bootstrap jquery gcc clang llvm cuda tensorflow pytorch docker kubernetes openssl openssh bash
  zsh vim emacs qt gtk gnome kde mint typescript swift kotlin scala xcode unity excel outlook
  firmware version ver release build bios kitkat lollipop jellybean`);
// Only dotted numbers count after these (an integer after them is usually no version).
const SOFTWARE_DOTTED_ONLY = wordSet("go update upgrade downgrade patch beta alpha sdk api");
const NOT_VERSION_AFTER = wordSet("bit bits gb mb tb kb ghz mhz");
const LEGAL_OR_DOCUMENT = wordSet(`
  rcw usc u.s.c cfr section sec § statute chapter ch rule article art ors nrs mcl figure fig
  table page paragraph para clause title`);

function isVersionAt(words: string[], index: number, word: string): boolean {
  const previous = words[index - 1];
  if (previous !== undefined && LEGAL_OR_DOCUMENT.has(previous)) return false;
  if (isVersionToken(word)) return true;
  if (previous === undefined) return false;
  if (DOTTED_PAIR.test(word)) return SOFTWARE.has(previous) || SOFTWARE_DOTTED_ONLY.has(previous);
  if (SMALL_INTEGER.test(word))
    return SOFTWARE.has(previous) && !NOT_VERSION_AFTER.has(words[index + 1] ?? "");
  return previous === "build" && /^\d{4,6}$/.test(word);
}

function isIpAddress(parts: number[]): boolean {
  return parts.length === 4 && parts.every((part) => part <= 255);
}

function isDate(parts: number[], dotted: string): boolean {
  if (parts.length !== 3) return false;
  const [first, second, third] = parts as [number, number, number];
  const lastIsYear = /\.\d{4}$/.test(dotted) && third >= 1900 && first <= 31 && second <= 31;
  const firstIsYear = /^\d{4}\./.test(dotted) && first >= 1900 && second <= 12 && third <= 31;
  return lastIsYear || firstIsYear;
}
