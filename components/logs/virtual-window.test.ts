import { describe, expect, it } from "vitest";
import { pagesOf, scrollToRow, visibleWindow } from "./virtual-window";

describe("visibleWindow", () => {
  const base = { viewportHeight: 360, rowHeight: 36, overscan: 5 };

  it("renders the visible rows plus the overscan, clamped to the list", () => {
    expect(visibleWindow({ ...base, scrollTop: 0, total: 100_000 })).toEqual({ first: 0, last: 14 });
    expect(visibleWindow({ ...base, scrollTop: 36 * 50_000 + 10, total: 100_000 })).toEqual({
      first: 49_995,
      last: 50_015,
    });
    expect(visibleWindow({ ...base, scrollTop: 36 * 99_995, total: 100_000 })).toEqual({
      first: 99_990,
      last: 99_999,
    });
    expect(visibleWindow({ ...base, scrollTop: 0, total: 0 })).toEqual({ first: 0, last: -1 });
  });
});

describe("pagesOf", () => {
  it("lists the pages a window spans", () => {
    expect(pagesOf({ first: 190, last: 410 }, 200)).toEqual([0, 1, 2]);
    expect(pagesOf({ first: 0, last: -1 }, 200)).toEqual([0]);
  });
});

describe("scrollToRow", () => {
  const base = { viewportHeight: 360, rowHeight: 36 };
  it("scrolls just enough to show the row", () => {
    expect(scrollToRow({ ...base, index: 3, scrollTop: 0 })).toBe(0);
    expect(scrollToRow({ ...base, index: 10, scrollTop: 0 })).toBe(36);
    expect(scrollToRow({ ...base, index: 2, scrollTop: 200 })).toBe(72);
  });
});
