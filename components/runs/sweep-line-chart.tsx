import { ChartFrame, ChartSeries } from "./chart-frame";
import { type SweepChartPoint, sweepLineChartData } from "./sweep-chart-data";

const layout = { width: 640, height: 240, left: 48, right: 16, top: 12, bottom: 44 };

/** recall@5 and MRR against the one axis of a sweep: a static SVG, no client code. */
export function SweepLineChart({ axisLabel, points }: { axisLabel: string; points: SweepChartPoint[] }) {
  const { series, xTicks, yTicks } = sweepLineChartData(points, layout);
  return (
    <figure data-testid="sweep-chart" className="space-y-2">
      <ChartFrame
        layout={layout}
        yTicks={yTicks}
        xTicks={xTicks}
        xLabel={axisLabel}
        yLabel="score"
        ariaLabel={`recall@5 and MRR against ${axisLabel}`}
      >
        {series.map((line) => (
          <ChartSeries
            key={line.name}
            color={line.color}
            path={line.path}
            dots={line.dots.map((dot) => ({
              key: String(dot.pointIndex),
              x: dot.x,
              y: dot.y,
              title: `${line.name} ${dot.value.toFixed(3)}`,
            }))}
          />
        ))}
      </ChartFrame>
      <figcaption className="flex gap-4 text-xs text-zinc-600">
        {series.map((line) => (
          <span key={line.name} className="flex items-center gap-1.5">
            <span className="inline-block h-0.5 w-4" style={{ backgroundColor: line.color }} />
            {line.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
