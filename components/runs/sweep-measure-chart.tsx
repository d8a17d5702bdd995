import { ChartCard } from "@/components/charts/chart-card";
import { measureLabel } from "@/lib/comparisons/compared-measures";
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
      <svg
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        className="mx-auto h-auto w-full max-w-3xl"
        role="img"
        aria-label={`${measureLabel(measure)} against ${xAxis}`}
      >
        {yTicks.map((tick) => (
          <g key={tick.label}>
            <line
              x1={layout.left}
              x2={layout.width - layout.right}
              y1={tick.y}
              y2={tick.y}
              stroke="#f4f4f5"
            />
            <text x={layout.left - 6} y={tick.y + 3} textAnchor="end" fontSize={10} fill="#71717a">
              {tick.label}
            </text>
          </g>
        ))}
        {xTicks.map((tick) => (
          <text
            key={`${tick.label}@${tick.x}`}
            x={tick.x}
            y={layout.height - layout.bottom + 14}
            textAnchor="middle"
            fontSize={10}
            fill="#71717a"
          >
            {tick.label}
          </text>
        ))}
        <text
          x={layout.left + (layout.width - layout.left - layout.right) / 2}
          y={layout.height - 6}
          textAnchor="middle"
          fontSize={11}
          fill="#52525b"
        >
          {xAxis}
        </text>
        <text
          x={12}
          y={layout.top + (layout.height - layout.top - layout.bottom) / 2}
          textAnchor="middle"
          fontSize={11}
          fill="#52525b"
          transform={`rotate(-90 12 ${layout.top + (layout.height - layout.top - layout.bottom) / 2})`}
        >
          {measureLabel(measure)}
        </text>
        {series.map((line) => (
          <g key={line.name} data-testid="sweep-measure-line">
            <path d={line.path} fill="none" stroke={line.color} strokeWidth={2} />
            {line.dots.map((dot) => (
              <circle key={dot.runId} cx={dot.x} cy={dot.y} r={3} fill={line.color}>
                <title>{`${line.name}: ${dot.value.toFixed(3)}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
    </ChartCard>
  );
}
