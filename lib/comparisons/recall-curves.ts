import { evaluateDocumentQuery } from "@/lib/eval/document-metrics";
import { type EvalLabel, evaluateQuery, type RankedChunk } from "@/lib/eval/label-metrics";
import type { ScoringMode } from "@/lib/eval/run-report-schema";

/** The curve's dense part: every k from 1 to this. */
const CURVE_DENSE_KS = 20;

/**
 * The cut-offs of a comparison's recall curves: every k from 1 to 20, then each compared run's
 * topK beyond 20 (where its curve ends: recall at k > topK sees only topK results).
 */
export function curveKs(topKs: readonly number[]): number[] {
  const dense = Array.from({ length: CURVE_DENSE_KS }, (_, index) => index + 1);
  const beyond = topKs.filter((k) => Number.isInteger(k) && k > CURVE_DENSE_KS);
  return [...new Set([...dense, ...beyond])].sort((a, b) => a - b);
}

/**
 * One run's mean recall at each of `ks` over `queryIds`, recomputed from its stored rankings and
 * the labels it scored, with the same code that scored the run (so at the run's reported
 * cut-offs it equals the stored per-query recall). A query that turns out to have no relevant
 * label is skipped; `queries` says how many the means stand on. A query without a ranking was
 * retrieved nothing: it scores 0.
 */
export function recallCurve(options: {
  queryIds: readonly string[];
  rankings: ReadonlyMap<string, RankedChunk[]>;
  labels: ReadonlyMap<string, EvalLabel[]>;
  ks: readonly number[];
  mode: ScoringMode;
  coverage: number;
  relevantThreshold: number;
}): { recall: Record<string, number>; queries: number } {
  const ks = [...options.ks];
  const sums = new Map<number, number>(ks.map((k) => [k, 0]));
  let queries = 0;
  for (const queryId of options.queryIds) {
    const ranking = options.rankings.get(queryId) ?? [];
    const labels = options.labels.get(queryId) ?? [];
    const metrics =
      options.mode === "document"
        ? evaluateDocumentQuery({ labels, ranking, ks, relevantThreshold: options.relevantThreshold })
        : evaluateQuery({
            labels,
            ranking,
            ks,
            coverage: options.coverage,
            relevantThreshold: options.relevantThreshold,
          });
    if (!metrics) continue;
    queries += 1;
    for (const k of ks) sums.set(k, (sums.get(k) ?? 0) + (metrics.recall[k] ?? 0));
  }
  const recall: Record<string, number> = {};
  for (const k of ks) recall[String(k)] = queries === 0 ? 0 : (sums.get(k) ?? 0) / queries;
  return { recall, queries };
}
