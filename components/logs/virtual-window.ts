/**
 * Which rows of a fixed-row-height list to render: the rows in the viewport plus `overscan`
 * on each side, clamped to [0, total). `last` is inclusive; an empty list gives first > last.
 */
export function visibleWindow(options: {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  total: number;
  overscan: number;
}): { first: number; last: number } {
  const { scrollTop, viewportHeight, rowHeight, total, overscan } = options;
  if (total <= 0) return { first: 0, last: -1 };
  const top = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const bottom = Math.ceil((Math.max(0, scrollTop) + viewportHeight) / rowHeight) - 1;
  return {
    first: Math.min(total - 1, Math.max(0, top - overscan)),
    last: Math.min(total - 1, bottom + overscan),
  };
}

/** The pages (of `pageSize` rows) that hold rows first..last. */
export function pagesOf(window: { first: number; last: number }, pageSize: number): number[] {
  if (window.last < window.first) return [0];
  const pages: number[] = [];
  for (let page = Math.floor(window.first / pageSize); page <= Math.floor(window.last / pageSize); page++)
    pages.push(page);
  return pages;
}

/** The scrollTop that brings row `index` into view, or the current one if it is already visible. */
export function scrollToRow(options: {
  index: number;
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
}): number {
  const { index, scrollTop, viewportHeight, rowHeight } = options;
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewportHeight) return top + rowHeight - viewportHeight;
  return scrollTop;
}
