import { Badge } from "@/components/ui/badge";
import type { LogQueryRow } from "@/lib/logs/log-queries-schema";
import { classLabel } from "./class-labels";

type TopQueriesProps = {
  /** Already ordered, most lines in this log first. */
  rows: LogQueryRow[];
  /** lines in the log, for each query's share */
  totalLines: number;
};

const count = new Intl.NumberFormat("en");

function share(lines: number, totalLines: number): string {
  if (totalLines <= 0) return "";
  const percent = (lines / totalLines) * 100;
  return percent < 0.1 ? "<0.1%" : `${percent.toFixed(1)}%`;
}

/** The log's most frequent queries, compact: rank, text, classes, lines and share. */
export function TopQueries({ rows, totalLines }: TopQueriesProps) {
  const most = Math.max(1, ...rows.map((row) => row.countInLog));
  return (
    <ol className="divide-y divide-zinc-100" data-testid="top-queries">
      {rows.map((row, index) => (
        <li key={row.id} className="flex items-center gap-2 px-4 py-1.5 text-sm" data-testid="top-query">
          <span className="w-5 shrink-0 text-right text-xs text-zinc-400 tabular-nums">{index + 1}</span>
          <span className="min-w-0 flex-1">
            <span className="block truncate text-zinc-900" title={row.display}>
              {row.display}
            </span>
            <span className="mt-0.5 block h-1 rounded-full bg-zinc-100">
              <span
                className="block h-full rounded-full bg-brand-400"
                style={{ width: `${(row.countInLog / most) * 100}%` }}
              />
            </span>
          </span>
          <span className="hidden shrink-0 gap-1 sm:flex">
            {row.classes.slice(0, 2).map((queryClass) => (
              <Badge key={queryClass} tone="blue" title={classLabel(queryClass).description}>
                {classLabel(queryClass).label}
              </Badge>
            ))}
          </span>
          <span className="w-16 shrink-0 text-right text-xs tabular-nums text-zinc-700">
            {count.format(row.countInLog)}
            <span className="block text-[10px] text-zinc-400">{share(row.countInLog, totalLines)}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
