"use client";

import { Bar, BarChart, CartesianGrid, ErrorBar, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { axisTick, shareAxisProps } from "./chart-axes";
import { barRows } from "./chart-data";
import type { SeriesStyle } from "./series-styles";

/** Each run's mean of each measure as a bar, with its 95% bootstrap interval as a whisker. */
export function MeanBarsChart(props: {
  measures: readonly { key: string; label: string }[];
  bars: Readonly<
    Record<string, Readonly<Record<string, { mean: number; lower: number; upper: number } | null>>>
  >;
  series: readonly SeriesStyle[];
}) {
  const rows = barRows({
    measures: props.measures,
    bars: props.bars,
    runIds: props.series.map((entry) => entry.runId),
  });
  return (
    <figure className="h-[280px] w-full" data-testid="mean-bars">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 4, left: 4 }} barCategoryGap="18%">
          <CartesianGrid stroke="#f4f4f5" vertical={false} />
          <XAxis
            dataKey="measure"
            tick={{ ...axisTick, fontSize: 12 }}
            tickLine={false}
            axisLine={{ stroke: "#e4e4e7" }}
          />
          <YAxis {...shareAxisProps("mean (95% CI)")} />
          <Tooltip
            formatter={(value) => (typeof value === "number" ? value.toFixed(3) : String(value ?? "–"))}
            contentStyle={{ fontSize: 12, borderRadius: 6, borderColor: "#e4e4e7" }}
            cursor={{ fill: "#fafafa" }}
          />
          {props.series.map((entry, index) => (
            <Bar
              key={entry.runId}
              dataKey={`s${index}`}
              name={entry.name}
              fill={entry.color}
              fillOpacity={entry.baseline ? 0.45 : 0.85}
              stroke={entry.color}
              strokeDasharray={entry.dash}
              isAnimationActive={false}
            >
              <ErrorBar
                dataKey={`s${index}Error`}
                width={4}
                strokeWidth={1.25}
                stroke="#3f3f46"
                direction="y"
              />
            </Bar>
          ))}
        </BarChart>
      </ResponsiveContainer>
      <figcaption className="sr-only">
        Mean {props.measures.map((measure) => measure.label).join(" and ")} with 95% intervals for{" "}
        {props.series.map((entry) => entry.name).join(", ")}.
      </figcaption>
    </figure>
  );
}
