import { buildDeletionIndex, type DeletionIndex, deletionVariants, wordsWithVariant } from "./deletion-index";
import { boundedEditDistance } from "./edit-distance";
import { NO_SPELLING_DICTIONARY, type SpellingDictionary } from "./spelling-dictionary";

/**
 * `typo` support. A token is a likely typo when all of these hold:
 * - it is letters only and at least MIN_TYPO_LENGTH long (shorter tokens are mostly
 *   abbreviations: "ddns", "upnp" one edit from "dons", "upon");
 * - no word list knows it: not the spelling dictionary (English words, every inflection), nor
 *   the corpus vocabulary when one is given (a word the corpus uses is the domain's word);
 * - a word one edit away (Damerau: insert, delete, substitute, swap neighbours) is the better
 *   spelling by the evidence (hasEvidence): the log's own counts, or the dictionary or corpus
 *   when the log does not prefer the token; or, inside a long rare token, a frequent log word
 *   is two edits away (hasTwoEditCorrection).
 * Names and codes: tokens with digits, punctuation or accents ("e-4012", "ds920", "joaquín")
 * are never typos; acronyms and capitalized names are left out by the caller (classifyQuery,
 * from the display), and so are queries mostly of unknown words (isMostlyUnknown).
 */
export type TypoIndex = {
  tokenCounts: ReadonlyMap<string, number>;
  /** the spelling dictionary (loadSpellingDictionary); empty without one */
  dictionary: SpellingDictionary;
  vocabulary?: ReadonlyMap<string, number>;
  /** log words of at least minFrequentCount lines, for two-edit corrections of long tokens */
  frequentDeletions: DeletionIndex;
  /**
   * Depth-1 SymSpell indexes of every word that may correct a token one edit away: the log's
   * words of RATIO lines or more, the corpus vocabulary, the dictionary's common words
   * (hasEvidence accepts no other correction).
   */
  correctionIndexes: DeletionIndex[];
  /** Memo of isLikelyTypo per token; the answer depends only on the index. */
  cache: Map<string, boolean>;
};

/** A token of at most this many log lines is rare: a dictionary word alone may correct it. */
const RARE_MAX_COUNT = 2;
/** How many times more often the log must spell the correction than the token. */
const RATIO = 3;
export const DEFAULT_MIN_FREQUENT_COUNT = 5;
const MAX_FREQUENT_WORDS = 20_000;
/** The log words indexed as corrections, most frequent first (~16 MB of index at most). */
const MAX_ATTESTED_WORDS = 200_000;
const LETTERS_ONLY = /^\p{L}+$/u;
/** Typos are looked for in a–z words: an accented word is a name or a foreign word ("joaquín"). */
const ASCII_LETTERS_ONLY = /^[a-z]+$/;
const MIN_TYPO_LENGTH = 4;
const DICTIONARY_ALONE_MIN_LENGTH = 5;
/** Two edits only inside tokens this long: shorter ones are two edits from too many words. */
const TWO_EDITS_MIN_LENGTH = 9;

export function buildTypoIndex(options: {
  tokenCounts: ReadonlyMap<string, number>;
  minFrequentCount: number;
  dictionary?: SpellingDictionary;
  vocabulary?: ReadonlyMap<string, number>;
}): TypoIndex {
  const frequentWords = mostFrequentWords(options.tokenCounts, options.minFrequentCount, MAX_FREQUENT_WORDS);
  // A token of TWO_EDITS_MIN_LENGTH letters may be 2 edits from a word 2 letters shorter.
  const frequentDeletions = buildDeletionIndex(
    frequentWords.filter((word) => word.length >= TWO_EDITS_MIN_LENGTH - 2),
    () => 2,
  );
  const dictionary = options.dictionary ?? NO_SPELLING_DICTIONARY;
  const attestedWords = mostFrequentWords(options.tokenCounts, RATIO, MAX_ATTESTED_WORDS);
  const correctionIndexes = [buildDeletionIndex(attestedWords, () => 1), dictionary.commonDeletions];
  if (options.vocabulary) correctionIndexes.push(vocabularyDeletions(options.vocabulary));
  return {
    tokenCounts: options.tokenCounts,
    dictionary,
    vocabulary: options.vocabulary,
    frequentDeletions,
    correctionIndexes,
    cache: new Map(),
  };
}

/**
 * The SymSpell index of a corpus vocabulary, memoized per vocabulary object: a corpus of 56,000
 * words takes ~140 ms to index, and the set pages classify against the same cached vocabulary
 * (lib/search/corpus-vocabulary.ts) on every load.
 */
function vocabularyDeletions(vocabulary: ReadonlyMap<string, number>): DeletionIndex {
  let index = deletionsByVocabulary.get(vocabulary);
  if (!index) {
    index = buildDeletionIndex([...vocabulary.keys()], () => 1);
    deletionsByVocabulary.set(vocabulary, index);
  }
  return index;
}

const deletionsByVocabulary = new WeakMap<ReadonlyMap<string, number>, DeletionIndex>();

