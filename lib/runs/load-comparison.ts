import {
  buildComparison,
  type Comparison,
  type ComparisonRunInput,
} from "@/lib/comparisons/build-comparison";
import { buildQueryPassages, type QueryPassages } from "@/lib/comparisons/build-query-passages";
import {
  type ComparedMeasure,
  readComparedMeasures,
  readJudgedAtK,
} from "@/lib/comparisons/compared-measures";
import { type ComparisonParams, MAX_COMPARED_RUNS } from "@/lib/comparisons/comparison-params";
import { describeRetriever, retrievalConfigSchema } from "@/lib/configs/config-schema";
import { chunkHash } from "@/lib/corpora/content-hash";
import type { Db } from "@/lib/db/client";
import {
  findDocumentIds,
  listSetRunsForPicker,
  loadCurrentDocumentTexts,
  loadQueryHits,
  loadQueryMetricsOfRuns,
  loadRankingsOfRuns,
  loadRunsOfSet,
  loadSetQueriesForComparison,
  loadSetVersionSnapshots,
} from "@/lib/db/comparisons";
import { getGoldenSet } from "@/lib/db/golden-sets";
import { runOrdinals } from "@/lib/db/run-ordinals";
import { loadMeanResultChars } from "@/lib/db/runs";
import { AppError } from "@/lib/errors";
import { restrictToSplit } from "@/lib/eval/restrict-to-split";
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

/** A run as the picker lists it. */
export type PickerRun = {
  id: string;
  name: string;
  retriever: string;
  setVersion: number;
  createdAt: string;
  status: string;
  archived: boolean;
  ordinal: number;
  sweep: string | null;
};

export type ComparisonPage = {
  set: { id: string; name: string; pinnedBaselineId: string | null };
  /** The state actually shown: the baseline and runs that were found and finished. */
  state: ComparisonParams;
  /** no-runs: the set has no finished run; choose: pick a baseline and runs; ready: compared. */
  status: "no-runs" | "choose" | "ready";
  /** The set's runs for the picker (archived ones only when asked, or when chosen). */
  picker: PickerRun[];
  /** Archived runs left out of the picker. */
  hiddenArchived: number;
  /** Why part of the URL was not used (a run of another set, a run still running…). */
  notices: string[];
  comparison: Comparison | null;
  passages: { query: { id: string; key: string; text: string }; runId: string; data: QueryPassages } | null;
};

/**
 * The comparison page of a set for the state in its URL: resolves the baseline (the URL's, else
 * the set's pinned one) and up to six finished runs of the same set, explains what it could not
 * use, and builds the comparison from the runs' stored per-query metrics, rankings and labels.
 * Throws not_found for an unknown set.
 */
export async function loadComparison(
  prisma: Db,
  options: { setId: string; params: ComparisonParams; permutations?: number },
): Promise<ComparisonPage> {
  const { params } = options;
  const set = await getGoldenSet(prisma, options.setId);
  const [listed, ordinals] = await Promise.all([
    listSetRunsForPicker(prisma, set.id),
    runOrdinals(prisma, set.id),
  ]);
  const byId = new Map(listed.map((run) => [run.id, run]));
  const notices: string[] = [];
  const usable = (id: string, role: string): boolean => {
    const run = byId.get(id);
    if (!run) {
      notices.push(`${role} ${id} is not a run of this set; it was left out.`);
      return false;
    }
    if (run.status !== "succeeded") {
      notices.push(
        `${role} ${run.config.name} v${run.config.version} has no results (${run.status}); it was left out.`,
      );
      return false;
    }
    return true;
  };

  const wanted = params.baseline ?? set.baselineRunId ?? undefined;
  const baselineId = wanted !== undefined && usable(wanted, "Baseline") ? wanted : undefined;
  let runIds = params.runs.filter((id) => id !== baselineId && usable(id, "Run"));
  if (runIds.length > MAX_COMPARED_RUNS) {
    notices.push(
      `A comparison shows at most ${MAX_COMPARED_RUNS} runs: the first ${MAX_COMPARED_RUNS} are shown.`,
    );
    runIds = runIds.slice(0, MAX_COMPARED_RUNS);
  }
  const chosen = new Set([baselineId, ...runIds]);
  const pickable = listed.filter((run) => params.archived || !run.archivedAt || chosen.has(run.id));
  const page: ComparisonPage = {
    set: { id: set.id, name: set.name, pinnedBaselineId: set.baselineRunId },
    state: { ...params, baseline: baselineId, runs: runIds },
    status: listed.some((run) => run.status === "succeeded") ? "choose" : "no-runs",
    picker: pickable.map((run) => ({
      id: run.id,
      name: `${run.config.name} v${run.config.version}`,
      retriever: retrieverOf(run.config.params),
      setVersion: run.goldenSetVersion.number,
      createdAt: run.createdAt.toISOString(),
      status: run.status,
      archived: run.archivedAt !== null,
      ordinal: ordinals.get(run.id) ?? 0,
      sweep: run.sweep?.name ?? null,
    })),
    hiddenArchived: listed.length - pickable.length,
    notices,
    comparison: null,
    passages: null,
  };
  if (!baselineId || runIds.length === 0) return page;

  const budgetChars = params.budget ?? set.contextBudgetChars;
  const inputs = await loadRunInputs(prisma, {
    corpusId: set.corpusId,
    runIds: [baselineId, ...runIds],
    setId: set.id,
    ordinals,
    budgetChars,
  });
  const restricted = restrictRunsToSplit(inputs, params.split, notices);
  if (!restricted) return page;
  const [baseline, ...runs] = restricted;
  if (!baseline || runs.length === 0) return page;
  page.status = "ready";
  page.comparison = buildComparison({
    baseline,
    runs,
    queries: inputs.queries,
    test: params.test,
    budgetChars,
    ...(options.permutations === undefined ? {} : { permutations: options.permutations }),
  });
  if (params.query) {
    const query = inputs.queries.find((candidate) => candidate.id === params.query);
    const against = runs.find((run) => run.id === params.against) ?? runs[0];
    if (!query) notices.push(`Query ${params.query} is not in this set.`);
    else if (against) {
      page.state.against = against.id;
      page.passages = {
        query: { id: query.id, key: query.key, text: query.text },
        runId: against.id,
        data: await loadPassages(prisma, { queryId: query.id, sides: [baseline, against], inputs }),
      };
    }
  }
  return page;
}

