import { boundedEditDistance } from "./query-classes/edit-distance";
import {
  ARTICLES_AND_DETERMINERS,
  AUXILIARIES,
  CONJUNCTIONS,
  PREPOSITIONS,
  PRONOUNS,
  WH_WORDS,
} from "./query-classes/word-lists";

/**
 * Near-duplicate queries, on normal forms (normalizeQuery). Two queries are near-duplicates when
 * 1. their keys are equal: the sorted set of tokens without stopwords ("how to replace a drive"
 *    ~ "replace drive"); negations are not stopwords ("drive not detected" ≁ "drive detected"),
 * 2. or the Jaccard similarity of their token sets is ≥ 0.8,
 * 3. or both are at most 30 characters long, within edit distance 2 ("raid migraton") and
 *    have the same digits in the same order: "e-4012" ~ "e4012", but "raid 1" ≁ "raid 5" and
 *    "e-4012" ≁ "e-4013" (a different number is a different query).
 */
export function isNearDuplicate(left: string, right: string): boolean {
  if (nearDuplicateKey(left) === nearDuplicateKey(right)) return true;
  const leftTokens = new Set(tokensOf(left));
  const rightTokens = new Set(tokensOf(right));
  if (jaccard(leftTokens, rightTokens) >= MIN_JACCARD) return true;
  return isShortAndClose(left, right);
}

const MIN_JACCARD = 0.8;
const MAX_EDIT_CHARS = 30;
const MAX_EDIT_DISTANCE = 2;

const STOPWORDS: ReadonlySet<string> = new Set([
  ...ARTICLES_AND_DETERMINERS,
  ...AUXILIARIES,
  ...CONJUNCTIONS,
  ...PREPOSITIONS,
  ...PRONOUNS,
  ...WH_WORDS,
]);

/** Sorted distinct tokens without stopwords; all distinct tokens if only stopwords are left. */
export function nearDuplicateKey(text: string): string {
  const tokens = [...new Set(tokensOf(text))];
  const content = tokens.filter((token) => !STOPWORDS.has(token));
  return (content.length > 0 ? content : tokens).sort().join(" ");
}

/**
 * A growing set of queries that answers "is this a near-duplicate of one of you?" quickly, for a
 * few thousand entries probed by ~100k candidates: the key lookup is O(1); Jaccard only looks at
 * entries sharing one of the probe's rarest tokens (prefix filtering); edit distance only at
 * short entries that share an unchanged segment with the probe (see segmentsOf).
 */
export type NearDuplicateIndex = {
  add: (text: string) => void;
  hasNearDuplicate: (text: string) => boolean;
};

export function createNearDuplicateIndex(initial: Iterable<string> = []): NearDuplicateIndex {
  const keys = new Set<string>();
  const tokenSets: Set<string>[] = [];
  const postings = new Map<string, number[]>();
  const unsegmentedByLength = new Map<number, string[]>();
  const bySegment = new Map<string, string[]>();

  const add = (text: string) => {
    keys.add(nearDuplicateKey(text));
    const tokens = new Set(tokensOf(text));
    const entry = tokenSets.push(tokens) - 1;
    for (const token of tokens) pushTo(postings, token, entry);
    if (text.length < MIN_SEGMENTED_CHARS) pushTo(unsegmentedByLength, text.length, text);
    else if (text.length <= MAX_EDIT_CHARS) {
      for (const { start, end, index } of segmentsOf(text.length)) {
        pushTo(bySegment, `${text.length}:${index}:${text.slice(start, end)}`, text);
      }
    }
  };

  // Jaccard ≥ MIN_JACCARD needs ≥ ceil(MIN_JACCARD · |tokens|) shared tokens, so a match shares
  // at least one of the |tokens| − that + 1 rarest tokens of the probe.
  const jaccardCandidates = (tokens: Set<string>): Set<number> => {
    const rarestFirst = [...tokens].sort(
      (left, right) => (postings.get(left)?.length ?? 0) - (postings.get(right)?.length ?? 0),
    );
    const prefixLength = tokens.size - Math.ceil(MIN_JACCARD * tokens.size) + 1;
    return new Set(rarestFirst.slice(0, prefixLength).flatMap((token) => postings.get(token) ?? []));
  };

  const editCandidates = (text: string): Set<string> => {
    const found = new Set<string>();
    const lengthLimit = Math.min(MAX_EDIT_CHARS, text.length + MAX_EDIT_DISTANCE);
    for (let length = text.length - MAX_EDIT_DISTANCE; length <= lengthLimit; length += 1) {
      if (length < MIN_SEGMENTED_CHARS) {
        for (const other of unsegmentedByLength.get(length) ?? []) found.add(other);
        continue;
      }
      for (const { start, end, index } of segmentsOf(length)) {
        for (let shift = -MAX_EDIT_DISTANCE; shift <= MAX_EDIT_DISTANCE; shift += 1) {
          if (start + shift < 0 || end + shift > text.length) continue;
          const key = `${length}:${index}:${text.slice(start + shift, end + shift)}`;
          for (const other of bySegment.get(key) ?? []) found.add(other);
        }
      }
    }
    return found;
  };

  const hasNearDuplicate = (text: string) => {
    if (keys.has(nearDuplicateKey(text))) return true;
    const tokens = new Set(tokensOf(text));
    for (const entry of jaccardCandidates(tokens)) {
      if (jaccard(tokens, tokenSets[entry]!) >= MIN_JACCARD) return true;
    }
    if (text.length > MAX_EDIT_CHARS) return false;
    for (const other of editCandidates(text)) {
      if (isShortAndClose(text, other)) return true;
    }
    return false;
  };

  for (const text of initial) add(text);
  return { add, hasNearDuplicate };
}

const SEGMENTS = 2 * MAX_EDIT_DISTANCE + 1;
const MIN_SEGMENTED_CHARS = 2 * SEGMENTS;

/**
 * Splits a text of `length` characters into 5 near-equal segments. Pigeonhole: each of ≤ 2 edits
 * touches at most two consecutive characters (a transposition), so at most 4 segments are
 * touched; the fifth appears unchanged in the other text, moved by at most 2 positions.
 */
function segmentsOf(length: number): { start: number; end: number; index: number }[] {
  return Array.from({ length: SEGMENTS }, (_, index) => ({
    start: Math.floor((index * length) / SEGMENTS),
    end: Math.floor(((index + 1) * length) / SEGMENTS),
    index,
  }));
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function tokensOf(text: string): string[] {
  return text.split(" ").filter((token) => token !== "");
}

function jaccard(left: ReadonlySet<string>, right: ReadonlySet<string>): number {
  let shared = 0;
  for (const token of left) if (right.has(token)) shared += 1;
  const union = left.size + right.size - shared;
  return union === 0 ? 1 : shared / union;
}

function isShortAndClose(left: string, right: string): boolean {
  if (left.length > MAX_EDIT_CHARS || right.length > MAX_EDIT_CHARS) return false;
  if (digitsOf(left) !== digitsOf(right)) return false;
  return boundedEditDistance(left, right, MAX_EDIT_DISTANCE) <= MAX_EDIT_DISTANCE;
}

function digitsOf(text: string): string {
  return text.replace(/\D/g, "");
}
