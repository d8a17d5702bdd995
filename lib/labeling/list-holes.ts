import { judgedAtK } from "@/lib/eval/judged-at-k";
import type { EvalLabel } from "@/lib/eval/label-metrics";
import { markPassages } from "@/lib/eval/mark-passages";
import type { ScoringMode } from "@/lib/eval/run-report-schema";

/** One stored result of a run (a RunResult row): a ranked chunk of one query. */
export type HoleResult = { queryId: string; rank: number; documentId: string; start: number; end: number };

/** A run as holes are computed for it: how it scores, and its stored results (any order). */
export type HoleRun = { id: string; mode: ScoringMode; coverage: number; results: readonly HoleResult[] };

/**
 * A hole (docs/domain.md, "Evaluation"): a result in some run's top k that no judgment of its query
 * covers — no label of any grade, 0 ("not relevant") included, satisfies it under that run's
 * coverage rule and scoring mode. Results of several runs with the same query, document and span
 * are one hole; `runs` says which runs ranked it where.
 */
export type Hole = {
  queryId: string;
  documentId: string;
  /**
   * The chunk's span in the text the run saw (UTF-16, end exclusive); after `mergeHoles`, the span
   * to show and select: snapped to word and sentence edges, the union of the chunks merged in.
   */
  start: number;
  end: number;
  /**
   * A document-mode run judges documents: any label on the document covers it, so the hole is
   * the whole document (start/end still point at its best-ranked chunk, where to start reading).
   */
  wholeDocument: boolean;
  runs: { runId: string; rank: number }[];
};

export type RunHoleSummary = {
  runId: string;
  /**
   * Queries judged@k is averaged over: those the run returned results for that have a relevant
   * judgment now (grade ≥ the threshold) — the queries an evaluation would score, as the run's
   * stored judged@k is a mean over its evaluated queries.
   */
  queries: number;
  /** Mean judged@k over those queries, with the judgments as they are now (0 with none). */
  judged: number;
  /**
   * Unjudged results in the run's top k (a passage another run also ranks counts here too); after
   * `mergeHoles`, the merged holes the run retrieved.
   */
  holes: number;
};

/** The key two runs' holes share when they are the same passage (or document) of the same query. */
export function holeKey(hole: Pick<Hole, "queryId" | "documentId" | "start" | "end" | "wholeDocument">) {
  const where = hole.wholeDocument ? "document" : `${hole.start}-${hole.end}`;
  return `${hole.queryId}|${hole.documentId}|${where}`;
}

/**
 * The holes of `runs` at depth `k`, with the labels of each query as they resolve and count now
 * (`labelsByQuery`: the scored labels, with counted grades, keyed by query id). The top k is the
 * first k results in label mode and the first k documents in document mode (a document's later
 * chunks are not scored), as judged@k counts them (`markPassages`, `judgedAtK`). Holes come in set order (`queryOrder`,
 * query ids), then by best rank; per run, the holes count (of every query) and judged@k now (over
 * the queries with a relevant judgment, grade ≥ `relevantThreshold`, as evaluation averages it).
 */
export function listHoles(options: {
  runs: readonly HoleRun[];
  labelsByQuery: ReadonlyMap<string, readonly EvalLabel[]>;
  k: number;
  relevantThreshold: number;
  queryOrder: readonly string[];
}): { holes: Hole[]; runs: RunHoleSummary[] } {
  const { runs, labelsByQuery, k, relevantThreshold } = options;
  const byKey = new Map<string, Hole>();
  const summaries = runs.map((run): RunHoleSummary => {
    let judgedSum = 0;
    let evaluated = 0;
    let holes = 0;
    const rankings = groupByQuery(run.results);
    for (const [queryId, ranking] of rankings) {
      const labels = labelsByQuery.get(queryId) ?? [];
      const marks = markPassages({
        passages: ranking,
        labels,
        mode: run.mode,
        coverage: run.coverage,
        relevantThreshold: Number.POSITIVE_INFINITY, // relevance plays no part in holes
      });
      const top = ranking
        .map((result, index) => ({ result, mark: marks[index] }))
        .filter((entry) => entry.mark?.scored)
        .slice(0, k);
      const judged = (mark: (typeof marks)[number] | undefined) =>
        mark !== undefined && mark.judgement !== "unjudged";
      if (labels.some((label) => label.grade >= relevantThreshold)) {
        evaluated++;
        judgedSum += judgedAtK({ judgedByRank: top.map((entry) => judged(entry.mark)), ks: [k] })[k] ?? 0;
      }
      for (const { result, mark } of top) {
        if (judged(mark)) continue;
        holes++;
        const hole: Hole = {
          queryId,
          documentId: result.documentId,
          start: result.start,
          end: result.end,
          wholeDocument: run.mode === "document",
          runs: [],
        };
        const key = holeKey(hole);
        const known = byKey.get(key) ?? hole;
        known.runs.push({ runId: run.id, rank: result.rank });
        byKey.set(key, known);
      }
    }
    // A query the run found nothing for is evaluated all the same (an empty ranking, judged@k 0),
    // so the count matches the run's `evaluated` and the set's queries with relevant labels.
    for (const [queryId, labels] of labelsByQuery)
      if (!rankings.has(queryId) && labels.some((label) => label.grade >= relevantThreshold)) evaluated++;
    return { runId: run.id, queries: evaluated, judged: evaluated === 0 ? 0 : judgedSum / evaluated, holes };
  });
  const order = new Map(options.queryOrder.map((queryId, index) => [queryId, index]));
  const holes = [...byKey.values()].sort(
    (a, b) =>
      (order.get(a.queryId) ?? Number.MAX_SAFE_INTEGER) - (order.get(b.queryId) ?? Number.MAX_SAFE_INTEGER) ||
      bestRank(a) - bestRank(b) ||
      compareText(a.documentId, b.documentId) ||
      a.start - b.start,
  );
  return { holes, runs: summaries };
}

/** The lowest rank any run gave the hole. */
function bestRank(hole: Pick<Hole, "runs">): number {
  return Math.min(...hole.runs.map((entry) => entry.rank));
}

function groupByQuery(results: readonly HoleResult[]): Map<string, HoleResult[]> {
  const rankings = new Map<string, HoleResult[]>();
  for (const result of results) {
    const ranking = rankings.get(result.queryId) ?? [];
    ranking.push(result);
    rankings.set(result.queryId, ranking);
  }
  for (const ranking of rankings.values()) ranking.sort((a, b) => a.rank - b.rank);
  return rankings;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
