import { firstRankPerDocument } from "@/lib/exchange/run-to-trec";
import type { Hole } from "@/lib/labeling/list-holes";

/** One stored result of a run: a ranked chunk (span in its document, UTF-16, end exclusive). */
export type PoolResult = { queryId: string; documentId: string; rank: number; start: number; end: number };

/** A run chosen for the pool: document-level runs are pooled by document, others by passage. */
export type PoolRun = { runId: string; documentLevel: boolean; results: readonly PoolResult[] };

/**
 * One passage to judge. `wholeDocument`: a document-level run put it in the pool, so the judgment
 * is about the document; the span is its best-ranked chunk, the place to read it from.
 */
type PoolPassage = {
  start: number;
  end: number;
  wholeDocument: boolean;
  runs: { runId: string; rank: number }[];
};

/** A distinct (query, document) pair of the pool and its distinct passages, best-ranked first. */
export type PoolPair = { queryId: string; documentId: string; passages: PoolPassage[] };

type Entry = { queryId: string; documentId: string; passage: PoolPassage };

/**
 * The judging pool of `runs` at `depth` over the set's queries (`queryIds`, set order): per run
 * and query, the first `depth` results of a passage run, and the first `depth` documents of a
 * document-level run — each document once at its first rank, ranks renumbered 1, 2, 3 … as
 * `export-run` writes it (runToTrec). Results of queries outside the set are ignored. Pairs come
 * in set order, then by best rank; equal ranks keep the run order (then the run's own order).
 */
export function judgingPool(options: {
  queryIds: readonly string[];
  runs: readonly PoolRun[];
  depth: number;
}): PoolPair[] {
  const inSet = new Set(options.queryIds);
  const entries: Entry[] = [];
  for (const run of options.runs) {
    for (const [queryId, ranking] of rankingsByQuery(run.results, inSet)) {
      const top = run.documentLevel ? firstRankPerDocument(ranking, (result) => result.documentId) : ranking;
      top.slice(0, Math.max(0, options.depth)).forEach((result, index) => {
        // A document-level run is ranked as export-run writes it: by document, without gaps.
        const rank = run.documentLevel ? index + 1 : result.rank;
        const passage = { start: result.start, end: result.end, wholeDocument: run.documentLevel };
        entries.push({
          queryId,
          documentId: result.documentId,
          passage: { ...passage, runs: [{ runId: run.runId, rank }] },
        });
      });
    }
  }
  return mergeEntries(entries, options.queryIds);
}

/**
 * The same pool built from a run's holes (listHoles / mergeHoles output, already cut at depth):
 * each hole is one passage to judge, or the whole document for a document-mode hole. Holes of
 * queries outside the set are ignored; the order is that of `judgingPool`.
 */
export function holesPool(options: { queryIds: readonly string[]; holes: readonly Hole[] }): PoolPair[] {
  const inSet = new Set(options.queryIds);
  const entries = options.holes
    .filter((hole) => inSet.has(hole.queryId))
    .map(
      (hole): Entry => ({
        queryId: hole.queryId,
        documentId: hole.documentId,
        passage: {
          start: hole.start,
          end: hole.end,
          wholeDocument: hole.wholeDocument,
          runs: [...hole.runs],
        },
      }),
    );
  return mergeEntries(entries, options.queryIds);
}

/** Each run's results of the set's queries, per query in rank order (stable on equal ranks). */
function rankingsByQuery(results: readonly PoolResult[], inSet: ReadonlySet<string>) {
  const byQuery = new Map<string, PoolResult[]>();
  for (const result of results) {
    if (!inSet.has(result.queryId)) continue;
    const ranking = byQuery.get(result.queryId) ?? [];
    ranking.push(result);
    byQuery.set(result.queryId, ranking);
  }
  for (const ranking of byQuery.values()) ranking.sort((a, b) => a.rank - b.rank);
  return byQuery;
}

function bestRank(runs: readonly { rank: number }[]): number {
  return Math.min(...runs.map((run) => run.rank));
}

function pairRank(pair: PoolPair): number {
  return Math.min(...pair.passages.map((passage) => bestRank(passage.runs)));
}

/**
 * Entries merged into pairs and distinct passages: a passage is its span, or the document for
 * whole-document entries, so a document-level and a passage judgment of one document stay apart.
 * Entries arrive in run order, and the sorts are stable, so equal ranks keep that order.
 */
function mergeEntries(entries: readonly Entry[], queryIds: readonly string[]): PoolPair[] {
  const queryIndex = new Map(queryIds.map((id, index) => [id, index] as const));
  const pairs = new Map<string, PoolPair>();
  const passages = new Map<string, PoolPassage>();
  for (const entry of entries) {
    const pairKey = JSON.stringify([entry.queryId, entry.documentId]);
    let pair = pairs.get(pairKey);
    if (!pair) {
      pair = { queryId: entry.queryId, documentId: entry.documentId, passages: [] };
      pairs.set(pairKey, pair);
    }
    const where = entry.passage.wholeDocument ? "document" : `${entry.passage.start}-${entry.passage.end}`;
    const passageKey = `${pairKey}|${where}`;
    const known = passages.get(passageKey);
    if (known) {
      for (const run of entry.passage.runs) {
        const same = known.runs.find((r) => r.runId === run.runId);
        if (same) same.rank = Math.min(same.rank, run.rank);
        else known.runs.push({ ...run });
      }
      continue;
    }
    const passage = { ...entry.passage, runs: entry.passage.runs.map((run) => ({ ...run })) };
    passages.set(passageKey, passage);
    pair.passages.push(passage);
  }
  for (const pair of pairs.values()) pair.passages.sort((a, b) => bestRank(a.runs) - bestRank(b.runs));
  return [...pairs.values()].sort(
    (a, b) =>
      (queryIndex.get(a.queryId) ?? 0) - (queryIndex.get(b.queryId) ?? 0) || pairRank(a) - pairRank(b),
  );
}
