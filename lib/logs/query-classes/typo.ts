import { buildDeletionIndex, type DeletionIndex, deletionVariants, wordsWithVariant } from "./deletion-index";
import { boundedEditDistance } from "./edit-distance";

/**
 * `typo` support. A token is a likely typo when all of these hold:
 * - it is letters only, at least 5 long (shorter rare tokens are mostly abbreviations and names);
 * - it is rare (log count ≤ RARE_MAX_COUNT), not a frequent word, not in the corpus vocabulary
 *   when one is given, and not an inflection of another word of the log ("weddings" when the
 *   log has "wedding");
 * - a frequent word (log count ≥ minFrequentCount) with the same first letter (typos rarely hit
 *   it; "tmobile", "ymail" are words of their own) is within edit distance 1, or 2 for tokens of
 *   10+ letters (see hasSameEdges);
 * - that frequent word is not an inflection of it ("reviewed" ~ "reviews") and, below 8
 *   letters, not one substituted letter away (see isShortSubstitution).
 * The thresholds are stricter than "distance 1 from 4 letters, 2 from 8" because those flagged
 * mostly real words and names on a TREC query log.
 */
export type TypoIndex = {
  tokenCounts: ReadonlyMap<string, number>;
  frequentWords: ReadonlySet<string>;
  /** Every frequent word and each of its deletion variants (SymSpell) → the frequent words. */
  deletions: DeletionIndex;
  vocabulary?: ReadonlyMap<string, number>;
  /** Memo of isLikelyTypo per token; the answer depends only on the index. */
  cache: Map<string, boolean>;
};

export const RARE_MAX_COUNT = 2;
export const DEFAULT_MIN_FREQUENT_COUNT = 20;
const MAX_FREQUENT_WORDS = 20_000;
const LETTERS_ONLY = /^\p{L}+$/u;
const MIN_TYPO_LENGTH = 5;
const TWO_EDITS_MIN_LENGTH = 10;

export function buildTypoIndex(options: {
  tokenCounts: ReadonlyMap<string, number>;
  minFrequentCount: number;
  vocabulary?: ReadonlyMap<string, number>;
}): TypoIndex {
  const frequentWords = [...options.tokenCounts]
    .filter(([token, count]) => count >= options.minFrequentCount && LETTERS_ONLY.test(token))
    .sort((left, right) => right[1] - left[1] || (left[0] < right[0] ? -1 : 1))
    .slice(0, MAX_FREQUENT_WORDS)
    .map(([token]) => token);
  // A token of TWO_EDITS_MIN_LENGTH letters may be 2 edits from a word 2 letters shorter.
  const deletions = buildDeletionIndex(frequentWords, (word) =>
    word.length >= TWO_EDITS_MIN_LENGTH - 2 ? 2 : 1,
  );
  return {
    tokenCounts: options.tokenCounts,
    frequentWords: new Set(frequentWords),
    deletions,
    vocabulary: options.vocabulary,
    cache: new Map(),
  };
}

export function isLikelyTypo(token: string, index: TypoIndex): boolean {
  const cached = index.cache.get(token);
  if (cached !== undefined) return cached;
  const result = computeIsLikelyTypo(token, index);
  index.cache.set(token, result);
  return result;
}

function computeIsLikelyTypo(token: string, index: TypoIndex): boolean {
  const length = [...token].length;
  if (length < MIN_TYPO_LENGTH || length !== token.length || !LETTERS_ONLY.test(token)) return false;
  if ((index.tokenCounts.get(token) ?? 0) > RARE_MAX_COUNT || index.frequentWords.has(token)) return false;
  if (index.vocabulary?.has(token) || hasAttestedStem(token, index.tokenCounts)) return false;
  const maxDistance = allowedDistance(length);
  const candidates = new Set<string>();
  for (const variant of deletionVariants(token, maxDistance)) {
    for (const word of wordsWithVariant(index.deletions, variant)) candidates.add(word);
  }
  for (const word of candidates) {
    if (token[0] !== word[0] || isInflection(token, word) || isShortSubstitution(token, word)) continue;
    const distance = boundedEditDistance(token, word, maxDistance);
    if (distance <= 1 || (distance === 2 && hasSameEdges(token, word))) return true;
  }
  return false;
}

/**
 * Two edits between long words are mostly derivations ("preventive"/"prevention",
 * "occupational"/"occupation"): they count only when both words share their first two and last
 * three letters, so that the edits are inside the word ("develpoment"/"development").
 */
function hasSameEdges(token: string, word: string): boolean {
  return token.slice(0, 2) === word.slice(0, 2) && token.slice(-3) === word.slice(-3);
}

/**
 * A short word (< 8 letters) that differs from a frequent word by one substituted letter is
 * too often another real word ("rail"/"raid", "turn"/"tern", "bolton"/"boston"): skipped.
 * Deletions, insertions and swaps of adjacent letters still count ("firmare", "migratoin").
 */
function isShortSubstitution(token: string, word: string): boolean {
  if (token.length >= 8 || token.length !== word.length) return false;
  const differences: number[] = [];
  for (let position = 0; position < token.length; position += 1) {
    if (token[position] !== word[position]) differences.push(position);
  }
  if (differences.length !== 2) return differences.length === 1;
  const [first, second] = differences as [number, number];
  return !(second === first + 1 && token[first] === word[second] && token[second] === word[first]);
}

function allowedDistance(length: number): number {
  return length >= TWO_EDITS_MIN_LENGTH ? 2 : 1;
}

const SUFFIX = /(?:ies|ied|ing|ers|er|ed|es|ly|s|d|y)$/;

/** Same stem once a common English suffix is removed ("drives" ~ "drive", "reviewed" ~ "reviews"). */
function isInflection(token: string, word: string): boolean {
  if (!SUFFIX.test(token) && !SUFFIX.test(word)) return false;
  const tokenStem = stem(token);
  return tokenStem.length >= 3 && tokenStem === stem(word);
}

/** "weddings", "screenings", "fatalities": the log also has "wedding", "screening", "fatality". */
function hasAttestedStem(token: string, tokenCounts: ReadonlyMap<string, number>): boolean {
  const match = SUFFIX.exec(token);
  if (!match) return false;
  const base = token.slice(0, match.index);
  const stems = [base, `${base}e`, match[0].startsWith("i") ? `${base}y` : base];
  return stems.some((stem) => stem.length >= 3 && tokenCounts.has(stem));
}

function stem(word: string): string {
  return word.replace(SUFFIX, "").replace(/e$/, "");
}
