import { buildComparison, type Comparison } from "@/lib/comparisons/build-comparison";
import { buildQueryPassages, type QueryPassages } from "@/lib/comparisons/build-query-passages";
import { type ComparisonParams, MAX_COMPARED_RUNS } from "@/lib/comparisons/comparison-params";
import { retrievalConfigSchema } from "@/lib/configs/config-schema";
import { describeRetriever } from "@/lib/configs/describe-config";
import { chunkHash } from "@/lib/corpora/content-hash";
import type { Db } from "@/lib/db/client";
import { listSetRunsForPicker, loadQueryHits } from "@/lib/db/comparisons";
import { loadCurrentDocuments } from "@/lib/db/current-documents";
import { getGoldenSet } from "@/lib/db/golden-sets";
import { runOrdinals } from "@/lib/db/run-ordinals";
import { AppError } from "@/lib/errors";
import { restrictToSplit } from "@/lib/eval/restrict-to-split";
import { type LoadedRun, loadRunInputs } from "@/lib/runs/load-comparison-runs";

/** A run as the comparison page's picker lists it. */
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
  const notices: string[] = [];
  const { baselineId, runIds } = chooseRuns({
    listed,
    wanted: params.baseline ?? set.baselineRunId ?? undefined,
    runs: params.runs,
    notices,
  });
  const chosen = new Set([baselineId, ...runIds]);
  const pickable = listed.filter((run) => params.archived || !run.archivedAt || chosen.has(run.id));
  const page: ComparisonPage = {
    set: { id: set.id, name: set.name, pinnedBaselineId: set.baselineRunId },
    state: { ...params, baseline: baselineId, runs: runIds },
    status: listed.some((run) => run.status === "succeeded") ? "choose" : "no-runs",
    picker: pickable.map((run) => pickerRun(run, ordinals)),
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

type ListedRun = Awaited<ReturnType<typeof listSetRunsForPicker>>[number];

/**
 * The baseline (`wanted`, when it is a succeeded run of the set) and the other runs asked for (the
 * succeeded ones of the set, at most MAX_COMPARED_RUNS), with a notice for each left out.
 */
function chooseRuns(options: {
  listed: readonly ListedRun[];
  wanted: string | undefined;
  runs: readonly string[];
  notices: string[];
}): { baselineId: string | undefined; runIds: string[] } {
  const { notices } = options;
  const byId = new Map(options.listed.map((run) => [run.id, run]));
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
  const baselineId =
    options.wanted !== undefined && usable(options.wanted, "Baseline") ? options.wanted : undefined;
  const runIds = options.runs.filter((id) => id !== baselineId && usable(id, "Run"));
  if (runIds.length <= MAX_COMPARED_RUNS) return { baselineId, runIds };
  notices.push(
    `A comparison shows at most ${MAX_COMPARED_RUNS} runs: the first ${MAX_COMPARED_RUNS} are shown.`,
  );
  return { baselineId, runIds: runIds.slice(0, MAX_COMPARED_RUNS) };
}

/** A run as the comparison's run picker lists it. */
function pickerRun(run: ListedRun, ordinals: ReadonlyMap<string, number>) {
  return {
    id: run.id,
    name: `${run.config.name} v${run.config.version}`,
    retriever: retrieverOf(run.config.params),
    setVersion: run.goldenSetVersion.number,
    createdAt: run.createdAt.toISOString(),
    status: run.status,
    archived: run.archivedAt !== null,
    ordinal: ordinals.get(run.id) ?? 0,
    sweep: run.sweep?.name ?? null,
  };
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
  const documents = await loadCurrentDocuments(prisma, {
    ids: [...new Set(hits.map((hit) => hit.documentId))],
  });
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
    documents: new Map(documents.map((document) => [document.id, document])),
    hashOf: chunkHash,
  });
}

function retrieverOf(params: unknown): string {
  const parsed = retrievalConfigSchema.safeParse(params);
  return parsed.success ? describeRetriever(parsed.data.retriever) : "unreadable configuration";
}
