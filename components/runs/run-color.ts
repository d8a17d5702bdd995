import { seriesColors } from "./recall-chart-data";

/**
 * A run's colour on every chart and legend: fixed by its ordinal in its golden set (1 for the
 * set's first run, by creation; `runOrdinals` in lib/db/run-ordinals.ts), so a run keeps its
 * colour whichever runs share the chart and when runs are added. Runs eight apart share a colour.
 */
export function runColor(ordinal: number): string {
  const index =
    (((Math.trunc(ordinal) - 1) % seriesColors.length) + seriesColors.length) % seriesColors.length;
  return seriesColors[index] ?? seriesColors[0]!;
}
