import {
  type ContextBudgetInput,
  type ContextMetrics,
  contextBudgetMetrics,
} from "@/lib/eval/context-budget";
import { evaluateDocumentQuery } from "@/lib/eval/document-metrics";
import { type EvalLabel, evaluateQuery, type QueryMetrics, type RankedChunk } from "@/lib/eval/label-metrics";
import type { ScoringMode } from "@/lib/eval/run-report-schema";

/** What a run stores of a query it evaluated without any relevant character to find: nothing found. */
const NOTHING_FOUND: ContextMetrics = { recall: 0, precision: 0, iou: 0 };

/**
 * A query's context-budget measures as a run stores them (docs/domain.md, "Evaluation"): null for a
 * query the run excluded (no relevant label, `evaluated` false), else `contextBudgetMetrics` of its
 * ranking — in document mode against document-level labels, each relevant labeled document covering
 * its whole text; a query evaluated whose relevant labels hold no character scores 0, so that every
 * evaluated query has the measures and comparisons can pair them. lib/runs/execute-run.ts and
 * lib/runs/context-at-budget.ts both compute them here, so stored and recomputed values agree.
 */
export function queryContextMetrics(
  options: ContextBudgetInput & { mode: ScoringMode; evaluated: boolean },
): ContextMetrics | null {
  if (!options.evaluated) return null;
  const labels =
    options.mode === "document" ? options.labels.map((label) => ({ ...label, span: null })) : options.labels;
  return contextBudgetMetrics({ ...options, labels }) ?? NOTHING_FOUND;
}

/**
 * One query of a run scored (docs/domain.md, "Evaluation"): label-based or document-level
 * measures, and the context-budget measures at `budgetChars` (none when null, for comparison in
 * bench/).
 */
export function scoreRunQuery(options: {
  mode: ScoringMode;
  labels: EvalLabel[];
  ranking: RankedChunk[];
  ks: number[];
  coverage: number;
  relevantThreshold: number;
  documentChunks?: Map<string, { start: number; end: number }[]> | undefined;
  budgetChars: number | null;
  documentLength: (documentId: string) => number;
}): { metrics: QueryMetrics | null; context: ContextMetrics | null } {
  const { mode, labels, ranking, ks, relevantThreshold, budgetChars } = options;
  const metrics =
    mode === "document"
      ? evaluateDocumentQuery({
          labels: labels.map((label) => ({ documentId: label.documentId, grade: label.grade })),
          ranking,
          ks,
          relevantThreshold,
        })
      : evaluateQuery({
          labels,
          ranking,
          ks,
          coverage: options.coverage,
          relevantThreshold,
          ...(options.documentChunks ? { documentChunks: options.documentChunks } : {}),
        });
  if (budgetChars === null) return { metrics, context: null };
  const context = queryContextMetrics({
    mode,
    evaluated: metrics !== null,
    ranking,
    labels,
    relevantThreshold,
    budgetChars,
    documentLength: options.documentLength,
  });
  return { metrics, context };
}

/** Means of the evaluated queries' context measures (0 each when there are none). */
export function meanContextMetrics(values: readonly ContextMetrics[]): ContextMetrics {
  const mean = (pick: (value: ContextMetrics) => number) =>
    values.length === 0 ? 0 : values.reduce((sum, value) => sum + pick(value), 0) / values.length;
  return {
    recall: mean((value) => value.recall),
    precision: mean((value) => value.precision),
    iou: mean((value) => value.iou),
  };
}
