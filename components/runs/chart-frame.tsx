import type { ReactNode } from "react";
import type { SweepChartLayout } from "./sweep-chart-data";

type Tick = { label: string };

type ChartFrameProps = {
  layout: SweepChartLayout;
  /** Horizontal grid lines with their labels on the left, from the chart-data function. */
  yTicks: readonly (Tick & { y: number })[];
  xTicks: readonly (Tick & { x: number })[];
  /** Written under the x ticks, centred on the plot. */
  xLabel: string;
  /** Written up the left side, centred on the plot. */
  yLabel: string;
  /** The screen reader's name of the chart. */
  ariaLabel: string;
  className?: string;
  /** The series, drawn over the grid in the layout's coordinates. */
  children: ReactNode;
};

/**
 * The SVG scaffolding every sweep chart shares: grid lines and tick labels from the chart-data
 * functions' ticks, the two axis names, and the series drawn on top. A static SVG, no client code.
 */
export function ChartFrame({
  layout,
  yTicks,
  xTicks,
  xLabel,
  yLabel,
  ariaLabel,
  className,
  children,
}: ChartFrameProps) {
  const plotMiddleX = layout.left + (layout.width - layout.left - layout.right) / 2;
  const plotMiddleY = layout.top + (layout.height - layout.top - layout.bottom) / 2;
  return (
    <svg
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      className={className ?? "h-auto w-full"}
      role="img"
      aria-label={ariaLabel}
    >
      {yTicks.map((tick) => (
        <g key={tick.label}>
          <line x1={layout.left} x2={layout.width - layout.right} y1={tick.y} y2={tick.y} stroke="#f4f4f5" />
          <text x={layout.left - 6} y={tick.y + 3} textAnchor="end" fontSize={10} fill="#71717a">
            {tick.label}
          </text>
        </g>
      ))}
      <line
        x1={layout.left}
        x2={layout.width - layout.right}
        y1={layout.height - layout.bottom}
        y2={layout.height - layout.bottom}
        stroke="#d4d4d8"
      />
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
      <text x={plotMiddleX} y={layout.height - 6} textAnchor="middle" fontSize={11} fill="#52525b">
        {xLabel}
      </text>
      <text
        x={12}
        y={plotMiddleY}
        textAnchor="middle"
        fontSize={11}
        fill="#52525b"
        transform={`rotate(-90 12 ${plotMiddleY})`}
      >
        {yLabel}
      </text>
      {children}
    </svg>
  );
}

/** One series of a chart: its line (gaps where a point has no value) and a dot per value, titled. */
export function ChartSeries({
  color,
  path,
  dots,
  testId,
}: {
  color: string;
  path: string;
  dots: readonly { key: string; x: number; y: number; title: string }[];
  testId?: string;
}) {
  return (
    <g data-testid={testId}>
      <path d={path} fill="none" stroke={color} strokeWidth={2} />
      {dots.map((dot) => (
        <circle key={dot.key} cx={dot.x} cy={dot.y} r={3} fill={color}>
          <title>{dot.title}</title>
        </circle>
      ))}
    </g>
  );
}
