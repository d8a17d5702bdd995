"use client";

import { memo } from "react";
import { Badge } from "@/components/ui/badge";
import { cx } from "@/components/ui/cx";
import { formatDay } from "@/components/ui/format-date";
import type { LogQueryRow } from "@/lib/logs/log-queries-schema";
import { classLabel } from "./class-labels";

type LogQueryRowViewProps = {
  index: number;
  /** undefined while its page loads */
  row: LogQueryRow | undefined;
  /** px from the top of the list */
  top: number;
  height: number;
  /** CSS grid-template-columns shared with the header */
  columns: string;
  active: boolean;
  selectable: boolean;
  showSeen: boolean;
  checked: boolean;
  onToggle: (row: LogQueryRow) => void;
  onActivate: (index: number) => void;
};

const count = new Intl.NumberFormat("en");
// UTC, so the server render and the browser agree.

function seen(row: LogQueryRow): string {
  if (!row.firstSeen && !row.lastSeen) return "–";
  const first = row.firstSeen ? formatDay(new Date(row.firstSeen)) : "?";
  const last = row.lastSeen ? formatDay(new Date(row.lastSeen)) : "?";
  return first === last ? first : `${first} – ${last}`;
}

/** One absolutely positioned row of the virtualized log table. */
export const LogQueryRowView = memo(function LogQueryRowView(props: LogQueryRowViewProps) {
  const { index, row, top, height, columns, active, selectable, showSeen } = props;
  const style = { top, height, gridTemplateColumns: columns };
  const base = "absolute inset-x-0 grid items-center border-zinc-100 border-b px-1";
  if (!row) {
    return (
      <tr aria-rowindex={index + 2} className={base} style={style}>
        <td className="col-span-full mx-2 h-3 w-1/3 animate-pulse rounded bg-zinc-100" />
      </tr>
    );
  }
  const checkboxId = `log-query-${row.id}`;
  const isChecked = selectable && props.checked;
  return (
    <tr
      aria-rowindex={index + 2}
      aria-selected={selectable ? isChecked : undefined}
      className={cx(base, active ? "bg-brand-50/60" : "hover:bg-zinc-50/70", isChecked && "bg-brand-50")}
      style={style}
      onMouseDown={() => props.onActivate(index)}
      data-testid="log-query-row"
    >
      {selectable ? (
        <td className="px-2">
          <input
            id={checkboxId}
            type="checkbox"
            checked={isChecked}
            onChange={() => props.onToggle(row)}
            tabIndex={-1}
            className="size-3.5 accent-brand-500"
            aria-label={`Select “${row.display}”`}
            data-testid="log-query-checkbox"
          />
        </td>
      ) : null}
      <td className="min-w-0 px-2">
        <label
          htmlFor={selectable ? checkboxId : undefined}
          className="flex min-w-0 items-center gap-2 text-zinc-900"
          title={
            row.normalized === row.display ? row.display : `${row.display}\nnormalized: ${row.normalized}`
          }
        >
          <span className="truncate">{row.display}</span>
          {row.variantCount > 1 ? (
            <Badge className="shrink-0">
              +{row.variantCount - 1} {row.variantCount === 2 ? "variant" : "variants"}
            </Badge>
          ) : null}
        </label>
      </td>
      <td className="flex min-w-0 gap-1 overflow-hidden px-2">
        {row.classes.map((queryClass) => (
          <Badge key={queryClass} tone="blue" title={classLabel(queryClass).description}>
            {classLabel(queryClass).label}
          </Badge>
        ))}
      </td>
      <td className="px-2 text-right tabular-nums">{count.format(row.countInLog)}</td>
      <td className="px-2 text-right text-zinc-500 tabular-nums">{count.format(row.frequency)}</td>
      {showSeen ? <td className="truncate px-2 text-xs text-zinc-500">{seen(row)}</td> : null}
    </tr>
  );
});
