import {
  buildClassifierContext,
  type ClassifierContextOptions,
  classifyQuery,
} from "@/lib/logs/classify-query";
import { loadSpellingDictionary } from "@/lib/logs/load-spelling-dictionary";
import type { LogEntry } from "@/lib/logs/read-log";

/** Classes of one query from its normal form and its display text (classifyQuery's ids). */
export type ClassifyLogQuery = (query: { normalized: string; display: string }) => readonly string[];

/**
 * classifyQuery over one log's entries: the typo and casing context comes from that log, the
 * English words from the spelling dictionary (loaded once per process), the corpus's words
 * from `options.vocabulary` when the caller has a corpus.
 */
export async function classifierForEntries(
  entries: LogEntry[],
  options: Pick<ClassifierContextOptions, "vocabulary"> = {},
): Promise<ClassifyLogQuery> {
  const context = buildClassifierContext(entries, { ...options, dictionary: await loadSpellingDictionary() });
  return ({ normalized, display }) => classifyQuery(normalized, context, { display });
}
