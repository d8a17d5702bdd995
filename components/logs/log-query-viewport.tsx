"use client";

import type { KeyboardEvent, RefObject } from "react";
import type { LogQueryRow } from "@/lib/logs/log-queries-schema";
import { HEADER_HEIGHT, ROW_HEIGHT, viewportHeight } from "./log-query-grid";
import { LogQueryRowView } from "./log-query-row";

type LogQueryViewportProps = {
  viewport: RefObject<HTMLDivElement | null>;
  onScroll: (element: HTMLDivElement) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTableElement>) => void;
  /** rows matching the filter; null while loading */
  total: number | null;
  /** the rows to render, inclusive */
  range: { first: number; last: number };
  rowAt: (index: number) => LogQueryRow | undefined;
  /** CSS grid-template-columns of the header and the rows */
  columns: string;
  active: number;
  selectable: boolean;
  showSeen: boolean;
  selected: ReadonlyMap<string, string>;
  onToggle: (row: LogQueryRow) => void;
  onActivate: (index: number) => void;
  /** shown under the header when nothing matches */
  emptyMessage: string;
};

/**
 * The scrolling part of the log's query table: a sticky header over a body as tall as every row,
 * with only the rows in `range` in the DOM, each absolutely positioned (WAI-ARIA grid).
 */
export function LogQueryViewport(props: LogQueryViewportProps) {
  const { total, range, columns, selectable, showSeen } = props;
  const rows = [];
  for (let index = range.first; index <= range.last; index++) {
    const row = props.rowAt(index);
    rows.push(
      <LogQueryRowView
        key={index}
        index={index}
        row={row}
        top={index * ROW_HEIGHT}
        height={ROW_HEIGHT}
        columns={columns}
        active={index === props.active}
        selectable={selectable}
        showSeen={showSeen}
        checked={row ? props.selected.has(row.id) : false}
        onToggle={props.onToggle}
        onActivate={props.onActivate}
      />,
    );
  }

  return (
    <div
      ref={props.viewport}
      onScroll={(event) => props.onScroll(event.currentTarget)}
      className="relative overflow-y-auto"
      style={{ height: viewportHeight(total) }}
      data-testid="log-query-viewport"
    >
      <table
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a data grid that takes the arrow keys (WAI-ARIA grid pattern)
        role="grid"
        tabIndex={0}
        onKeyDown={props.onKeyDown}
        aria-label="Queries of this log; arrow keys move, space checks"
        aria-rowcount={total === null ? undefined : total + 1}
        aria-multiselectable={selectable || undefined}
        className="block w-full text-left text-sm text-zinc-800 focus-visible:outline-2 focus-visible:outline-brand-500 focus-visible:-outline-offset-2"
      >
        <thead className="sticky top-0 z-10 block border-zinc-200 border-b bg-zinc-50">
          <tr
            className="grid items-center px-1 font-medium text-xs text-zinc-500"
            style={{ gridTemplateColumns: columns, height: HEADER_HEIGHT }}
          >
            {selectable ? (
              <th scope="col" className="px-2 font-medium">
                <span className="sr-only">Select</span>
              </th>
            ) : null}
            <th scope="col" className="px-2 font-medium">
              Query
            </th>
            <th scope="col" className="px-2 font-medium">
              Classes
            </th>
            <th scope="col" className="px-2 text-right font-medium" title="Lines with this query in this log">
              In this log
            </th>
            <th
              scope="col"
              className="px-2 text-right font-medium"
              title="Lines with this query in every imported log"
            >
              All logs
            </th>
            {showSeen ? (
              <th scope="col" className="px-2 font-medium">
                First – last seen
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="relative block" style={{ height: Math.max(1, (total ?? 0) * ROW_HEIGHT) }}>
          {rows}
        </tbody>
      </table>
      {total === 0 ? <p className="py-3 text-center text-xs text-zinc-500">{props.emptyMessage}</p> : null}
    </div>
  );
}
