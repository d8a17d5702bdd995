"use client";

import { type KeyboardEvent, useCallback, useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import type { LogQueryPage, LogQueryRow } from "@/lib/logs/log-queries-schema";
import { AddToSetBar, type AddToSetProps } from "./add-to-set-bar";
import type { ClassOption } from "./class-filter-chips";
import { LogQueryFilterBar } from "./log-query-filter-bar";
import {
  gridColumns,
  HEADER_HEIGHT,
  keyAction,
  type LogQueryFilter,
  noMatchMessage,
  ROW_HEIGHT,
} from "./log-query-grid";
import { LogQueryViewport } from "./log-query-viewport";
import { useLogQueryPages } from "./use-log-query-pages";
import { scrollToRow } from "./virtual-window";

type LogQueryTableProps = {
  logId: string;
  /** The first page for the empty filter, rendered on the server. */
  initialPage: LogQueryPage;
  classes: ClassOption[];
  /** Show the first/last seen column (the log has timestamps). */
  showSeen: boolean;
  /** Present when the user may add queries to a set and a set exists. */
  addToSet?: AddToSetProps;
};

/**
 * All of a log's queries in one scrolling list: pages are fetched as they come into view (see
 * useLogQueryPages) and only the visible rows are in the DOM. Keys: ↓/j and ↑/k move, space or
 * x checks the row; checked rows (kept across pages and filters) can be added to a set.
 */
export function LogQueryTable({ logId, initialPage, classes, showSeen, addToSet }: LogQueryTableProps) {
  const pages = useLogQueryPages({ logId, initialPage });
  const { total, viewport } = pages;
  const [active, setActive] = useState(0);
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map());
  const selectable = addToSet !== undefined;

  const applyPagesFilter = pages.applyFilter;
  const applyFilter = useCallback(
    (next: LogQueryFilter) => {
      applyPagesFilter(next);
      setActive(0);
    },
    [applyPagesFilter],
  );

  const toggle = useCallback((row: LogQueryRow) => {
    setSelected((previous) => {
      const next = new Map(previous);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row.display);
      return next;
    });
  }, []);
  const clearSelection = useCallback(() => setSelected(new Map()), []);
  const selectedIds = useMemo(() => [...selected.keys()], [selected]);

  function moveTo(index: number) {
    if (total === null || total === 0) return;
    const next = Math.min(total - 1, Math.max(0, index));
    setActive(next);
    const element = viewport.current;
    if (element) {
      element.scrollTop =
        scrollToRow({
          index: next,
          scrollTop: Math.max(0, element.scrollTop - HEADER_HEIGHT),
          viewportHeight: element.clientHeight - HEADER_HEIGHT,
          rowHeight: ROW_HEIGHT,
        }) + (next === 0 ? 0 : HEADER_HEIGHT);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    if (event.target !== event.currentTarget) return;
    const action = keyAction(event.key, { active, total, selectable });
    if (action === null) return;
    event.preventDefault();
    if (action !== "toggle") {
      moveTo(action);
      return;
    }
    const row = pages.rowAt(active);
    if (row) toggle(row);
  }

  return (
    <div data-testid="log-query-table">
      <LogQueryFilterBar filter={pages.filter} onFilterChange={applyFilter} classes={classes} total={total} />
      {addToSet ? <AddToSetBar {...addToSet} selectedIds={selectedIds} onClear={clearSelection} /> : null}
      {pages.error ? (
        <Alert tone="error" className="mx-4 my-2">
          {pages.error}
        </Alert>
      ) : null}
      <LogQueryViewport
        viewport={viewport}
        onScroll={pages.onScroll}
        onKeyDown={onKeyDown}
        total={total}
        range={pages.range}
        rowAt={pages.rowAt}
        columns={gridColumns({ selectable, showSeen })}
        active={active}
        selectable={selectable}
        showSeen={showSeen}
        selected={selected}
        onToggle={toggle}
        onActivate={setActive}
        emptyMessage={noMatchMessage(pages.filter)}
      />
      <p className="border-zinc-100 border-t px-4 py-1.5 text-[11px] text-zinc-400">
        ↑/↓ or j/k to move{selectable ? ", space or x to check a row" : ""}. Search matches the normalized
        text.
      </p>
    </div>
  );
}
