import type { QueryText } from "./query-text";

/** `very-short`: one token, or at most 3 characters ("e", "ad", "ups", "raid"). */
export function isVeryShortQuery(query: QueryText): boolean {
  return query.words.length <= 1 || [...query.text].length <= 3;
}

/** `very-long`: more than 12 tokens or more than 100 characters (code points). */
export function isVeryLongQuery(query: QueryText): boolean {
  return query.words.length > 12 || [...query.text].length > 100;
}
