import type { Db } from "@/lib/db/client";
import {
  loadQueryMetricsOfRuns,
  loadRankingsOfRuns,
  loadRunsForRescoring,
  loadSetVersionSnapshots,
} from "@/lib/db/comparisons";
import { loadCurrentDocuments } from "@/lib/db/current-documents";
import { loadDocumentIds } from "@/lib/db/document-ids";
import { AppError } from "@/lib/errors";
import type { ContextMetrics } from "@/lib/eval/context-budget";
import type { RankedChunk } from "@/lib/eval/label-metrics";
import {
  parseSetSnapshot,
  type RunLabel,
  rebuildRunLabels,
  snapshotDocumentIds,
} from "@/lib/eval/run-labels";
import { parseRunResolution, type ScoringMode, scoringModeSchema } from "@/lib/eval/run-report-schema";
import { queryContextMetrics } from "@/lib/eval/score-run-query";
import { contextBudgetCharsSchema } from "@/lib/exchange/golden-set-schema";

/** Every stored result, whatever the run's topK (RunResult.rank is a 32-bit integer). */
const ALL_RANKS = 2 ** 31 - 1;

/**
 * Context recall, precision and IoU of each run's queries at another budget (a comparison's),
 * from the stored results (RunResult spans, one grouped read for all the runs) and the labels as
 * each run resolved and counted them (`rebuildRunLabels`), scored as the run scored them
 * (`queryContextMetrics`, the run's mode and its set version's threshold): run id → query id →
 * measures, null for a query the run excluded. At the run's own budget this equals what the run
 * stored. Documents' lengths (for document-level labels) are their current texts'.
 */
export async function contextMetricsAtBudget(
  prisma: Db,
  options: { runIds: string[]; budgetChars: number },
): Promise<Map<string, Map<string, ContextMetrics | null>>> {
  const budget = contextBudgetCharsSchema.safeParse(options.budgetChars);
  if (!budget.success)
    throw new AppError("bad_request", budget.error.issues[0]?.message ?? "Invalid context budget", {
      path: ["budgetChars"],
    });
  const { runs, queryKeys } = await loadRunsForRescoring(prisma, options.runIds);
  const [snapshots, rankings, metricRows] = await Promise.all([
    loadSetVersionSnapshots(prisma, [...new Set(runs.map((run) => run.goldenSetVersionId))]),
    loadRankingsOfRuns(prisma, { runIds: runs.map((run) => run.id), maxRank: ALL_RANKS }),
    loadQueryMetricsOfRuns(prisma, options.runIds),
  ]);
  const scored = await Promise.all(
    runs.map(async (run) => {
      const snapshot = parseSetSnapshot(snapshots.get(run.goldenSetVersionId));
      const documentIds = await loadDocumentIds(prisma, {
        corpusId: run.goldenSet.corpusId,
        externalIds: snapshotDocumentIds(snapshot),
      });
      const labelsByKey = rebuildRunLabels({
        snapshot,
        resolution: parseRunResolution(run.resolution),
        documentIds,
      });
      const mode = scoringModeSchema.catch("label").parse(run.mode);
      return { run, mode, labelsByKey, relevantThreshold: snapshot.set.relevantThreshold };
    }),
  );
  const lengths = await documentLengths(prisma, scored);

  const byRun = new Map<string, Map<string, ContextMetrics | null>>(
    options.runIds.map((runId) => [runId, new Map()]),
  );
  const scoredById = new Map(scored.map((entry) => [entry.run.id, entry]));
  for (const row of metricRows) {
    const run = scoredById.get(row.runId);
    if (!run) continue;
    const key = queryKeys.get(row.queryId);
    const context = queryContextMetrics({
      mode: run.mode,
      evaluated: !row.excluded,
      ranking: rankings.get(row.runId)?.get(row.queryId) ?? ([] as RankedChunk[]),
      labels: (key && run.labelsByKey.get(key)) || [],
      relevantThreshold: run.relevantThreshold,
      budgetChars: options.budgetChars,
      documentLength: (documentId) => lengths.get(documentId) ?? 0,
    });
    byRun.get(row.runId)?.set(row.queryId, context);
  }
  return byRun;
}

/** The current text lengths of the documents a label covers whole (document-level, or any in document mode). */
async function documentLengths(
  prisma: Db,
  runs: { mode: ScoringMode; labelsByKey: Map<string, RunLabel[]> }[],
): Promise<Map<string, number>> {
  const wanted = new Set<string>();
  for (const { mode, labelsByKey } of runs)
    for (const labels of labelsByKey.values())
      for (const label of labels)
        if (mode === "document" || label.span === null) wanted.add(label.documentId);
  const documents = await loadCurrentDocuments(prisma, { ids: [...wanted] });
  return new Map(documents.map((document) => [document.id, document.text.length]));
}
