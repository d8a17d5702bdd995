import { normalizeText } from "@/lib/anchor/normalize-text";

export type SetQueryRef = { key: string; text: string };

/** How a run's query key was tied to a set query, in the order the passes run. */
type QueryMatchKind = "key" | "text" | "normalized-text";

type RunQueryMatch = { runKey: string; setKey: string; by: QueryMatchKind };

export type RunQueryMatching = {
  matched: RunQueryMatch[];
  /** Run keys that match no set query (their hits cannot be evaluated). */
  unmatchedRunKeys: string[];
  /** Set queries the run has no results for ("12 queries of the set have no results in the file"). */
  setQueriesWithoutRun: SetQueryRef[];
};

/**
 * Ties a run's query keys to a golden set's queries, in three passes, each only over what the
 * previous ones left: (1) run key = set query key; (2) run key, or the run's text for that key
 * (`runQueryTexts`, e.g. JSONL `query` next to `query_id`), = set query text; (3) the same after
 * normalization (NFC, lowercase, whitespace collapsed, trimmed). A set query takes one run key at
 * most; when several set queries share a text, the first in set order is taken. Output follows
 * the input orders (run keys, set queries).
 */
export function matchRunQueries(options: {
  runQueryKeys: Iterable<string>;
  setQueries: readonly SetQueryRef[];
  runQueryTexts?: ReadonlyMap<string, string> | undefined;
}): RunQueryMatching {
  const runKeys = [...new Set(options.runQueryKeys)];
  const texts = options.runQueryTexts;
  const matchedBy = new Map<string, RunQueryMatch>();
  const claimed = new Set<string>();

  const pass = (
    by: QueryMatchKind,
    setSide: (query: SetQueryRef) => string,
    runSide: (key: string) => string[],
  ) => {
    const available = new Map<string, SetQueryRef>();
    for (const query of options.setQueries) {
      const value = setSide(query);
      if (!claimed.has(query.key) && !available.has(value)) available.set(value, query);
    }
    for (const runKey of runKeys) {
      if (matchedBy.has(runKey)) continue;
      for (const value of runSide(runKey)) {
        const query = available.get(value);
        if (!query || claimed.has(query.key)) continue;
        claimed.add(query.key);
        matchedBy.set(runKey, { runKey, setKey: query.key, by });
        break;
      }
    }
  };
  const runTexts = (key: string) => {
    const text = texts?.get(key);
    return text === undefined ? [key] : [key, text];
  };
  pass(
    "key",
    (query) => query.key,
    (key) => [key],
  );
  pass("text", (query) => query.text, runTexts);
  pass(
    "normalized-text",
    (query) => normalizeQueryText(query.text),
    (key) => runTexts(key).map(normalizeQueryText),
  );

  return {
    matched: runKeys.flatMap((key) => matchedBy.get(key) ?? []),
    unmatchedRunKeys: runKeys.filter((key) => !matchedBy.has(key)),
    setQueriesWithoutRun: options.setQueries.filter((query) => !claimed.has(query.key)),
  };
}

/** NFC, lowercase, whitespace runs to one space, trimmed. */
export function normalizeQueryText(text: string): string {
  return normalizeText(text).toLowerCase().replace(/\s+/g, " ").trim();
}
