import type { RetrievalConfig } from "@/lib/configs/config-schema";
import { compareRuns, type MeasureComparison, type SignificanceTest } from "@/lib/eval/compare-runs";
import { CONTEXT_MEASURES } from "@/lib/eval/context-budget";
import type { EvalLabel, RankedChunk } from "@/lib/eval/label-metrics";
import type { ScoringMode } from "@/lib/eval/run-report-schema";
import { DEFAULT_PERMUTATIONS } from "@/lib/eval/statistics/paired-randomization-test";
import { type BreakdownGroup, breakDownByClassAndTag } from "./class-breakdown";
import { compareRunSettings, type DescribedChange } from "./compare-run-settings";
import { BUDGET_VERDICT_MEASURE, type ComparedMeasure, measuresAvailable } from "./compared-measures";
import type { ComparisonWarning } from "./comparison-warnings";
import type { ComparisonQueryRow } from "./query-rows";
import { curveKs, recallCurve } from "./recall-curves";
import { type MeanWithInterval, meansWithIntervals } from "./run-means";
import { settings, summarize } from "./run-summary";
import { type RunVerdict, runVerdict } from "./run-verdict";

/** One run as the comparison receives it: its facts, and its per-query values, rankings and labels. */
export type ComparisonRunInput = {
  id: string;
  /** "Hybrid RRF v1" */
  name: string;
  /** Its place among the set's runs by creation (its colour). */
  ordinal: number;
  config: RetrievalConfig;
  mode: ScoringMode;
  coverage: number;
  setVersion: number;
  relevantThreshold: number;
  createdAt: string;
  archived: boolean;
  resolutionCounts: Record<string, number> | null;
  /** The compared measures of every query it evaluated (excluded queries are absent). */
  values: ReadonlyMap<string, Partial<Record<ComparedMeasure, number>>>;
  /** Query id → its judged@10 (stored with its metrics; absent for runs stored before judged@k). */
  judged: ReadonlyMap<string, number>;
  /** Query id → its ranking, for the recall curve. */
  rankings: ReadonlyMap<string, RankedChunk[]>;
  /** Query id → the labels it was scored against. */
  labels: ReadonlyMap<string, EvalLabel[]>;
  /** Mean characters per stored result (`loadMeanResultChars`); null without results. */
  meanResultChars: number | null;
};

export type ComparedRunSummary = {
  id: string;
  name: string;
  ordinal: number;
  baseline: boolean;
  retriever: string;
  summary: string;
  topK: number;
  scoring: string;
  setVersion: number;
  createdAt: string;
  archived: boolean;
  evaluated: number;
  /** Mean judged@10 over the shared queries; null when the run stored no judged@k. */
  judgedAt10: number | null;
};

type RunResult = {
  runId: string;
  /** Queries both this run and the baseline evaluated: what its row stands on. */
  queries: number;
  measures: Record<string, MeasureComparison>;
  verdict: RunVerdict;
};

type RunConfigComparison = {
  runId: string;
  changes: DescribedChange[];
  warnings: ComparisonWarning[];
};

export type Comparison = {
  test: SignificanceTest;
  /** The budget, in characters, the context measures were computed at. */
  budgetChars: number;
  /**
   * Some run's results hold markedly more or less text than the baseline's (a `text-per-result`
   * warning): the context measures lead, and those runs' verdicts rest on context recall.
   */
  textPerResultDiffers: boolean;
  /** Random sign flips of the randomization test (unused by the t-test). */
  permutations: number;
  measures: ComparedMeasure[];
  /** Queries the baseline and every run evaluated: what the charts, breakdown and list stand on. */
  sharedQueries: number;
  /** Baseline first, then the runs in the order asked. */
  runs: ComparedRunSummary[];
  results: RunResult[];
  configs: RunConfigComparison[];
  curves: { ks: number[]; recall: Record<string, Record<string, number>> };
  bars: Record<string, Record<string, MeanWithInterval | null>>;
  breakdown: BreakdownGroup[];
  queryRows: ComparisonQueryRow[];
};

/** The measures drawn as bars with 95% whiskers and broken down by class. */
const BAR_MEASURES = ["mrr", "ndcg@10"] as const;
export const BREAKDOWN_MEASURES = ["recall@5", "mrr"] as const;

/**
 * Everything the comparison page shows, from the runs' stored per-query metrics and rankings:
 * per-measure tests against the baseline (`compareRuns`: each run on the queries it and the
 * baseline both evaluated, Holm over every run × measure shown), verdicts, configuration
 * changes with warnings, recall curves and mean bars with 95% bootstrap intervals on the
 * queries every run evaluated, the class and tag breakdown, and the per-query rows.
 * Queries a run excluded (no relevant labels) have no value and are never paired.
 */
