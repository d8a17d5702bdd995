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

/** A sweep point for the measure chart: its axis values and the ranked measure (null: none yet). */
export type SweepMeasurePoint = { runId: string; values: Record<string, unknown>; value: number | null };

/**
 * The ranked measure against the sweep's first axis, one line per combination of the other axes'
 * values (one line for a one-axis sweep), each in a stable colour: the combination's place in the
 * grid. Numeric x values are scaled linearly, others spaced evenly in grid order; y from 0 to the
 * largest value (at least 0.1), rounded up to a tenth. A point without a value leaves a gap.
 */
export function sweepMeasureChartData(options: {
  axes: readonly { path: string; values: readonly unknown[] }[];
  points: readonly SweepMeasurePoint[];
  layout: SweepChartLayout;
}) {
  const { layout } = options;
  const [xAxis, ...others] = options.axes;
  if (!xAxis) return { series: [], xTicks: [], yTicks: [], yMax: 1 };
  const plotWidth = layout.width - layout.left - layout.right;
  const plotHeight = layout.height - layout.top - layout.bottom;
  const xValues = xAxis.values;
  const numeric = xValues.every((value) => typeof value === "number");
  const numbers = numeric ? (xValues as number[]) : [];
  const min = numeric ? Math.min(...numbers) : 0;
  const span = (numeric ? Math.max(...numbers) - min : xValues.length - 1) || 1;
  const xOf = (value: unknown) => {
    const position = numeric ? ((value as number) - min) / span : xValues.indexOf(value) / span;
    return layout.left + (xValues.length === 1 ? plotWidth / 2 : position * plotWidth);
  };
  const known = options.points.flatMap((point) => (point.value === null ? [] : [point.value]));
  // the smallest round step that reaches the largest value in at most five steps: ticks read 0.10, 0.20…
  const largest = Math.max(0, ...known);
  const step = [0.02, 0.025, 0.05, 0.1, 0.2, 0.25].find((size) => largest <= size * 5 + 1e-9) ?? 0.25;
  const yMax = Math.max(step, Math.ceil(largest / step - 1e-9) * step);
  const yOf = (value: number) => layout.top + (1 - Math.max(0, Math.min(1, value / yMax))) * plotHeight;
  const lineName = (values: Record<string, unknown>) =>
    others.map((axis) => `${axis.path} ${String(values[axis.path])}`).join(", ") || "all points";
  // a line's place in the grid of the other axes' values: its colour, whatever order points come in
  const gridIndex = (values: Record<string, unknown>) =>
    others.reduce(
      (index, axis) => index * axis.values.length + Math.max(0, axis.values.indexOf(values[axis.path])),
      0,
    );
  const lines = new Map<string, { index: number; points: SweepMeasurePoint[] }>();
  for (const point of options.points) {
    const name = lineName(point.values);
    const line = lines.get(name) ?? { index: gridIndex(point.values), points: [] };
    lines.set(name, { ...line, points: [...line.points, point] });
  }
  const inGridOrder = [...lines].sort(([, left], [, right]) => left.index - right.index);
  const series = inGridOrder.map(([name, { index, points }]) => {
    const ordered = [...points].sort(
      (left, right) => xValues.indexOf(left.values[xAxis.path]) - xValues.indexOf(right.values[xAxis.path]),
    );
    const dots = ordered.flatMap((point, order) =>
      point.value === null
        ? []
        : [
            {
              x: xOf(point.values[xAxis.path]),
              y: yOf(point.value),
              value: point.value,
              order,
              runId: point.runId,
            },
          ],
    );
    const path = dots
      .map(
        (dot, at) =>
          `${at === 0 || dots[at - 1]?.order !== dot.order - 1 ? "M" : "L"}${dot.x.toFixed(1)},${dot.y.toFixed(1)}`,
      )
      .join(" ");
    return { name, color: seriesColors[index % seriesColors.length]!, dots, path };
  });
  const xTicks = xValues.map((value) => ({ x: xOf(value), label: String(value) }));
  const yTicks = Array.from({ length: Math.round(yMax / step) + 1 }, (_, index) => ({
    y: yOf(index * step),
    label: (index * step).toFixed(step < 0.05 ? 3 : 2),
  }));
  return { series, xTicks, yTicks, yMax };
}
