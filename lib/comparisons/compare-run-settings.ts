import type { RetrievalConfig } from "@/lib/configs/config-schema";
import { describeSetting } from "@/lib/configs/describe-setting";
import { summarizeConfigChanges } from "@/lib/configs/summarize-config-changes";
import type { ScoringMode } from "@/lib/eval/run-report-schema";
import { type ComparisonWarning, comparisonWarnings, type RunFacts } from "./comparison-warnings";

/** A run's settings and facts, as a configuration comparison needs them. */
export type RunSettings = Omit<RunFacts, "topK"> & {
  config: RetrievalConfig;
  mode: ScoringMode;
  coverage: number;
};

/** One setting a person changed, described for reading ("BM25 k1=0.9 b=0.4"). */
export type DescribedChange = { path: string; before: string; after: string };

/**
 * What changed from the baseline to a run — one entry per setting a person changed
 * (`summarizeConfigChanges`: a switched retriever is one change; the scoring rule counts as a
 * setting) — and the warnings that qualify the comparison. The run page and the comparison page
 * both say it this way, so a pair of runs reads the same on both.
 */
export function compareRunSettings(options: {
  baseline: RunSettings;
  run: RunSettings;
  /** Queries both runs evaluated. */
  sharedQueries: number;
}): { changes: DescribedChange[]; warnings: ComparisonWarning[] } {
  const withScoring = (run: RunSettings) => ({
    ...run.config,
    scoring: { mode: run.mode, coverage: run.coverage },
  });
  const facts = (run: RunSettings): RunFacts => ({ ...run, topK: run.config.topK });
  const changes = summarizeConfigChanges({
    before: withScoring(options.baseline),
    after: withScoring(options.run),
  });
  return {
    changes: changes.map((change) => ({
      path: change.path,
      before: describeSetting(change.path, change.before),
      after: describeSetting(change.path, change.after),
    })),
    warnings: comparisonWarnings({
      baseline: facts(options.baseline),
      run: facts(options.run),
      changes,
      sharedQueries: options.sharedQueries,
    }),
  };
}