/** The log's letter-only words of at least `minCount` lines, most frequent first, at most `limit`. */
function mostFrequentWords(
  tokenCounts: ReadonlyMap<string, number>,
  minCount: number,
  limit: number,
): string[] {
  return [...tokenCounts]
    .filter(([token, count]) => count >= minCount && LETTERS_ONLY.test(token))
    .sort((left, right) => right[1] - left[1] || (left[0] < right[0] ? -1 : 1))
    .slice(0, limit)
    .map(([token]) => token);
}

export function isLikelyTypo(token: string, index: TypoIndex): boolean {
  const cached = index.cache.get(token);
  if (cached !== undefined) return cached;
  const result = computeIsLikelyTypo(token, index);
  index.cache.set(token, result);
  return result;
}

function computeIsLikelyTypo(token: string, index: TypoIndex): boolean {
  if (token.length < MIN_TYPO_LENGTH || !ASCII_LETTERS_ONLY.test(token) || isKnownWord(token, index))
    return false;
  for (const correction of wordsOneEditAway(token, index))
    if (hasEvidence(token, correction, index)) return true;
  return token.length >= TWO_EDITS_MIN_LENGTH && hasTwoEditCorrection(token, index);
}

/** A word of the spelling dictionary or of the corpus: never a typo itself. */
function isKnownWord(word: string, index: TypoIndex): boolean {
  return index.dictionary.words.has(word) || (index.vocabulary?.has(word) ?? false);
}

/**
 * Whether `token` (not a known word) misspells `correction`, one edit away:
 * - the log spells the correction RATIO times as often, on at least RATIO lines ("firmare" on
 *   7 lines of a log with "firmware" on 31), whatever word list knows it;
 * - or, for tokens of DICTIONARY_ALONE_MIN_LENGTH letters and more, the correction is a
 *   dictionary or corpus word and the log does not prefer the token: the token is rare, or
 *   the correction is at least as frequent. A word of the log's own that no list knows
 *   ("larkos", 300 lines, one edit from "larks") stays a word.
 * Shorter tokens are abbreviations too often ("vlan"/"plan", "ldap"/"leap"): only the log's
 * own spellings correct them.
 */
function hasEvidence(token: string, correction: string, index: TypoIndex): boolean {
  const tokenCount = logCount(token, index);
  const correctionCount = logCount(correction, index);
  if (correctionCount >= RATIO * Math.max(tokenCount, 1)) return true;
  // Slips rarely hit the first letter, while brands and acronyms often add one to a word
  // ("icloud", "cgnat", "xbox"): without the log's word for it, a correction keeps it.
  if (correction[0] !== token[0]) return false;
  if (token.length < DICTIONARY_ALONE_MIN_LENGTH) return false;
  if (!index.dictionary.commonWords.has(correction) && !index.vocabulary?.has(correction)) return false;
  return tokenCount <= RARE_MAX_COUNT || tokenCount <= correctionCount;
}

function logCount(word: string, index: TypoIndex): number {
  return index.tokenCounts.get(word) ?? 0;
}

/**
 * Two edits from a frequent log word, found through the deletion index: only when both share
 * their first two and last three letters, so that the edits are inside the word
 * ("develpoment"/"development"), not a derivation ("preventive"/"prevention").
 */
function hasTwoEditCorrection(token: string, index: TypoIndex): boolean {
  if (logCount(token, index) > RARE_MAX_COUNT) return false;
  for (const variant of deletionVariants(token, 2)) {
    for (const word of wordsWithVariant(index.frequentDeletions, variant)) {
      const sameEdges = token.slice(0, 2) === word.slice(0, 2) && token.slice(-3) === word.slice(-3);
      if (sameEdges && boundedEditDistance(token, word, 2) === 2) return true;
    }
  }
  return false;
}

/**
 * The indexed words one Damerau edit from `token` (SymSpell: a word within one edit shares a
 * deletion variant of depth 1 with it; the edit distance confirms each).
 */
export function wordsOneEditAway(token: string, index: Pick<TypoIndex, "correctionIndexes">): Set<string> {
  const words = new Set<string>();
  for (const variant of deletionVariants(token, 1)) {
    for (const correctionIndex of index.correctionIndexes) {
      for (const word of wordsWithVariant(correctionIndex, variant)) {
        if (word !== token && !words.has(word) && boundedEditDistance(token, word, 1) === 1) words.add(word);
      }
    }
  }
  return words;
}

/**
 * Whether most words of a query of 3 or more are unknown: to the dictionary, the corpus and
 * the log (rare there). Such a query is in another language or a list of names ("wlan
 * verbindung bricht ab", "imprimante hors ligne"): checking it against English spellings only
 * finds false typos.
 */
export function isMostlyUnknown(words: readonly string[], index: TypoIndex): boolean {
  const letterWords = words.filter((word) => LETTERS_ONLY.test(word));
  if (letterWords.length < 3) return false;
  const unknown = letterWords.filter(
    (word) => !isKnownWord(word, index) && logCount(word, index) <= RARE_MAX_COUNT,
  ).length;
  return unknown * 2 > letterWords.length;
}
