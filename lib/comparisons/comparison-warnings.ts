import type { ConfigChange } from "@/lib/configs/diff-configs";
import { NOISE_FLOOR_QUERIES } from "@/lib/eval/run-report-schema";

/** What the warnings need to know of a run. */
export type RunFacts = {
  name: string;
  topK: number;
  setVersion: number;
  /** Its label-resolution counts (Run.resolution.counts); null for runs stored without a report. */
  resolution: Readonly<Record<string, number>> | null;
  /** Mean judged@10 over the compared queries; null when the run stored none. */
  judgedAt10: number | null;
  /** Mean characters per returned result; null when unknown (no results). */
  meanResultChars: number | null;
};

type ComparisonWarningKind =
  | "top-k"
  | "several-changes"
  | "set-version"
  | "few-queries"
  | "label-resolution"
  | "judged"
  | "text-per-result";

export type ComparisonWarning = { kind: ComparisonWarningKind; message: string };

/** A drop in judged@10 (as a share) from which the `judged` warning is given. */
const JUDGED_GAP = 0.05;

/** The relative difference in mean characters per result (against the baseline's) beyond which recall@k stops being fair. */
const TEXT_PER_RESULT_GAP = 0.25;

/** Resolution states whose counts must agree for two runs to have scored the same labels. */
const RESOLUTION_STATES = [
  { state: "orphaned", name: "orphaned" },
  { state: "missing-document", name: "of missing documents" },
  { state: "split", name: "split" },
] as const;

/**
 * Why a run's numbers might not be comparable with the baseline's, in the order to read them:
 * - `top-k`: the runs kept different numbers of results, so recall@k beyond the smaller topK
 *   and every rank measure see different lists;
 * - `several-changes`: more than one setting changed (`changes` is summarizeConfigChanges'
 *   list, scoring included), so the delta cannot be put down to one of them;
 * - `set-version`: the runs evaluated different versions of the set; the comparison uses the
 *   `sharedQueries` both evaluated;
 * - `few-queries`: fewer than 30 queries back the numbers;
 * - `label-resolution`: the labels resolved differently (orphaned, missing-document or split
 *   counts differ), so the runs were not scored against the same labels;
 * - `judged`: the run's top 10 is judged markedly less than the baseline's (by JUDGED_GAP or
 *   more): passages nobody labeled count as misses, so a loss may be a hole in the labels —
 *   typical when the labels were pooled from the baseline's results;
 * - `text-per-result`: the runs' results hold different amounts of text (mean characters per
 *   result differ by more than TEXT_PER_RESULT_GAP of the baseline's): recall@k at equal k rewards
 *   the longer passages, so only the context-budget measures compare them fairly.
 */
export function comparisonWarnings(options: {
  baseline: RunFacts;
  run: RunFacts;
  changes: readonly ConfigChange[];
  sharedQueries: number;
}): ComparisonWarning[] {
  const { baseline, run, changes, sharedQueries } = options;
  const warnings: ComparisonWarning[] = [];
  if (baseline.topK !== run.topK) {
    warnings.push({
      kind: "top-k",
      message: `k differs: ${run.name} keeps the top ${run.topK} results, the baseline the top ${baseline.topK}. Fix k to compare rankings.`,
    });
  }
  const settingChanges = changes.filter((change) => change.path !== "topK");
  if (settingChanges.length > 1) {
    warnings.push({
      kind: "several-changes",
      message: `${settingChanges.length} settings changed (${settingChanges.map((change) => change.path).join(", ")}): the delta cannot be put down to one of them. Fix k and change one thing at a time.`,
    });
  }
  if (baseline.setVersion !== run.setVersion) {
    warnings.push({
      kind: "set-version",
      message: `Different set versions: the baseline evaluated version ${baseline.setVersion}, ${run.name} version ${run.setVersion}. Compared on the ${sharedQueries} ${sharedQueries === 1 ? "query" : "queries"} both evaluated.`,
    });
  }
  if (sharedQueries < NOISE_FLOOR_QUERIES) {
    warnings.push({
      kind: "few-queries",
      message: `Only ${sharedQueries} ${sharedQueries === 1 ? "query backs" : "queries back"} these numbers (fewer than ${NOISE_FLOOR_QUERIES}): differences of a few points are noise.`,
    });
  }
  const differing = RESOLUTION_STATES.filter(
    ({ state }) => (baseline.resolution?.[state] ?? 0) !== (run.resolution?.[state] ?? 0),
  );
  if (baseline.resolution && run.resolution && differing.length > 0) {
    const detail = differing
      .map(
        ({ state, name }) => `${baseline.resolution?.[state] ?? 0} → ${run.resolution?.[state] ?? 0} ${name}`,
      )
      .join(", ");
    warnings.push({
      kind: "label-resolution",
      message: `Labels resolved differently (${detail} labels): the runs were not scored against the same labels.`,
    });
  }
  if (
    baseline.judgedAt10 !== null &&
    run.judgedAt10 !== null &&
    baseline.judgedAt10 - run.judgedAt10 >= JUDGED_GAP
  ) {
    const percent = (share: number) => `${Math.round(share * 100)}%`;
    warnings.push({
      kind: "judged",
      message: `${run.name} has ${percent(run.judgedAt10)} of its top 10 judged, the baseline ${percent(baseline.judgedAt10)}: unjudged passages count as misses, so a loss may be a hole in the labels. Judge its holes before trusting it.`,
    });
  }
  const textWarning = textPerResultWarning(baseline, run);
  if (textWarning) warnings.push(textWarning);
  return warnings;
}

/** The `text-per-result` warning, or null when the runs return comparable amounts of text per result. */
function textPerResultWarning(
  baseline: Pick<RunFacts, "meanResultChars">,
  run: Pick<RunFacts, "name" | "meanResultChars">,
): ComparisonWarning | null {
  const before = baseline.meanResultChars;
  const after = run.meanResultChars;
  if (before === null || after === null || before <= 0) return null;
  const change = (after - before) / before;
  if (Math.abs(change) <= TEXT_PER_RESULT_GAP) return null;
  const chars = (value: number) => Math.round(value).toLocaleString("en-US");
  const percent = `${change > 0 ? "+" : "−"}${Math.round(Math.abs(change) * 100)}%`;
  return {
    kind: "text-per-result",
    message: `Text per result differs: ${run.name} returns ${chars(after)} characters per result, the baseline ${chars(before)} (${percent}). Recall@k at equal k rewards longer passages; the context measures hold the amount of text fixed, and the verdict uses context recall.`,
  };
}

/**
 * The sweep page's `text-per-result` warning: its points' results hold markedly different amounts
 * of text (the largest mean characters per result more than TEXT_PER_RESULT_GAP above the
 * smallest), so recall@k would favour the points with the longer passages. Null otherwise.
 */
export function sweepTextPerResultWarning(
  meanResultChars: readonly (number | null)[],
): ComparisonWarning | null {
  const known = meanResultChars.filter((value): value is number => value !== null && value > 0);
  if (known.length < 2) return null;
  const smallest = Math.min(...known);
  const largest = Math.max(...known);
  if ((largest - smallest) / smallest <= TEXT_PER_RESULT_GAP) return null;
  const chars = (value: number) => Math.round(value).toLocaleString("en-US");
  return {
    kind: "text-per-result",
    message: `Text per result differs across the points: from ${chars(smallest)} to ${chars(largest)} characters per result. Recall@k at equal k rewards longer passages, so rank the points by a context measure, which holds the amount of text fixed.`,
  };
}
