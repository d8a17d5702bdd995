import type { QueryText } from "./query-text";
import { FUNCTION_WORDS } from "./word-lists";

/**
 * `keyword`: a telegraphic query of 2–5 tokens without any English function word (article,
 * preposition, pronoun, auxiliary, negation, wh-word), e.g. "raid 5 rebuild slow",
 * "join active directory". The caller excludes questions and non-English queries (whose
 * function words are not in the English list).
 */
export function isKeywordQuery(query: QueryText): boolean {
  const { words } = query;
  if (words.length < 2 || words.length > 5) return false;
  return words.every((word) => !FUNCTION_WORDS.has(word)) && words.some((word) => /\p{L}/u.test(word));
}
