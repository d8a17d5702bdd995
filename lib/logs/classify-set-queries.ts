import { splitClasses } from "@/lib/logs/class-mix";
import {
  buildClassifierContext,
  type ClassifierContextOptions,
  classifyQuery,
} from "@/lib/logs/classify-query";
import { normalizeQuery } from "@/lib/logs/normalize-query";

/**
 * The classes of a set's queries, in order: a query sampled from a log keeps the classes the
 * log import gave it (`logClasses`); a query typed in is classified from its text, with the
 * typed-in queries themselves as the typo and casing context (as the set health page does), and
 * `options.dictionary` (loadSpellingDictionary) and `options.vocabulary` as the known words.
 */
export function classifySetQueries(
  queries: readonly { text: string; logClasses: string | null }[],
  options: ClassifierContextOptions = {},
): string[][] {
  const typedIn = queries.filter((query) => query.logClasses === null);
  const context = buildClassifierContext(
    typedIn.map((query) => ({ normalized: normalizeQuery(query.text), count: 1, display: query.text })),
    options,
  );
  return queries.map((query) =>
    query.logClasses === null
      ? classifyQuery(normalizeQuery(query.text), context, { display: query.text })
      : splitClasses(query.logClasses),
  );
}
