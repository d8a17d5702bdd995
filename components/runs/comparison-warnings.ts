import { formatCountOf } from "@/app/(app)/page-helpers";
import type { ConfigChange } from "@/lib/configs/diff-configs";
import { NOISE_FLOOR_QUERIES } from "@/lib/eval/run-report-schema";

type ComparedRun = { setVersion: number; mode: string; coverage: number };

/**
 * How many settings changed, a switched kind counting once: when `retriever.kind` (or any
 * `….kind`) differs, every other change under `retriever.` is part of that one switch.
 */
export function countSettingChanges(changes: readonly ConfigChange[]): number {
  const switched = changes
    .filter((change) => change.path === "kind" || change.path.endsWith(".kind"))
    .map((change) => change.path.slice(0, -"kind".length));
  return changes.filter(
    (change) => !switched.some((prefix) => change.path.startsWith(prefix) && change.path !== `${prefix}kind`),
  ).length;
}

/**
 * Why a comparison of two runs may not say what it seems to (DESIGN.md §1.6, §4): k differs, more
 * than one setting changed, the runs scored different set versions or scored differently, or too
 * few shared queries back the deltas. Empty when none applies.
 */
export function comparisonWarnings(options: {
  changes: readonly ConfigChange[];
  run: ComparedRun;
  against: ComparedRun;
  /** Queries both runs evaluated. */
  sharedQueries: number;
}): string[] {
  const { changes, run, against, sharedQueries } = options;
  const warnings: string[] = [];
  const topK = changes.find((change) => change.path === "topK");
  if (topK)
    warnings.push(
      `k differs (top ${String(topK.before)} there, ${String(topK.after)} here): fix k to compare rankings.`,
    );
  const changed = countSettingChanges(changes);
  if (changed > 1)
    warnings.push(
      `${formatCountOf(changed, "setting")} changed: a difference cannot be put down to one of them. Change one thing at a time.`,
    );
  if (run.setVersion !== against.setVersion)
    warnings.push(
      `Different golden-set versions (v${run.setVersion} here, v${against.setVersion} there): the deltas use the ${formatCountOf(sharedQueries, "query", "queries")} both evaluated.`,
    );
  if (run.mode !== against.mode || run.coverage !== against.coverage)
    warnings.push(
      `Scored differently (${run.mode}, coverage θ ${run.coverage} here; ${against.mode}, θ ${against.coverage} there): labels count differently.`,
    );
  if (sharedQueries < NOISE_FLOOR_QUERIES)
    warnings.push(
      `Only ${formatCountOf(sharedQueries, "shared query", "shared queries")} (fewer than ${NOISE_FLOOR_QUERIES}): differences of a few points are noise.`,
    );
  return warnings;
}
