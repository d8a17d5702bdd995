import { defaultRetrievalConfig, defaultRetrievers } from "@/lib/configs/config-schema";
import type { ContextMetrics } from "@/lib/eval/context-budget";
import type { EvalLabel, RankedChunk } from "@/lib/eval/label-metrics";
import { queryContextMetrics } from "@/lib/eval/score-run-query";
import { buildComparison, type Comparison, type ComparisonRunInput } from "../build-comparison";

/**
 * A small comparison built from hand-made runs: 40 queries, a BM25 baseline, a hybrid that finds
 * the label one rank higher on most queries, and a small-chunks run (two settings changed) that
 * finds it lower. Query q3 is excluded (no relevant label) and has no values.
 */
export function comparisonFixture(
  options: {
    test?: "randomization" | "t-test";
    /** Add the context measures at this budget (computed from the rankings, as the page does). */
    budgetChars?: number;
    /** Mean characters per result by run id ("base", "hybrid", "small"); 100 (the chunks' length) otherwise. */
    meanResultChars?: Record<string, number>;
  } = {},
): Comparison {
  const queryIds = Array.from({ length: 40 }, (_, index) => `q${index}`);
  const labels = new Map<string, EvalLabel[]>(
    queryIds.map((id, index) => [
      id,
      [{ id: `${id}#0`, documentId: `d${index}`, grade: id === "q3" ? 0 : 2, span: { start: 0, end: 10 } }],
    ]),
  );
  const run = (
    id: string,
    name: string,
    ordinal: number,
    rankOf: (index: number) => number,
    config = defaultRetrievalConfig,
  ): ComparisonRunInput => {
    const rankings = new Map<string, RankedChunk[]>();
    const values = new Map<string, Record<string, number>>();
    queryIds.forEach((queryId, index) => {
      const rank = rankOf(index);
      const ranking = Array.from({ length: 20 }, (_, position) => ({
        documentId: position + 1 === rank ? `d${index}` : "filler",
        start: 0,
        end: 100,
      }));
      rankings.set(queryId, ranking);
      if (queryId === "q3") return;
      const found = rank <= 20;
      const context =
        options.budgetChars === undefined
          ? {}
          : contextValues(
              queryContextMetrics({
                mode: "label",
                evaluated: true,
                ranking,
                labels: labels.get(queryId) ?? [],
                relevantThreshold: 1,
                budgetChars: options.budgetChars,
                documentLength: () => 10,
              }),
            );
      values.set(queryId, {
        "recall@5": found && rank <= 5 ? 1 : 0,
        "recall@10": found && rank <= 10 ? 1 : 0,
        mrr: found ? 1 / rank : 0,
        "ndcg@10": found && rank <= 10 ? 1 / Math.log2(rank + 1) : 0,
        ...context,
      });
    });
    return {
      id,
      name,
      ordinal,
      config,
      mode: "label",
      coverage: 1,
      setVersion: 1,
      relevantThreshold: 1,
      createdAt: "2026-12-01T00:00:00.000Z",
      archived: false,
      resolutionCounts: { exact: 40, orphaned: 0, split: 0 },
      values,
      judged: new Map([...values.keys()].map((queryId) => [queryId, 1])),
      rankings,
      labels,
      meanResultChars: options.meanResultChars?.[id] ?? 100,
    };
  };
  const baseRank = (index: number) => 2 + (index % 9);
  return buildComparison({
    baseline: run("base", "BM25 baseline v1", 1, baseRank),
    runs: [
      run(
        "hybrid",
        "Hybrid RRF v1",
        4,
        (index) => (index % 5 === 0 ? baseRank(index) + 1 : baseRank(index) - 1),
        {
          ...defaultRetrievalConfig,
          retriever: defaultRetrievers.hybrid,
        },
      ),
      run("small", "BM25 small chunks | v1", 2, (index) => (index % 4 === 0 ? 30 : baseRank(index) + 2), {
        ...defaultRetrievalConfig,
        chunking: { strategy: "fixed-characters", size: 200, overlap: 40 },
      }),
    ],
    queries: queryIds.map((id, index) => ({
      id,
      key: `q-${String(index + 1).padStart(4, "0")}`,
      text: index === 7 ? '=cmd|"calc", said the log' : `query ${index}`,
      position: index + 1,
      classes: index % 2 === 0 ? ["error-code"] : ["question"],
      tags: index % 3 === 0 ? ["hard"] : [],
    })),
    test: options.test ?? "randomization",
    budgetChars: options.budgetChars ?? 2000,
    permutations: 2_000,
    resamples: 500,
  });
}

const contextValues = (metrics: ContextMetrics | null): Record<string, number> =>
  metrics
    ? { context_recall: metrics.recall, context_precision: metrics.precision, context_iou: metrics.iou }
    : {};
