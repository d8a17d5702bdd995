import { LOG_QUERY_PAGE_SIZE, type LogQueryRow } from "@/lib/logs/log-queries-schema";
import { classLabel } from "./class-labels";

// The log's query table as data: its layout, which rows a key moves to, where a page of rows is
// fetched from, what its header and empty state say. The components render these.

/** Fixed row height (px): windowing needs it, and it keeps a 10⁵-row scroll smooth. */
export const ROW_HEIGHT = 36;
const VIEWPORT_ROWS = 16;
export const VIEWPORT_HEIGHT = ROW_HEIGHT * VIEWPORT_ROWS;
export const HEADER_HEIGHT = 32;
/** rows rendered above and below the viewport */
export const OVERSCAN = 10;

/** The table's filter: a search text ("" = none) and a query class (null = all). */
export type LogQueryFilter = { search: string; queryClass: string | null };
export const NO_FILTER: LogQueryFilter = { search: "", queryClass: null };

/** One cache key per filter: pages loaded for another filter are dropped. */
export const filterKeyOf = (filter: LogQueryFilter) => JSON.stringify([filter.search, filter.queryClass]);

/** GET /api/logs/[id]/queries for page `page` (of LOG_QUERY_PAGE_SIZE rows) under the filter. */
export function queryPageUrl(logId: string, page: number, filter: LogQueryFilter): string {
  const params = new URLSearchParams({
    offset: String(page * LOG_QUERY_PAGE_SIZE),
    limit: String(LOG_QUERY_PAGE_SIZE),
  });
  if (filter.search) params.set("search", filter.search);
  if (filter.queryClass) params.set("class", filter.queryClass);
  return `/api/logs/${logId}/queries?${params}`;
}

/** Row `index` of the list from the loaded pages; undefined while its page loads. */
export function rowAt(
  pages: ReadonlyMap<number, readonly LogQueryRow[]>,
  index: number,
): LogQueryRow | undefined {
  return pages.get(Math.floor(index / LOG_QUERY_PAGE_SIZE))?.[index % LOG_QUERY_PAGE_SIZE];
}

/**
 * What a key does in the grid: the row index it moves to (unclamped: ↓/j, ↑/k, PageDown/PageUp by
 * a viewport less one row, Home, End), "toggle" for space or x when rows can be checked, or null.
 */
export function keyAction(
  key: string,
  options: { active: number; total: number | null; selectable: boolean },
): number | "toggle" | null {
  const { active } = options;
  const page = Math.floor(VIEWPORT_HEIGHT / ROW_HEIGHT) - 1;
  const moves: Record<string, number> = {
    ArrowDown: active + 1,
    j: active + 1,
    ArrowUp: active - 1,
    k: active - 1,
    PageDown: active + page,
    PageUp: active - page,
    Home: 0,
    End: (options.total ?? 1) - 1,
  };
  if (Object.hasOwn(moves, key)) return moves[key] ?? null;
  return (key === " " || key === "x") && options.selectable ? "toggle" : null;
}

/** CSS grid-template-columns shared by the header and the rows. */
export function gridColumns(options: { selectable: boolean; showSeen: boolean }): string {
  return [
    options.selectable ? "2rem" : null,
    "minmax(0,1fr)",
    "15rem",
    "5.5rem",
    "5.5rem",
    options.showSeen ? "11rem" : null,
  ]
    .filter(Boolean)
    .join(" ");
}

/** "Loading…", "1 query", "12,345 queries". */
export function describeTotal(total: number | null): string {
  if (total === null) return "Loading…";
  return `${total.toLocaleString("en")} ${total === 1 ? "query" : "queries"}`;
}

/** "No query matches “reset” in class Error code." */
export function noMatchMessage(filter: LogQueryFilter): string {
  const search = filter.search ? ` “${filter.search}”` : "";
  const inClass = filter.queryClass ? ` in class ${classLabel(filter.queryClass).label}` : "";
  return `No query matches${search}${inClass}.`;
}

/** Height (px) of the scrolling viewport: the header and 2 to VIEWPORT_ROWS rows. */
export function viewportHeight(total: number | null): number {
  return HEADER_HEIGHT + Math.max(2, Math.min(total ?? VIEWPORT_ROWS, VIEWPORT_ROWS)) * ROW_HEIGHT;
}
