import { type SweepChartPoint, sweepLineChartData } from "./sweep-chart-data";

const layout = { width: 640, height: 240, left: 40, right: 16, top: 12, bottom: 36 };

/** recall@5 and MRR against the one axis of a sweep: a static SVG, no client code. */
export function SweepLineChart({ axisLabel, points }: { axisLabel: string; points: SweepChartPoint[] }) {
  const { series, xTicks, yTicks } = sweepLineChartData(points, layout);
  return (
    <figure data-testid="sweep-chart" className="space-y-2">
      <svg
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        className="h-auto w-full"
        role="img"
        aria-label={`recall@5 and MRR against ${axisLabel}`}
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
          x={layout.width - layout.right}
          y={layout.height - 4}
          textAnchor="end"
          fontSize={11}
          fill="#71717a"
        >
          {axisLabel}
        </text>
        {series.map((line) => (
          <g key={line.name}>
            <path d={line.path} fill="none" stroke={line.color} strokeWidth={2} />
            {line.dots.map((dot) => (
              <circle key={dot.pointIndex} cx={dot.x} cy={dot.y} r={3} fill={line.color}>
                <title>{`${line.name} ${dot.value.toFixed(3)}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
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
