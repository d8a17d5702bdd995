import { buildDeletionIndex, type DeletionIndex } from "./deletion-index";

/**
 * The words of a spelling dictionary as the typo recognizer uses them: `words`, every entry
 * lowercased (a token that is one of them is spelled right, "london" too); `commonWords`, the
 * entries the dictionary writes in lowercase: only these correct a token on the dictionary's
 * word alone, since a token one edit from a name ("tomasz"/"Tomas") is mostly another name.
 * `commonDeletions`: the common words' SymSpell index at depth 1, built once with the
 * dictionary (~1M entries, ~16 MB for hunspell English), so that the words one edit from a
 * token are found with its length + 1 lookups instead of one per possible edit (~50 per letter).
 */
export type SpellingDictionary = {
  words: ReadonlySet<string>;
  commonWords: ReadonlySet<string>;
  commonDeletions: DeletionIndex;
};

/** From a dictionary's entries as it writes them ("colour", "London", "NASA"). */
export function buildSpellingDictionary(entries: Iterable<string>): SpellingDictionary {
  const words = new Set<string>();
  const commonWords = new Set<string>();
  for (const entry of entries) {
    const lower = entry.toLowerCase();
    words.add(lower);
    if (entry === lower) commonWords.add(lower);
  }
  return { words, commonWords, commonDeletions: buildDeletionIndex([...commonWords], () => 1) };
}

export const NO_SPELLING_DICTIONARY: SpellingDictionary = buildSpellingDictionary([]);
