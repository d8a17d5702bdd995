import { FUNCTION_WORDS } from "./word-lists";

/**
 * How a log capitalizes, for the `name` recognizer. `titleCaseLog`: more than
 * TITLE_CASE_LOG_SHARE of the displays are title-cased (see isTitleCased), so capitals say
 * little. `lowercaseWords`: words written lowercase, after the first word of a display, at least
 * more often than capitalized ("custom", "file"), so a capital on them is style, not a name.
 */
export type CasingStats = {
  titleCaseLog: boolean;
  lowercaseWords: ReadonlySet<string>;
};

export const NO_CASING_STATS: CasingStats = { titleCaseLog: false, lowercaseWords: new Set() };
const TITLE_CASE_LOG_SHARE = 0.3;

export function buildCasingStats(displays: Iterable<string>): CasingStats {
  let total = 0;
  let titleCased = 0;
  const balance = new Map<string, number>();
  for (const display of displays) {
    total += 1;
    // Fast path: a display of lowercase ASCII words and spaces (most of a log) is not
    // title-cased, and each word after the first is written lowercase.
    if (PLAIN_LOWERCASE.test(display)) {
      const words = display.split(" ");
      for (let index = 1; index < words.length; index += 1) {
        const word = words[index]!;
        if (word !== "") balance.set(word, (balance.get(word) ?? 0) + 1);
      }
      continue;
    }
    const words = splitDisplayWords(display);
    if (isTitleCased(words)) titleCased += 1;
    for (let index = 1; index < words.length; index += 1) {
      const word = words[index]!;
      if (ALL_LOWERCASE.test(word)) balance.set(word, (balance.get(word) ?? 0) + 1);
      else if (CAPITALIZED_WORD.test(word)) {
        const lower = word.toLowerCase();
        balance.set(lower, (balance.get(lower) ?? 0) - 1);
      }
    }
  }
  const lowercaseWords = new Set([...balance].filter(([, value]) => value > 0).map(([word]) => word));
  return { titleCaseLog: total > 0 && titleCased > total * TITLE_CASE_LOG_SHARE, lowercaseWords };
}

const PLAIN_LOWERCASE = /^[a-z]+(?: [a-z]+)*$/;
const ALL_LOWERCASE = /^\p{Ll}+$/u;
const CAPITALIZED_WORD = /^\p{Lu}\p{Ll}+$/u;

/** Whether every word with letters that is not a function word starts with a capital. */
export function isTitleCased(displayWords: string[]): boolean {
  const contentWords = displayWords.filter(
    (word) => /\p{L}/u.test(word) && !FUNCTION_WORDS.has(word.toLowerCase()),
  );
  return contentWords.length >= 2 && contentWords.every((word) => /^\p{Lu}/u.test(word));
}

/** Display words with punctuation trimmed from their edges ("(Galaxy" → "Galaxy"). */
export function splitDisplayWords(display: string): string[] {
  return display
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}+#]+$/gu, ""))
    .filter(Boolean);
}
