import { contextBudgetMetrics } from "@/lib/eval/context-budget";
import type { EvalLabel, RankedChunk } from "@/lib/eval/label-coverage";
import type { ContextMeasure } from "./compared-measures";

/**
 * One run's context-budget measures at `budgetChars` for each query it evaluated (`queryIds`), from
 * its stored ranking and the labels it was scored against — so a comparison can hold the amount of
 * text fixed at a budget of its own, whatever budget the runs were stored with. A query without a
 * ranking scores 0; a query whose labels hold no relevant text is left out.
 */
export function contextValuesOfRun(options: {
  queryIds: Iterable<string>;
  rankings: ReadonlyMap<string, RankedChunk[]>;
  labels: ReadonlyMap<string, EvalLabel[]>;
  relevantThreshold: number;
  budgetChars: number;
  documentLength: (documentId: string) => number;
}): Map<string, Record<ContextMeasure, number>> {
  const values = new Map<string, Record<ContextMeasure, number>>();
  for (const queryId of options.queryIds) {
    const metrics = contextBudgetMetrics({
      ranking: options.rankings.get(queryId) ?? [],
      labels: options.labels.get(queryId) ?? [],
      relevantThreshold: options.relevantThreshold,
      budgetChars: options.budgetChars,
      documentLength: options.documentLength,
    });
    if (metrics)
      values.set(queryId, {
        context_recall: metrics.recall,
        context_precision: metrics.precision,
        context_iou: metrics.iou,
      });
  }
  return values;
}
