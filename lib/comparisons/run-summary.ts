import { describeConfig, describeRetriever } from "@/lib/configs/describe-config";
import type { ComparedRunSummary, ComparisonRunInput } from "./build-comparison";
import type { RunSettings } from "./compare-run-settings";

// How a comparison describes each of its runs: its settings (what a change between runs is made
// of) and its summary line, on the queries every run evaluated.

/** The configuration plus how the run was scored, so a changed θ or mode is a change too. */
export function settings(run: ComparisonRunInput, shared: readonly string[]): RunSettings {
  return {
    name: run.name,
    config: run.config,
    mode: run.mode,
    coverage: run.coverage,
    setVersion: run.setVersion,
    resolution: run.resolutionCounts,
    judgedAt10: meanJudged(run, shared),
    meanResultChars: run.meanResultChars,
  };
}

/** A run's mean judged@10 over the shared queries, or null when it stored none for them. */
function meanJudged(run: ComparisonRunInput, shared: readonly string[]): number | null {
  const shares = shared.flatMap((queryId) => {
    const share = run.judged.get(queryId);
    return share === undefined ? [] : [share];
  });
  return shares.length === 0 ? null : shares.reduce((sum, share) => sum + share, 0) / shares.length;
}

/** A run as the comparison's header lists it. */
export function summarize(
  run: ComparisonRunInput,
  baseline: boolean,
  shared: readonly string[],
): ComparedRunSummary {
  return {
    id: run.id,
    name: run.name,
    ordinal: run.ordinal,
    baseline,
    retriever: describeRetriever(run.config.retriever),
    summary: describeConfig(run.config),
    topK: run.config.topK,
    scoring: run.mode === "document" ? "document-level" : `label-based, θ ${run.coverage}`,
    setVersion: run.setVersion,
    createdAt: run.createdAt,
    archived: run.archived,
    evaluated: run.values.size,
    judgedAt10: meanJudged(run, shared),
  };
}
