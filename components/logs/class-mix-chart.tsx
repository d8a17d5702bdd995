import type { ClassMix } from "@/lib/logs/class-mix";
import { classLabel } from "./class-labels";

type ClassMixChartProps = {
  mix: ClassMix;
  /** Leave out classes with no query (default true). */
  hideEmpty?: boolean;
};

const count = new Intl.NumberFormat("en");
const percent = (share: number) => `${(share * 100).toFixed(share > 0 && share < 0.01 ? 1 : 0)}%`;

/**
 * Horizontal bars, one per class: the share of the log's lines whose query has the class, with
 * the number of distinct queries. Shares add up to more than 100%: a query can have several classes.
 */
export function ClassMixChart({ mix, hideEmpty = true }: ClassMixChartProps) {
  const rows = hideEmpty ? mix.rows.filter((row) => row.distinct > 0) : mix.rows;
  const widest = Math.max(0.0001, ...rows.map((row) => row.lineShare));
  return (
    <figure data-testid="class-mix" className="space-y-1.5">
      <div className="grid grid-cols-[8rem_minmax(0,1fr)_4.5rem_3.5rem] items-center gap-x-2 text-[11px] text-zinc-400">
        <span>Class</span>
        <span>Share of lines</span>
        <span className="text-right">Queries</span>
        <span className="text-right">Lines</span>
      </div>
      <ul className="space-y-1">
        {rows.map((row) => {
          const { label, description } = classLabel(row.queryClass);
          return (
            <li
              key={row.queryClass}
              className="grid grid-cols-[8rem_minmax(0,1fr)_4.5rem_3.5rem] items-center gap-x-2 text-xs"
              title={`${label}: ${description}\n${count.format(row.distinct)} distinct queries, ${count.format(row.lines)} lines (${percent(row.lineShare)} of the log)`}
              data-testid="class-mix-row"
              data-class={row.queryClass}
            >
              <span className="truncate font-medium text-zinc-700">{label}</span>
              <span className="h-3 rounded-sm bg-zinc-100">
                <span
                  className={
                    row.queryClass === "unclassified"
                      ? "block h-full rounded-sm bg-zinc-300"
                      : "block h-full rounded-sm bg-brand-400"
                  }
                  style={{ width: `${(row.lineShare / widest) * 100}%` }}
                />
              </span>
              <span className="text-right text-zinc-600 tabular-nums">{count.format(row.distinct)}</span>
              <span className="text-right text-zinc-500 tabular-nums">{percent(row.lineShare)}</span>
            </li>
          );
        })}
      </ul>
      <figcaption className="text-[11px] text-zinc-400">
        {count.format(mix.totalDistinct)} distinct queries, {count.format(mix.totalLines)} lines. A query can
        have several classes, so shares add up to more than 100%. Hover a class for what it means.
      </figcaption>
    </figure>
  );
}
