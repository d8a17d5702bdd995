/**
 * What the run page compares against, never silently the previous run (docs/domain.md,
 * "Evaluation"): the run named by `?against=` when it is another run of the same set, else the
 * set's pinned baseline (unless this run is it), else nothing — and the page says which, and why.
 */
export type ComparisonChoice =
  | { againstId: string; reason: "chosen" | "baseline"; notice: string | null }
  | { againstId: null; reason: "is-baseline" | "no-baseline"; notice: string | null };

export function chooseComparison(options: {
  runId: string;
  /** `?against=`: absent, or any string from the URL. */
  requested: string | undefined;
  baselineRunId: string | null;
  /** Ids of the set's runs (any status, archived included). */
  setRunIds: ReadonlySet<string>;
}): ComparisonChoice {
  const { runId, requested, baselineRunId, setRunIds } = options;
  let notice: string | null = null;
  if (requested) {
    if (requested === runId) notice = "A run is not compared with itself.";
    else if (!setRunIds.has(requested)) notice = "The run asked for is not a run of this golden set.";
    else return { againstId: requested, reason: "chosen", notice: null };
  }
  if (baselineRunId === runId) return { againstId: null, reason: "is-baseline", notice };
  if (baselineRunId && setRunIds.has(baselineRunId))
    return { againstId: baselineRunId, reason: "baseline", notice };
  return { againstId: null, reason: "no-baseline", notice };
}
