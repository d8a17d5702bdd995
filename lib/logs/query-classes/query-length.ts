import type { QueryText } from "./query-text";

/** `very-short`: one token, or at most 3 characters ("e", "ad", "ups", "raid"). */
export function isVeryShortQuery(query: QueryText): boolean {
  return query.words.length <= 1 || !hasMoreCodePoints(query.text, 3);
}

/** `very-long`: more than 12 tokens or more than 100 characters (code points). */
export function isVeryLongQuery(query: QueryText): boolean {
  return query.words.length > 12 || hasMoreCodePoints(query.text, 100);
}

/** Whether `text` has more than `limit` code points, counting them only when its length leaves doubt. */
function hasMoreCodePoints(text: string, limit: number): boolean {
  // A code point is 1 or 2 UTF-16 units.
  if (text.length <= limit) return false;
  if (text.length > 2 * limit) return true;
  let count = 0;
  for (const _ of text) if (++count > limit) return true;
  return false;
}
