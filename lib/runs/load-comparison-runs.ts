import type { ComparisonRunInput } from "@/lib/comparisons/build-comparison";
import {
  type ComparedMeasure,
  readComparedMeasures,
  readJudgedAtK,
} from "@/lib/comparisons/compared-measures";
import { retrievalConfigSchema } from "@/lib/configs/config-schema";
import type { Db } from "@/lib/db/client";
import {
  loadQueryMetricsOfRuns,
  loadRankingsOfRuns,
  loadRunsOfSet,
  loadSetQueriesForComparison,
  loadSetVersionSnapshots,
} from "@/lib/db/comparisons";
import { loadDocumentIds } from "@/lib/db/document-ids";
import { loadMeanResultChars } from "@/lib/db/runs";
import { contextMeasureValues } from "@/lib/eval/context-budget";
import {
  parseSetSnapshot,
  type RunLabel,
  rebuildRunLabels,
  type SetSnapshotLabels,
  snapshotDocumentIds,
} from "@/lib/eval/run-labels";
import { parseRunResolution, scoringModeSchema } from "@/lib/eval/run-report-schema";
import { classifySetQueries } from "@/lib/logs/classify-set-queries";
import { contextMetricsAtBudget } from "@/lib/runs/context-at-budget";
import { setClassifierOptions } from "@/lib/search/corpus-vocabulary";

// The runs a comparison stands on, loaded for lib/runs/load-comparison.ts: stored per-query values,
// rankings, the labels each run was scored against, and the context measures at the comparison's budget.

export type LoadedRun = ComparisonRunInput & { labelsByKey: Map<string, RunLabel[]> };

/** The runs (in the order of `runIds`) with their per-query values, rankings and labels, and the set's queries. */
export async function loadRunInputs(
  prisma: Db,
  options: {
    setId: string;
    corpusId: string;
    runIds: string[];
    ordinals: Map<string, number>;
    budgetChars: number;
  },
) {
  const rows = await loadRunsOfSet(prisma, { setId: options.setId, runIds: options.runIds });
  const configs = new Map(rows.map((row) => [row.id, retrievalConfigSchema.parse(row.config.params)]));
  const maxRank = Math.max(20, ...[...configs.values()].map((config) => config.topK));
  const [metricRows, rankings, snapshots, queries, meanChars] = await Promise.all([
    loadQueryMetricsOfRuns(prisma, options.runIds),
    loadRankingsOfRuns(prisma, { runIds: options.runIds, maxRank }),
    loadSetVersionSnapshots(prisma, [...new Set(rows.map((row) => row.goldenSetVersionId))]),
    loadSetQueriesForComparison(prisma, options.setId),
    loadMeanResultChars(prisma, options.runIds),
  ]);
  const parsedSnapshots = new Map<string, SetSnapshotLabels>();
  for (const [id, snapshot] of snapshots) parsedSnapshots.set(id, parseSetSnapshot(snapshot));
  const documentIds = await loadDocumentIds(prisma, {
    corpusId: options.corpusId,
    externalIds: [...new Set([...parsedSnapshots.values()].flatMap(snapshotDocumentIds))],
  });
  const queryIdByKey = new Map(queries.map((query) => [query.key, query.id]));

  const { values, judged } = perQueryValues(options.runIds, metricRows);

  const runs: LoadedRun[] = options.runIds.flatMap((id) => {
    const row = rows.find((candidate) => candidate.id === id);
    const config = configs.get(id);
    const snapshot = row ? parsedSnapshots.get(row.goldenSetVersionId) : undefined;
    if (!row || !config || !snapshot) return [];
    const resolution = parseRunResolution(row.resolution);
    const labelsByKey = rebuildRunLabels({ snapshot, resolution, documentIds });
    const labels = byQueryId(labelsByKey, queryIdByKey);
    return [
      {
        id,
        name: `${row.config.name} v${row.config.version}`,
        ordinal: options.ordinals.get(id) ?? 0,
        config,
        mode: scoringModeSchema.catch("label").parse(row.mode),
        coverage: row.coverage,
        setVersion: row.goldenSetVersion.number,
        relevantThreshold: snapshot.set.relevantThreshold,
        createdAt: row.createdAt.toISOString(),
        archived: row.archivedAt !== null,
        resolutionCounts: resolution?.counts ?? null,
        values: values.get(id) ?? new Map(),
        judged: judged.get(id) ?? new Map(),
        rankings: rankings.get(id) ?? new Map(),
        labels,
        labelsByKey,
        meanResultChars: meanChars.get(id) ?? null,
      },
    ];
  });
  await addContextValues(prisma, { runs, budgetChars: options.budgetChars });

  const classes = classifySetQueries(
    queries.map((query) => ({ text: query.text, logClasses: query.logQuery?.classes ?? null })),
    await setClassifierOptions(prisma, options.corpusId),
  );
  return {
    runs,
    queries: queries.map((query, index) => ({
      id: query.id,
      key: query.key,
      text: query.text,
      position: query.position,
      split: query.split,
      classes: classes[index] ?? [],
      tags: stringTags(query.tags),
    })),
  };
}

/** Each run's stored per-query compared measures and judged@k shares, by run id then query id. */
function perQueryValues(
  runIds: readonly string[],
  metricRows: Awaited<ReturnType<typeof loadQueryMetricsOfRuns>>,
) {
  const values = new Map<string, Map<string, Partial<Record<ComparedMeasure, number>>>>(
    runIds.map((id) => [id, new Map()]),
  );
  const judged = new Map<string, Map<string, number>>(runIds.map((id) => [id, new Map()]));
  for (const row of metricRows) {
    const measures = readComparedMeasures(row);
    if (measures) values.get(row.runId)?.set(row.queryId, measures);
    const share = readJudgedAtK(row.metrics);
    if (share !== undefined) judged.get(row.runId)?.set(row.queryId, share);
  }
  return { values, judged };
}

/** The run's labels by query id instead of query key (queries no longer in the set left out). */
function byQueryId(labelsByKey: Map<string, RunLabel[]>, queryIdByKey: Map<string, string>) {
  const labels = new Map<string, RunLabel[]>();
  for (const [key, list] of labelsByKey) {
    const queryId = queryIdByKey.get(key);
    if (queryId) labels.set(queryId, list);
  }
  return labels;
}

/** A query's stored tags, the strings among them. */
function stringTags(tags: unknown): string[] {
  return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === "string") : [];
}

/**
 * Adds each run's context measures at the comparison's budget to its per-query values
 * (`contextMetricsAtBudget`: recomputed from its stored results and labels, equal to what the run
 * stored at its own budget), so runs stored at another budget — or before context measures
 * existed — compare at the same one.
 */
async function addContextValues(prisma: Db, options: { runs: LoadedRun[]; budgetChars: number }) {
  const context = await contextMetricsAtBudget(prisma, {
    runIds: options.runs.map((run) => run.id),
    budgetChars: options.budgetChars,
  });
  for (const run of options.runs) {
    const values = run.values as Map<string, Partial<Record<ComparedMeasure, number>>>;
    for (const [queryId, metrics] of context.get(run.id) ?? []) {
      const known = values.get(queryId);
      if (!metrics || !known) continue;
      values.set(queryId, { ...known, ...contextMeasureValues(metrics) });
    }
  }
}
