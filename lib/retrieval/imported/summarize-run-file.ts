import type { ImportedRun } from "@/lib/retrieval/imported/read-run-file";

/** What an upload form shows about a run file before it is used. */
export type RunFileSummary = {
  format: ImportedRun["format"];
  keyedBy: ImportedRun["keyedBy"];
  queryCount: number;
  hitCount: number;
  /** Hits per query: fewest, most, and the mean (not rounded). */
  hitsPerQuery: { min: number; max: number; mean: number };
  /** Hits that name a passage (chunk id or start/end) rather than a whole document. */
  hitsWithSpan: number;
  /** Hits carrying the passage text (JSONL `text`). */
  hitsWithText: number;
  tags: string[];
};

export function summarizeRunFile(run: ImportedRun): RunFileSummary {
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  let hitsWithSpan = 0;
  let hitsWithText = 0;
  for (const hits of run.queries.values()) {
    min = Math.min(min, hits.length);
    max = Math.max(max, hits.length);
    for (const hit of hits) {
      if (hit.start !== undefined) hitsWithSpan++;
      if (hit.text !== undefined) hitsWithText++;
    }
  }
  const queryCount = run.queries.size;
  return {
    format: run.format,
    keyedBy: run.keyedBy,
    queryCount,
    hitCount: run.hitCount,
    hitsPerQuery: {
      min: queryCount === 0 ? 0 : min,
      max,
      mean: queryCount === 0 ? 0 : run.hitCount / queryCount,
    },
    hitsWithSpan,
    hitsWithText,
    tags: run.tags,
  };
}
