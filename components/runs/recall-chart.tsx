"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Alert } from "@/components/ui/alert";
import { type RecallRun, type RecallSeries, recallChartData } from "./recall-chart-data";
import { RunSwatch } from "./run-swatch";

type RecallChartProps = {
  runs: RecallRun[];
  /** The cut-offs on the x axis, e.g. [1, 3, 5, 10, 20]; `recall` is keyed by them as strings. */
  ks: number[];
  /** Shown above the chart, e.g. when the set is too small for small differences to mean anything. */
  noiseWarning?: string | null;
};

const axisTick = { fontSize: 11, fill: "#71717a" };

const formatRecall = (value: unknown) =>
  typeof value === "number" ? value.toFixed(3) : String(value ?? "–");

/** The chart's legend: each run's line sample (colour and dash, as in lists) and name. */
function RecallLegend({ series }: { series: RecallSeries[] }) {
  return (
    <ul className="flex flex-wrap justify-center gap-x-3 gap-y-1 pt-1 text-xs">
      {series.map((line) => (
        <li
          key={line.dataKey}
          className="inline-flex items-center gap-1.5"
          style={{ color: line.color }}
          data-testid="chart-legend-item"
          data-run-id={line.runId}
          data-color={line.color}
        >
          <RunSwatch color={line.color} dash={line.dash} />
          {line.name}
        </li>
      ))}
    </ul>
  );
}

/** Recall@k curves, one line per run. */
export function RecallChart({ runs, ks, noiseWarning }: RecallChartProps) {
  const { rows, series } = recallChartData(runs, ks);
  return (
    <figure data-testid="recall-chart" className="space-y-2">
      {noiseWarning ? (
        <Alert tone="warning" compact data-testid="noise-warning">
          {noiseWarning}
        </Alert>
      ) : null}
      <div className="h-[280px] w-full">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <CartesianGrid stroke="#f4f4f5" vertical={false} />
            <XAxis
              dataKey="k"
              type="category"
              padding={{ left: 16, right: 16 }}
              tick={axisTick}
              tickLine={false}
              axisLine={{ stroke: "#e4e4e7" }}
              label={{ value: "k", position: "insideBottomRight", offset: -4, fontSize: 11, fill: "#71717a" }}
            />
            <YAxis
              domain={[0, 1]}
              ticks={[0, 0.25, 0.5, 0.75, 1]}
              tickFormatter={(value: number) => value.toFixed(2)}
              tick={axisTick}
              tickLine={false}
              axisLine={false}
              width={40}
            />
            <Tooltip
              formatter={(value) => formatRecall(value)}
              labelFormatter={(label) => `k = ${String(label)}`}
              contentStyle={{ fontSize: 12, borderRadius: 6, borderColor: "#e4e4e7" }}
            />
            <Legend content={() => <RecallLegend series={series} />} />
            {series.map((line) => (
              <Line
                key={line.dataKey}
                dataKey={line.dataKey}
                name={line.name}
                stroke={line.color}
                strokeDasharray={line.dash}
                strokeWidth={2}
                dot={{ r: 3 }}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">
        Recall at k for {series.map((line) => line.name).join(", ")} at k = {ks.join(", ")}.
      </figcaption>
    </figure>
  );
}
