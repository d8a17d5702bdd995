/**
 * The words of a spelling dictionary as the typo recognizer uses them: `words`, every entry
 * lowercased (a token that is one of them is spelled right, "london" too); `commonWords`, the
 * entries the dictionary writes in lowercase: only these correct a token on the dictionary's
 * word alone, since a token one edit from a name ("tomasz"/"Tomas") is mostly another name.
 */
export type SpellingDictionary = {
  words: ReadonlySet<string>;
  commonWords: ReadonlySet<string>;
};

export const NO_SPELLING_DICTIONARY: SpellingDictionary = { words: new Set(), commonWords: new Set() };

/** From a dictionary's entries as it writes them ("colour", "London", "NASA"). */
export function buildSpellingDictionary(entries: Iterable<string>): SpellingDictionary {
  const words = new Set<string>();
  const commonWords = new Set<string>();
  for (const entry of entries) {
    const lower = entry.toLowerCase();
    words.add(lower);
    if (entry === lower) commonWords.add(lower);
  }
  return { words, commonWords };
}
