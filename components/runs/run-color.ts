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

/**
 * The line pattern that tells apart runs sharing a colour (eight apart): solid for ordinals 1–8,
 * dashed for 9–16, dotted for 17–24, then again. Undefined means solid.
 */
export function runStrokeDash(ordinal: number): string | undefined {
  const round = Math.floor((Math.max(1, Math.trunc(ordinal)) - 1) / seriesColors.length) % 3;
  return round === 1 ? "6 3" : round === 2 ? "2 3" : undefined;
}
