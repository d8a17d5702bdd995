import { runColor } from "@/components/runs/run-color";

export type SeriesStyle = {
  runId: string;
  name: string;
  /** The run's own colour (by its ordinal in the set), the same on every page. */
  color: string;
  /** SVG stroke-dasharray, or undefined for a solid line. */
  dash: string | undefined;
  baseline: boolean;
};

/** The baseline's dashes: it reads as the reference line without taking another colour. */
export const BASELINE_DASH = "6 4";
/** A run whose colour an earlier run on the chart already has (ordinals eight apart). */
const REPEATED_COLOR_DASH = "2 3";

/**
 * How each run of a comparison is drawn: in its own colour (`runColor` of its ordinal, as on the
 * run page and the runs list); the baseline dashed; a run sharing its colour with an earlier run
 * of the chart dotted, so two lines never look alike. Legend names mark the baseline.
 */
export function seriesStyles(
  runs: readonly { id: string; name: string; ordinal: number; baseline: boolean }[],
): SeriesStyle[] {
  const seen = new Set<string>();
  return runs.map((run) => {
    const color = runColor(run.ordinal);
    const repeated = seen.has(color);
    seen.add(color);
    return {
      runId: run.id,
      name: run.baseline ? `${run.name} (baseline)` : run.name,
      color,
      dash: run.baseline ? BASELINE_DASH : repeated ? REPEATED_COLOR_DASH : undefined,
      baseline: run.baseline,
    };
  });
}
