import { classLabel } from "@/components/logs/class-labels";
import { Badge } from "@/components/ui/badge";
import type { ClassCoverageRow } from "@/lib/sets/class-coverage";

type ClassCoverageChartProps = {
  rows: ClassCoverageRow[];
  /** "Help-center search, October", "all logs" */
  comparedWith: string;
};

const percent = (share: number) =>
  share > 0 && share < 0.01 ? `${(share * 100).toFixed(1)}%` : `${Math.round(share * 100)}%`;

/** Two bars per class: the share of the set's queries and the share of the log's lines. */
export function ClassCoverageChart({ rows, comparedWith }: ClassCoverageChartProps) {
  const widest = Math.max(0.0001, ...rows.flatMap((row) => [row.setShare, row.logShare]));
  return (
    <figure className="space-y-1.5" data-testid="class-coverage">
      <div className="flex flex-wrap items-center gap-3 text-[11px] text-zinc-500">
        <span className="flex items-center gap-1">
          <span className="inline-block size-2 rounded-sm bg-brand-500" /> this set (share of queries)
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-2 rounded-sm bg-zinc-400" /> {comparedWith} (share of lines)
        </span>
      </div>
      <ul className="space-y-1.5">
        {rows.map((row) => {
          const { label, description } = classLabel(row.queryClass);
          return (
            <li
              key={row.queryClass}
              className="grid grid-cols-[7.5rem_minmax(0,1fr)_7.5rem] items-center gap-x-2 text-xs"
              title={`${label}: ${description}`}
              data-testid="class-coverage-row"
              data-class={row.queryClass}
              data-under-covered={row.underCovered || undefined}
            >
              <span className="truncate font-medium text-zinc-700">{label}</span>
              <span className="space-y-0.5">
                <span className="block h-2 rounded-sm bg-zinc-50">
                  <span
                    className="block h-full rounded-sm bg-brand-500"
                    style={{ width: `${(row.setShare / widest) * 100}%` }}
                  />
                </span>
                <span className="block h-2 rounded-sm bg-zinc-50">
                  <span
                    className="block h-full rounded-sm bg-zinc-400"
                    style={{ width: `${(row.logShare / widest) * 100}%` }}
                  />
                </span>
              </span>
              <span className="flex items-center justify-end gap-1 text-right tabular-nums">
                <span className="text-zinc-700">{percent(row.setShare)}</span>
                <span className="text-zinc-400">/ {percent(row.logShare)}</span>
                {row.underCovered ? (
                  <Badge
                    tone="red"
                    title={
                      row.setQueries === 0
                        ? "The log has this class; the set has none of it"
                        : "The log's share is more than twice the set's"
                    }
                  >
                    low
                  </Badge>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
