import { classLabel } from "@/components/logs/class-labels";
import { cx } from "@/components/ui/cx";
import { Link } from "@/components/ui/link";
import { Td, Tr } from "@/components/ui/table";
import { type ComparisonParams, comparisonHref } from "@/lib/comparisons/comparison-params";
import { formatDelta, formatValue } from "@/lib/comparisons/format-comparison";
import type { ComparisonQueryRow, QueryOutcome } from "@/lib/comparisons/query-rows";
import type { ListRun } from "./per-query-headings";

/** One query of the per-query list: its key and text (opening its passages), classes, values and Δ. */
export function PerQueryRow({
  row,
  delta,
  rowOutcome,
  setId,
  state,
  runs,
  measure,
  runId,
  baselineId,
  openQueryId,
}: {
  row: ComparisonQueryRow;
  delta: number | null;
  rowOutcome: QueryOutcome | null;
  setId: string;
  state: ComparisonParams;
  runs: ListRun[];
  measure: string;
  runId: string;
  baselineId: string;
  openQueryId: string | undefined;
}) {
  const open = row.queryId === openQueryId;
  return (
    <Tr
      data-testid="per-query-row"
      data-outcome={rowOutcome ?? "none"}
      className={cx(open && "bg-brand-50/70 hover:bg-brand-50")}
    >
      <Td className="max-w-[18rem]">
        <Link
          href={`${comparisonHref(setId, { ...state, query: row.queryId })}#passages`}
          className="flex min-w-0 items-baseline gap-2 hover:underline"
          data-testid="open-query"
        >
          <span className="shrink-0 font-mono text-[11px] text-zinc-400">{row.key}</span>
          <span className="truncate text-zinc-900" title={row.text}>
            {row.text}
          </span>
        </Link>
      </Td>
      <Td className="max-w-[8rem] truncate text-zinc-500" title={row.classes.join(", ")}>
        {row.classes.map((name) => classLabel(name).label).join(", ") || "—"}
      </Td>
      {runs.map((run) => {
        const value = row.values[run.id]?.[measure];
        const reference = row.values[baselineId]?.[measure];
        const direction =
          run.baseline || value === undefined || reference === undefined
            ? 0
            : Math.sign(Number((value - reference).toFixed(9)));
        return (
          <Td
            key={run.id}
            numeric
            className={cx(
              run.id === runId && "bg-zinc-50",
              direction > 0 && "text-emerald-700",
              direction < 0 && "text-red-700",
              direction === 0 && "text-zinc-600",
            )}
          >
            {formatValue(value)}
          </Td>
        );
      })}
      <Td
        numeric
        data-testid="per-query-delta"
        className={cx(
          "font-medium",
          rowOutcome === "win" && "text-emerald-700",
          rowOutcome === "loss" && "text-red-700",
          (rowOutcome === "tie" || rowOutcome === null) && "text-zinc-400",
        )}
      >
        {formatDelta(delta)}
      </Td>
    </Tr>
  );
}
