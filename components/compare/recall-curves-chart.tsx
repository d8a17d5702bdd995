"use client";

import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { axisTick, shareAxisProps } from "./chart-axes";
import { curveRows, curveTicks } from "./chart-data";
import type { SeriesStyle } from "./series-styles";

const formatRecall = (value: unknown) =>
  typeof value === "number" ? value.toFixed(3) : String(value ?? "–");

/** Recall@k curves of every compared run on one chart: k on x (1…20 and each run's top k), recall on y. */
export function RecallCurvesChart(props: {
  ks: readonly number[];
  recall: Readonly<Record<string, Readonly<Record<string, number>>>>;
  series: readonly SeriesStyle[];
}) {
  const rows = curveRows({
    ks: props.ks,
    recall: props.recall,
    runIds: props.series.map((entry) => entry.runId),
  });
  return (
    <figure className="h-[280px] w-full" data-testid="recall-curves">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 20, left: 4 }}>
          <CartesianGrid stroke="#f4f4f5" vertical={false} />
          <XAxis
            dataKey="k"
            type="category"
            ticks={curveTicks(props.ks)}
            tick={axisTick}
            tickLine={false}
            axisLine={{ stroke: "#e4e4e7" }}
            label={{
              value: "k (results read)",
              position: "insideBottom",
              offset: -10,
              fontSize: 11,
              fill: "#71717a",
            }}
          />
          <YAxis {...shareAxisProps("recall@k")} />
          <Tooltip
            formatter={(value) => formatRecall(value)}
            labelFormatter={(label) => `k = ${String(label)}`}
            contentStyle={{ fontSize: 12, borderRadius: 6, borderColor: "#e4e4e7" }}
          />
          {props.series.map((entry, index) => (
            <Line
              key={entry.runId}
              dataKey={`s${index}`}
              name={entry.name}
              stroke={entry.color}
              strokeWidth={2}
              strokeDasharray={entry.dash}
              dot={false}
              activeDot={{ r: 3 }}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
      <figcaption className="sr-only">
        Recall at k = {props.ks[0]} to {props.ks.at(-1)} for{" "}
        {props.series.map((entry) => entry.name).join(", ")}.
      </figcaption>
    </figure>
  );
}
