"use client";

import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Input } from "@/components/ui/field";
import { LOG_QUERY_PAGE_SIZE, type LogQueryPage, type LogQueryRow } from "@/lib/logs/log-queries-schema";
import { AddToSetBar, type AddToSetProps } from "./add-to-set-bar";
import { ClassFilterChips, type ClassOption } from "./class-filter-chips";
import { classLabel } from "./class-labels";
import { LogQueryRowView } from "./log-query-row";
import { pagesOf, scrollToRow, visibleWindow } from "./virtual-window";

/** Fixed row height (px): windowing needs it, and it keeps a 10⁵-row scroll smooth. */
const ROW_HEIGHT = 36;
const VIEWPORT_ROWS = 16;
const VIEWPORT_HEIGHT = ROW_HEIGHT * VIEWPORT_ROWS;
const HEADER_HEIGHT = 32;
const OVERSCAN = 10;

type Filter = { search: string; queryClass: string | null };
type Loaded = { key: string; total: number | null; pages: Map<number, LogQueryRow[]> };

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

const keyOf = (filter: Filter) => JSON.stringify([filter.search, filter.queryClass]);

/**
 * All of a log's queries in one scrolling list: pages of LOG_QUERY_PAGE_SIZE rows are fetched
 * from /api/logs/[id]/queries as they come into view, and only the visible rows are in the DOM.
 * Keys: ↓/j and ↑/k move, space or x checks the row.
 */