export function buildComparison(options: {
  baseline: ComparisonRunInput;
  runs: readonly ComparisonRunInput[];
  queries: readonly {
    id: string;
    key: string;
    text: string;
    position: number;
    classes: string[];
    tags: string[];
  }[];
  test: SignificanceTest;
  /** The budget the runs' context measures (in their `values`) were computed at. */
  budgetChars: number;
  permutations?: number;
  resamples?: number;
}): Comparison {
  const { baseline, runs, test } = options;
  const all = [baseline, ...runs];
  const available = measuresAvailable(all.map((run) => run.values));
  const shared = [...baseline.values.keys()].filter((queryId) =>
    runs.every((run) => run.values.has(queryId)),
  );
  const tested = available.length === 0 ? [] : testAgainstBaseline(options, available);
  const configs = runs.map(
    (run, index): RunConfigComparison => ({
      runId: run.id,
      ...compareRunSettings({
        baseline: settings(baseline, shared),
        run: settings(run, shared),
        sharedQueries: tested[index]?.queries ?? 0,
      }),
    }),
  );
  const differsInText = (runId: string) =>
    configs.some(
      (config) =>
        config.runId === runId && config.warnings.some((warning) => warning.kind === "text-per-result"),
    );
  const textPerResultDiffers = runs.some((run) => differsInText(run.id));
  const measures = textPerResultDiffers ? contextFirst(available) : available;
  const results = tested.map((comparison) => runResult(comparison, measures, differsInText(comparison.name)));
  const ks = curveKs(all.map((run) => run.config.topK));
  const bars = meansWithIntervals({
    runs: all,
    queryIds: shared,
    measures: BAR_MEASURES.filter((measure) => measures.includes(measure)),
    ...(options.resamples === undefined ? {} : { resamples: options.resamples }),
  });

  return {
    test,
    budgetChars: options.budgetChars,
    textPerResultDiffers,
    permutations: options.permutations ?? DEFAULT_PERMUTATIONS,
    measures,
    sharedQueries: shared.length,
    runs: all.map((run) => summarize(run, run === baseline, shared)),
    results,
    configs,
    curves: { ks, recall: recallCurves(all, shared, ks) },
    bars,
    breakdown: breakDownByClassAndTag({
      queries: options.queries,
      queryIds: shared,
      runs: all,
      measures: BREAKDOWN_MEASURES.filter((measure) => measures.includes(measure)),
    }),
    queryRows: queryRowsOf(options.queries, all),
  };
}

type ComparisonOptions = Parameters<typeof buildComparison>[0];

/**
 * compareRuns over `measures`: each run against the baseline on the queries both evaluated, Holm
 * over every run × measure.
 */
function testAgainstBaseline(options: ComparisonOptions, measures: string[]) {
  return compareRuns({
    baseline: options.baseline.values as ReadonlyMap<string, Record<string, number>>,
    runs: options.runs.map((run) => ({
      name: run.id,
      values: run.values as ReadonlyMap<string, Record<string, number>>,
    })),
    measures,
    test: options.test,
    ...(options.permutations === undefined ? {} : { permutations: options.permutations }),
    ...(options.resamples === undefined ? {} : { resamples: options.resamples }),
  });
}

/**
 * A run's tests and verdict; a run whose text per result differs from the baseline's is judged on
 * context recall at the budget alone (recall at equal k would favour the longer passages).
 */
function runResult(
  comparison: ReturnType<typeof testAgainstBaseline>[number],
  measures: string[],
  differsInText: boolean,
): RunResult {
  return {
    runId: comparison.name,
    queries: comparison.queries,
    measures: comparison.measures,
    verdict: runVerdict(
      comparison,
      differsInText && measures.includes(BUDGET_VERDICT_MEASURE) ? [BUDGET_VERDICT_MEASURE] : measures,
    ),
  };
}

/** Each run's recall at each of `ks` on the `shared` queries. */
function recallCurves(runs: readonly ComparisonRunInput[], shared: string[], ks: number[]) {
  return Object.fromEntries(
    runs.map((run) => [
      run.id,
      recallCurve({
        queryIds: shared,
        rankings: run.rankings,
        labels: run.labels,
        ks,
        mode: run.mode,
        coverage: run.coverage,
        relevantThreshold: run.relevantThreshold,
      }).recall,
    ]),
  );
}

/** One row per query some run evaluated, with each run's values for it. */
function queryRowsOf(
  queries: Parameters<typeof buildComparison>[0]["queries"],
  runs: readonly ComparisonRunInput[],
): ComparisonQueryRow[] {
  return queries
    .filter((query) => runs.some((run) => run.values.has(query.id)))
    .map((query) => ({
      queryId: query.id,
      key: query.key,
      text: query.text,
      position: query.position,
      classes: query.classes,
      tags: query.tags,
      values: Object.fromEntries(
        runs.flatMap((run) => {
          const values = run.values.get(query.id);
          return values ? [[run.id, values]] : [];
        }),
      ),
    }));
}

/** The context-budget measures first, then the others, each group in its own order. */
function contextFirst(measures: readonly ComparedMeasure[]): ComparedMeasure[] {
  const isContext = (measure: ComparedMeasure) => (CONTEXT_MEASURES as readonly string[]).includes(measure);
  return [...measures.filter(isContext), ...measures.filter((measure) => !isContext(measure))];
}
