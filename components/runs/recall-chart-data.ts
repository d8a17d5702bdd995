/** Chart-ready rows for recall@k per run: one row per k, one numeric column per run. */

/** `color`: the run's own colour (`runColor` of its ordinal), so it matches every other chart. */
export type RecallRun = {
  id: string;
  name: string;
  recall: Record<string, number>;
  color?: string;
  /** SVG dash pattern (`runStrokeDash`) for runs that share a colour; undefined: solid. */
  dash?: string | undefined;
};

export type RecallSeries = { dataKey: string; runId: string; name: string; color: string; dash?: string };

type RecallRow = { k: string } & Record<string, number | string | null>;

/** Distinguishable on white, brand amber first. */
export const seriesColors = [
  "#d97706",
  "#2563eb",
  "#059669",
  "#7c3aed",
  "#dc2626",
  "#0891b2",
  "#65a30d",
  "#52525b",
];

/**
 * `recall` is keyed by k as a string ("1", "5", …). A k a run has no value for becomes null
 * (a gap in its line, not a zero). Series keys are positional (`run0`, `run1`, …) so run ids
 * with dots or brackets never confuse the chart library; duplicate names get a suffix. A run
 * without its own `color` takes the palette's colour of its position.
 */
export function recallChartData(runs: readonly RecallRun[], ks: readonly number[]) {
  const seen = new Map<string, number>();
  const series: RecallSeries[] = runs.map((run, index) => {
    const count = (seen.get(run.name) ?? 0) + 1;
    seen.set(run.name, count);
    return {
      dataKey: `run${index}`,
      runId: run.id,
      name: count > 1 ? `${run.name} (${count})` : run.name,
      color: run.color ?? seriesColors[index % seriesColors.length]!,
      ...(run.dash ? { dash: run.dash } : {}),
    };
  });
  const rows: RecallRow[] = ks.map((k) => {
    const row: RecallRow = { k: String(k) };
    runs.forEach((run, index) => {
      const value = run.recall[String(k)];
      row[`run${index}`] = typeof value === "number" && Number.isFinite(value) ? value : null;
    });
    return row;
  });
  return { rows, series };
}