export function LogQueryTable({ logId, initialPage, classes, showSeen, addToSet }: LogQueryTableProps) {
  const [searchInput, setSearchInput] = useState("");
  const [filter, setFilter] = useState<Filter>({ search: "", queryClass: null });
  const [loaded, setLoaded] = useState<Loaded>(() => ({
    key: keyOf({ search: "", queryClass: null }),
    total: initialPage.total,
    pages: new Map([[0, initialPage.rows]]),
  }));
  const [error, setError] = useState<string | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [active, setActive] = useState(0);
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map());
  const viewport = useRef<HTMLDivElement>(null);
  const loadedRef = useRef(loaded);
  loadedRef.current = loaded;
  const requested = useRef(new Set<string>());
  const inFlight = useRef<{ key: string; controller: AbortController } | null>(null);
  const filterKey = keyOf(filter);

  // A new filter starts from an empty cache at the top (state changes together: one render).
  const applyFilter = useCallback((next: Filter) => {
    const key = keyOf(next);
    requested.current.clear();
    setFilter(next);
    setLoaded((previous) => (previous.key === key ? previous : { key, total: null, pages: new Map() }));
    setActive(0);
    setScrollTop(0);
    if (viewport.current) viewport.current.scrollTop = 0;
  }, []);

  // Typing waits 250 ms before it filters.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (searchInput.trim() !== filter.search) applyFilter({ ...filter, search: searchInput.trim() });
    }, 250);
    return () => clearTimeout(timer);
  }, [searchInput, filter, applyFilter]);

  const total = loaded.total;
  const range = visibleWindow({
    scrollTop,
    viewportHeight: VIEWPORT_HEIGHT,
    rowHeight: ROW_HEIGHT,
    total: total ?? 0,
    overscan: OVERSCAN,
  });
  const neededPages = pagesOf(range, LOG_QUERY_PAGE_SIZE).join(",");

  // Fetches the pages in view that are not loaded; a new filter aborts the old filter's requests.
  useEffect(() => {
    if (inFlight.current?.key !== filterKey) {
      inFlight.current?.controller.abort();
      inFlight.current = { key: filterKey, controller: new AbortController() };
    }
    const { signal } = inFlight.current.controller;
    for (const page of neededPages.split(",").map(Number)) {
      const requestKey = `${filterKey}#${page}`;
      if (loadedRef.current.pages.has(page) || requested.current.has(requestKey)) continue;
      requested.current.add(requestKey);
      const params = new URLSearchParams({
        offset: String(page * LOG_QUERY_PAGE_SIZE),
        limit: String(LOG_QUERY_PAGE_SIZE),
      });
      if (filter.search) params.set("search", filter.search);
      if (filter.queryClass) params.set("class", filter.queryClass);
      fetch(`/api/logs/${logId}/queries?${params}`, { signal })
        .then(async (response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          const body = (await response.json()) as LogQueryPage;
          requested.current.delete(requestKey);
          setError(null);
          setLoaded((previous) =>
            previous.key === filterKey
              ? { key: filterKey, total: body.total, pages: new Map(previous.pages).set(page, body.rows) }
              : previous,
          );
        })
        .catch((reason: unknown) => {
          requested.current.delete(requestKey);
          if (!signal.aborted) setError(`Could not load queries (${String(reason)}).`);
        });
    }
  }, [filterKey, neededPages, logId, filter.search, filter.queryClass]);

  useEffect(() => () => inFlight.current?.controller.abort(), []);

  const rowAt = (index: number) =>
    loaded.pages.get(Math.floor(index / LOG_QUERY_PAGE_SIZE))?.[index % LOG_QUERY_PAGE_SIZE];

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
    const page = Math.floor(VIEWPORT_HEIGHT / ROW_HEIGHT) - 1;
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      j: active + 1,
      ArrowUp: active - 1,
      k: active - 1,
      PageDown: active + page,
      PageUp: active - page,
      Home: 0,
      End: (total ?? 1) - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      moveTo(target);
    } else if ((event.key === " " || event.key === "x") && addToSet) {
      event.preventDefault();
      const row = rowAt(active);
      if (row) toggle(row);
    }
  }

  const selectable = addToSet !== undefined;
  const columns = [
    selectable ? "2rem" : null,
    "minmax(0,1fr)",
    "15rem",
    "5.5rem",
    "5.5rem",
    showSeen ? "11rem" : null,
  ]
    .filter(Boolean)
    .join(" ");
  const rows = [];
  for (let index = range.first; index <= range.last; index++) {
    const row = rowAt(index);
    rows.push(
      <LogQueryRowView
        key={index}
        index={index}
        row={row}
        top={index * ROW_HEIGHT}
        height={ROW_HEIGHT}
        columns={columns}
        active={index === active}
        selectable={selectable}
        showSeen={showSeen}
        checked={row ? selected.has(row.id) : false}
        onToggle={toggle}
        onActivate={setActive}
      />,
    );
  }

  return (
    <div data-testid="log-query-table">
      <search className="flex flex-wrap items-center gap-2 border-zinc-100 border-b px-4 py-2.5">
        <label htmlFor="log-query-search" className="sr-only">
          Search queries
        </label>
        <Input
          id="log-query-search"
          type="search"
          value={searchInput}
          onChange={(event) => setSearchInput(event.target.value)}
          placeholder="Search queries…"
          className="max-w-xs"
          data-testid="log-query-search"
        />
        <ClassFilterChips
          options={classes}
          value={filter.queryClass}
          onChange={(queryClass) => applyFilter({ ...filter, queryClass })}
        />
        <span className="ml-auto text-xs text-zinc-500 tabular-nums" data-testid="log-query-total">
          {total === null ? "Loading…" : `${total.toLocaleString("en")} ${total === 1 ? "query" : "queries"}`}
          {" · most frequent in this log first"}
        </span>
      </search>
      {addToSet ? <AddToSetBar {...addToSet} selectedIds={selectedIds} onClear={clearSelection} /> : null}
      {error ? (
        <Alert tone="error" className="mx-4 my-2">
          {error}
        </Alert>
      ) : null}
      <div
        ref={viewport}
        onScroll={(event) => setScrollTop(Math.max(0, event.currentTarget.scrollTop - HEADER_HEIGHT))}
        className="relative overflow-y-auto"
        style={{
          height: HEADER_HEIGHT + Math.max(2, Math.min(total ?? VIEWPORT_ROWS, VIEWPORT_ROWS)) * ROW_HEIGHT,
        }}
        data-testid="log-query-viewport"
      >
        <table
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a data grid that takes the arrow keys (WAI-ARIA grid pattern)
          role="grid"
          tabIndex={0}
          onKeyDown={onKeyDown}
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
              <th
                scope="col"
                className="px-2 text-right font-medium"
                title="Lines with this query in this log"
              >
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
        {total === 0 ? (
          <p className="py-3 text-center text-xs text-zinc-500">
            No query matches
            {filter.search ? ` “${filter.search}”` : ""}
            {filter.queryClass ? ` in class ${classLabel(filter.queryClass).label}` : ""}.
          </p>
        ) : null}
      </div>
      <p className="border-zinc-100 border-t px-4 py-1.5 text-[11px] text-zinc-400">
        ↑/↓ or j/k to move{selectable ? ", space or x to check a row" : ""}. Search matches the normalized
        text.
      </p>
    </div>
  );
}
