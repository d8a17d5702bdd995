import { describe, expect, it } from "vitest";
import { isFiltered, parseRunListParams, runListQuery } from "./run-list-params";

describe("parseRunListParams", () => {
  it("reads every filter from the URL", () => {
    const params = parseRunListParams({
      q: "  hybrid ",
      set: "set-1",
      kind: "hybrid",
      version: "3",
      status: "succeeded",
      tag: "candidate",
      archived: "1",
      page: "2",
    });
    expect(params).toEqual({
      search: "hybrid",
      page: 2,
      setId: "set-1",
      retrieverKind: "hybrid",
      setVersion: 3,
      status: "succeeded",
      tag: "candidate",
      showArchived: true,
    });
    expect(isFiltered(params)).toBe(true);
  });

  it("drops what it cannot read instead of failing the page", () => {
    const params = parseRunListParams({
      kind: "quantum",
      version: "0",
      status: "exploded",
      tag: "   ",
      archived: "nope",
      page: "-4",
      q: ["first", "second"],
    });
    expect(params).toEqual({
      search: "first",
      page: 1,
      setId: undefined,
      retrieverKind: undefined,
      setVersion: undefined,
      status: undefined,
      tag: undefined,
      showArchived: false,
    });
    expect(isFiltered(parseRunListParams({}))).toBe(false);
  });

  it("writes the filters back as URL values", () => {
    expect(
      runListQuery(parseRunListParams({ kind: "bm25", version: "2", archived: "1", page: "3" })),
    ).toEqual({
      q: undefined,
      set: undefined,
      kind: "bm25",
      version: "2",
      status: undefined,
      tag: undefined,
      archived: "1",
    });
  });
});
