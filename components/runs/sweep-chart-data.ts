import { seriesColors } from "./recall-chart-data";

/** One point of a one-axis sweep: its axis value and metrics (null: not evaluated yet or failed). */
export type SweepChartPoint = {
  value: number | string | boolean;
  recallAt5: number | null;
  mrr: number | null;
};

export type SweepChartLayout = {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
};

/**
 * SVG coordinates for recall@5 and MRR against a single axis. Numeric axes are scaled linearly
 * between their smallest and largest value; any other axis spaces its values evenly in order.
 * y runs from 0 (bottom) to 1 (top). A point without metrics leaves a gap in its line.
 */
export function sweepLineChartData(points: readonly SweepChartPoint[], layout: SweepChartLayout) {
  const plotWidth = layout.width - layout.left - layout.right;
  const plotHeight = layout.height - layout.top - layout.bottom;
  const numbers = points.map((point) => point.value);
  const numeric = numbers.every((value) => typeof value === "number");
  const min = numeric ? Math.min(...(numbers as number[])) : 0;
  const max = numeric ? Math.max(...(numbers as number[])) : points.length - 1;
  const span = max - min || 1;
  const xOf = (point: SweepChartPoint, index: number) => {
    const position = numeric
      ? ((point.value as number) - min) / span
      : index / Math.max(1, points.length - 1);
    return layout.left + (points.length === 1 ? plotWidth / 2 : position * plotWidth);
  };
  const yOf = (value: number) => layout.top + (1 - Math.max(0, Math.min(1, value))) * plotHeight;
  const metrics = [
    { key: "recallAt5", name: "recall@5" },
    { key: "mrr", name: "MRR" },
  ] as const;
  const series = metrics.map((metric, index) => {
    const dots = points.flatMap((point, pointIndex) => {
      const value = point[metric.key];
      return value === null ? [] : [{ x: xOf(point, pointIndex), y: yOf(value), value, pointIndex }];
    });
    // "M" starts a segment again after a gap
    const path = dots
      .map(
        (dot, at) =>
          `${at === 0 || dots[at - 1]?.pointIndex !== dot.pointIndex - 1 ? "M" : "L"}${dot.x.toFixed(1)},${dot.y.toFixed(1)}`,
      )
      .join(" ");
    return { name: metric.name, color: seriesColors[index]!, dots, path };
  });
  const xTicks = points.map((point, index) => ({ x: xOf(point, index), label: String(point.value) }));
  const yTicks = [0, 0.25, 0.5, 0.75, 1].map((value) => ({ y: yOf(value), label: value.toFixed(2) }));
  return { series, xTicks, yTicks };
}

/** recall@5 of a two-axis sweep as a table: rows are the first axis's values, columns the second's. */
export function sweepHeatmapData(
  axes: readonly [{ path: string; values: unknown[] }, { path: string; values: unknown[] }],
  points: readonly { values: Record<string, unknown>; recallAt5: number | null; runId: string }[],
) {
  const [rowAxis, columnAxis] = axes;
  const cells = rowAxis.values.map((rowValue) =>
    columnAxis.values.map(
      (columnValue) =>
        points.find(
          (point) => point.values[rowAxis.path] === rowValue && point.values[columnAxis.path] === columnValue,
        ) ?? null,
    ),
  );
  const known = points.flatMap((point) => (point.recallAt5 === null ? [] : [point.recallAt5]));
  return { rowAxis, columnAxis, cells, best: known.length ? Math.max(...known) : null };
}
