/** Chart-ready rows for the comparison's charts. Series keys are positional (`s0`, `s1`, …) so run ids never reach recharts' key paths. */

export type CurveRow = { k: string } & Record<string, number | string | null>;

/** One row per k, one column per run (`s<index>` in `runIds` order); a missing value is null (a gap). */
export function curveRows(options: {
  ks: readonly number[];
  recall: Readonly<Record<string, Readonly<Record<string, number>>>>;
  runIds: readonly string[];
}): CurveRow[] {
  return options.ks.map((k) => {
    const row: CurveRow = { k: String(k) };
    options.runIds.forEach((runId, index) => {
      const value = options.recall[runId]?.[String(k)];
      row[`s${index}`] = typeof value === "number" && Number.isFinite(value) ? value : null;
    });
    return row;
  });
}

export type BarRow = { measure: string } & Record<string, number | string | [number, number] | null>;

/**
 * One row per measure (a group of bars), one bar per run: `s<index>` is the mean and
 * `s<index>Error` the whisker as [mean − lower, upper − mean], recharts' ErrorBar offsets.
 */
export function barRows(options: {
  measures: readonly { key: string; label: string }[];
  bars: Readonly<
    Record<string, Readonly<Record<string, { mean: number; lower: number; upper: number } | null>>>
  >;
  runIds: readonly string[];
}): BarRow[] {
  return options.measures.map((measure) => {
    const row: BarRow = { measure: measure.label };
    options.runIds.forEach((runId, index) => {
      const bar = options.bars[runId]?.[measure.key];
      row[`s${index}`] = bar ? bar.mean : null;
      row[`s${index}Error`] = bar ? [bar.mean - bar.lower, bar.upper - bar.mean] : null;
    });
    return row;
  });
}

/** The ticks of a curve's x axis: 1, 5, 10, 15, 20 and every k beyond 20 (a run's topK). */
export function curveTicks(ks: readonly number[]): string[] {
  return ks.filter((k) => k === 1 || k % 5 === 0 || k > 20).map(String);
}
