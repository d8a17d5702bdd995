import { normalizeQuery } from "@/lib/logs/normalize-query";
import { splitWords } from "@/lib/logs/query-classes/query-text";

/**
 * A corpus's vocabulary as the typo recognizer reads it (ClassifierContextOptions.vocabulary):
 * each word of the texts, tokenized exactly as a query is (normalizeQuery, then splitWords), with
 * the number of texts that contain it. A word the corpus uses is the domain's word, never a typo
 * ("larkos", "hyperbackup"), and may correct a query's misspelling of it.
 */
export function buildCorpusVocabulary(texts: Iterable<string>): Map<string, number> {
  const vocabulary = new Map<string, number>();
  for (const text of texts) {
    for (const word of new Set(splitWords(normalizeQuery(text)))) {
      vocabulary.set(word, (vocabulary.get(word) ?? 0) + 1);
    }
  }
  return vocabulary;
}
