import { ChartCard } from "@/components/charts/chart-card";
import { measureLabel } from "@/lib/comparisons/compared-measures";
import { ChartFrame, ChartSeries } from "./chart-frame";
import { type SweepMeasurePoint, sweepMeasureChartData } from "./sweep-chart-data";

const layout = { width: 640, height: 260, left: 48, right: 16, top: 12, bottom: 44 };

type SweepMeasureChartProps = {
  sweepName: string;
  /** "context_recall" */
  measure: string;
  /** "dev queries" or "every query": what the plotted means stand on. */
  over: string;
  axes: readonly { path: string; values: readonly unknown[] }[];
  points: readonly SweepMeasurePoint[];
};

/**
 * The measure the sweep is ranked by against its first axis, one line per value of the other
 * axis, in a chart card with SVG, PNG and CSV exports.
 */
export function SweepMeasureChart({ sweepName, measure, over, axes, points }: SweepMeasureChartProps) {
  const { series, xTicks, yTicks } = sweepMeasureChartData({ axes, points, layout });
  const xAxis = axes[0]?.path ?? "";
  const paths = axes.map((axis) => axis.path);
  const csv = [
    [...paths, measure].join(","),
    ...points.map((point) =>
      [
        ...paths.map((path) => String(point.values[path] ?? "")),
        point.value === null ? "" : String(point.value),
      ].join(","),
    ),
  ].join("\n");
  return (
    <ChartCard
      title={`${measureLabel(measure)} by ${xAxis}`}
      description={`Mean over ${over}${paths.length > 1 ? `; one line per ${paths.slice(1).join(" × ")}` : ""}.`}
      exportTitle={`${sweepName} — ${measureLabel(measure)} by ${xAxis}`}
      legend={series.map((line) => ({ name: line.name, color: line.color }))}
      csv={`${csv}\n`}
      testId="sweep-measure-chart"
    >
      <ChartFrame
        layout={layout}
        yTicks={yTicks}
        xTicks={xTicks}
        xLabel={xAxis}
        yLabel={measureLabel(measure)}
        ariaLabel={`${measureLabel(measure)} against ${xAxis}`}
        className="mx-auto h-auto w-full max-w-3xl"
      >
        {series.map((line) => (
          <ChartSeries
            key={line.name}
            testId="sweep-measure-line"
            color={line.color}
            path={line.path}
            dots={line.dots.map((dot) => ({
              key: dot.runId,
              x: dot.x,
              y: dot.y,
              title: `${line.name}: ${dot.value.toFixed(3)}`,
            }))}
          />
        ))}
      </ChartFrame>
    </ChartCard>
  );
}
