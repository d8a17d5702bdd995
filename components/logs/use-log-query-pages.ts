"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { LOG_QUERY_PAGE_SIZE, type LogQueryPage, type LogQueryRow } from "@/lib/logs/log-queries-schema";
import {
  filterKeyOf,
  HEADER_HEIGHT,
  type LogQueryFilter,
  NO_FILTER,
  OVERSCAN,
  queryPageUrl,
  ROW_HEIGHT,
  rowAt,
  VIEWPORT_HEIGHT,
} from "./log-query-grid";
import { pagesOf, visibleWindow } from "./virtual-window";

type Loaded = { key: string; total: number | null; pages: Map<number, LogQueryRow[]> };

/**
 * The log's queries under a filter, a page of LOG_QUERY_PAGE_SIZE rows at a time: the pages the
 * scrolled viewport shows are fetched from /api/logs/[id]/queries as they come into view, and a
 * new filter starts from an empty cache at the top, aborting the old filter's requests.
 */
export function useLogQueryPages(options: { logId: string; initialPage: LogQueryPage }) {
  const { logId, initialPage } = options;
  const [filter, setFilter] = useState<LogQueryFilter>(NO_FILTER);
  const [loaded, setLoaded] = useState<Loaded>(() => ({
    key: filterKeyOf(NO_FILTER),
    total: initialPage.total,
    pages: new Map([[0, initialPage.rows]]),
  }));
  const [error, setError] = useState<string | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const viewport = useRef<HTMLDivElement>(null);
  const loadedRef = useRef(loaded);
  loadedRef.current = loaded;
  const requested = useRef(new Set<string>());
  const inFlight = useRef<{ key: string; controller: AbortController } | null>(null);
  const filterKey = filterKeyOf(filter);

  // State changes together: one render.
  const applyFilter = useCallback((next: LogQueryFilter) => {
    const key = filterKeyOf(next);
    requested.current.clear();
    setFilter(next);
    setLoaded((previous) => (previous.key === key ? previous : { key, total: null, pages: new Map() }));
    setScrollTop(0);
    if (viewport.current) viewport.current.scrollTop = 0;
  }, []);

  const total = loaded.total;
  const range = visibleWindow({
    scrollTop,
    viewportHeight: VIEWPORT_HEIGHT,
    rowHeight: ROW_HEIGHT,
    total: total ?? 0,
    overscan: OVERSCAN,
  });
  const neededPages = pagesOf(range, LOG_QUERY_PAGE_SIZE).join(",");

  const { search, queryClass } = filter;
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
      fetch(queryPageUrl(logId, page, { search, queryClass }), { signal })
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
  }, [filterKey, neededPages, logId, search, queryClass]);

  useEffect(() => () => inFlight.current?.controller.abort(), []);

  /** The viewport's scroll handler: the rows' offset below the sticky header. */
  const onScroll = useCallback(
    (element: HTMLDivElement) => setScrollTop(Math.max(0, element.scrollTop - HEADER_HEIGHT)),
    [],
  );

  return {
    filter,
    applyFilter,
    /** rows matching the filter; null until the first page for it arrives */
    total,
    /** the rows to render (inclusive), overscan included */
    range,
    rowAt: (index: number) => rowAt(loaded.pages, index),
    error,
    viewport,
    onScroll,
  };
}