/**
 * The runs with only the queries on the asked side of the set's split (restrictToSplit; every run
 * as it is without a split); null, with the reason among the notices, when no query is on it.
 */
function restrictRunsToSplit(
  inputs: { runs: LoadedRun[]; queries: { id: string; split: string | null }[] },
  split: ComparisonParams["split"],
  notices: string[],
): LoadedRun[] | null {
  const splits = new Map(inputs.queries.map((query) => [query.id, query.split]));
  try {
    const values = restrictToSplit({
      runs: inputs.runs.map((run) => run.values),
      splitOf: (queryId) => splits.get(queryId),
      split,
    });
    return inputs.runs.map((run, index) => ({ ...run, values: values[index] ?? new Map() }));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    notices.push(error.message);
    return null;
  }
}

type LoadedRun = ComparisonRunInput & { labelsByKey: Map<string, RunLabel[]> };

/** The runs (in the order of `runIds`) with their per-query values, rankings and labels, and the set's queries. */
async function loadRunInputs(
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
  const documentIds = await findDocumentIds(prisma, {
    corpusId: options.corpusId,
    externalIds: [...new Set([...parsedSnapshots.values()].flatMap(snapshotDocumentIds))],
  });
  const queryIdByKey = new Map(queries.map((query) => [query.key, query.id]));

  const values = new Map<string, Map<string, Partial<Record<ComparedMeasure, number>>>>(
    options.runIds.map((id) => [id, new Map()]),
  );
  const judged = new Map<string, Map<string, number>>(options.runIds.map((id) => [id, new Map()]));
  for (const row of metricRows) {
    const measures = readComparedMeasures(row);
    if (measures) values.get(row.runId)?.set(row.queryId, measures);
    const share = readJudgedAtK(row.metrics);
    if (share !== undefined) judged.get(row.runId)?.set(row.queryId, share);
  }

  const runs: LoadedRun[] = options.runIds.flatMap((id) => {
    const row = rows.find((candidate) => candidate.id === id);
    const config = configs.get(id);
    const snapshot = row ? parsedSnapshots.get(row.goldenSetVersionId) : undefined;
    if (!row || !config || !snapshot) return [];
    const resolution = parseRunResolution(row.resolution);
    const labelsByKey = rebuildRunLabels({ snapshot, resolution, documentIds });
    const labels = new Map<string, RunLabel[]>();
    for (const [key, list] of labelsByKey) {
      const queryId = queryIdByKey.get(key);
      if (queryId) labels.set(queryId, list);
    }
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
      tags: Array.isArray(query.tags)
        ? query.tags.filter((tag): tag is string => typeof tag === "string")
        : [],
    })),
  };
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
      values.set(queryId, {
        ...known,
        context_recall: metrics.recall,
        context_precision: metrics.precision,
        context_iou: metrics.iou,
      });
    }
  }
}

async function loadPassages(
  prisma: Db,
  options: {
    queryId: string;
    sides: [LoadedRun, LoadedRun];
    inputs: { queries: { id: string; key: string }[] };
  },
): Promise<QueryPassages> {
  const key = options.inputs.queries.find((query) => query.id === options.queryId)?.key ?? "";
  const hits = await loadQueryHits(prisma, {
    runIds: options.sides.map((side) => side.id),
    queryId: options.queryId,
  });
  const documents = await loadCurrentDocumentTexts(prisma, [...new Set(hits.map((hit) => hit.documentId))]);
  const side = (run: LoadedRun) => ({
    runId: run.id,
    mode: run.mode,
    coverage: run.coverage,
    relevantThreshold: run.relevantThreshold,
    labels: run.labelsByKey.get(key) ?? [],
    hits: hits.filter((hit) => hit.runId === run.id),
  });
  return buildQueryPassages({
    sides: [side(options.sides[0]), side(options.sides[1])],
    documents,
    hashOf: chunkHash,
  });
}

function retrieverOf(params: unknown): string {
  const parsed = retrievalConfigSchema.safeParse(params);
  return parsed.success ? describeRetriever(parsed.data.retriever) : "unreadable configuration";
}
