import { describe, expect, it } from "vitest";
import type { LogQueryRow } from "@/lib/logs/log-queries-schema";
import {
  describeTotal,
  filterKeyOf,
  gridColumns,
  HEADER_HEIGHT,
  keyAction,
  NO_FILTER,
  noMatchMessage,
  queryPageUrl,
  ROW_HEIGHT,
  rowAt,
  viewportHeight,
} from "./log-query-grid";

const row = (id: string): LogQueryRow => ({
  id,
  display: id,
  normalized: id,
  countInLog: 1,
  frequency: 1,
  classes: [],
  firstSeen: null,
  lastSeen: null,
  variantCount: 1,
});

describe("queryPageUrl and filterKeyOf", () => {
  it("asks for a page of rows under the filter, and keys the cache by filter", () => {
    expect(queryPageUrl("log1", 0, NO_FILTER)).toBe("/api/logs/log1/queries?offset=0&limit=200");
    expect(queryPageUrl("log1", 2, { search: "reset pw", queryClass: "error-code" })).toBe(
      "/api/logs/log1/queries?offset=400&limit=200&search=reset+pw&class=error-code",
    );
    expect(filterKeyOf({ search: "a", queryClass: null })).not.toBe(
      filterKeyOf({ search: "", queryClass: "a" }),
    );
  });
});

describe("rowAt", () => {
  it("finds a row in its page, undefined while the page loads", () => {
    const pages = new Map([[1, [row("a"), row("b")]]]);
    expect(rowAt(pages, 201)?.id).toBe("b");
    expect(rowAt(pages, 0)).toBeUndefined();
    expect(rowAt(pages, 205)).toBeUndefined();
  });
});

describe("keyAction", () => {
  const at = { active: 20, total: 1000, selectable: true };
  it("moves by a row, a viewport less one row, or to either end", () => {
    expect(keyAction("ArrowDown", at)).toBe(21);
    expect(keyAction("j", at)).toBe(21);
    expect(keyAction("k", at)).toBe(19);
    expect(keyAction("PageDown", at)).toBe(35);
    expect(keyAction("PageUp", at)).toBe(5);
    expect(keyAction("Home", at)).toBe(0);
    expect(keyAction("End", at)).toBe(999);
    expect(keyAction("End", { ...at, total: null })).toBe(0);
  });

  it("checks a row with space or x only when rows can be checked", () => {
    expect(keyAction(" ", at)).toBe("toggle");
    expect(keyAction("x", at)).toBe("toggle");
    expect(keyAction("x", { ...at, selectable: false })).toBeNull();
    expect(keyAction("a", at)).toBeNull();
    expect(keyAction("toString", at)).toBeNull();
  });
});

describe("layout and words", () => {
  it("columns for the checkbox and the seen dates only when shown", () => {
    expect(gridColumns({ selectable: false, showSeen: false })).toBe("minmax(0,1fr) 15rem 5.5rem 5.5rem");
    expect(gridColumns({ selectable: true, showSeen: true })).toBe(
      "2rem minmax(0,1fr) 15rem 5.5rem 5.5rem 11rem",
    );
  });

  it("a viewport of 2 to 16 rows under the header", () => {
    expect(viewportHeight(0)).toBe(HEADER_HEIGHT + 2 * ROW_HEIGHT);
    expect(viewportHeight(5)).toBe(HEADER_HEIGHT + 5 * ROW_HEIGHT);
    expect(viewportHeight(null)).toBe(HEADER_HEIGHT + 16 * ROW_HEIGHT);
    expect(viewportHeight(100_000)).toBe(HEADER_HEIGHT + 16 * ROW_HEIGHT);
  });

  it("counts and empty states", () => {
    expect(describeTotal(null)).toBe("Loading…");
    expect(describeTotal(1)).toBe("1 query");
    expect(describeTotal(12_345)).toBe("12,345 queries");
    expect(noMatchMessage(NO_FILTER)).toBe("No query matches.");
    expect(noMatchMessage({ search: "", queryClass: "error-code" })).toBe(
      "No query matches in class Error code.",
    );
    expect(noMatchMessage({ search: "reset", queryClass: "made-up" })).toBe(
      "No query matches “reset” in class made-up.",
    );
  });
});
