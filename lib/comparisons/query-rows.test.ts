import { describe, expect, it } from "vitest";
import { type ComparisonQueryRow, countOutcomes, filterQueryRows, outcomeOf, queryDelta } from "./query-rows";

const row = (
  key: string,
  position: number,
  base: number | undefined,
  run: number | undefined,
  extra: Partial<ComparisonQueryRow> = {},
): ComparisonQueryRow => ({
  queryId: key,
  key,
  text: `query ${key}`,
  position,
  classes: [],
  tags: [],
  values: {
    ...(base === undefined ? {} : { base: { mrr: base } }),
    ...(run === undefined ? {} : { run: { mrr: run } }),
  },
  ...extra,
});

const rows = [
  row("a", 1, 0.5, 1, { classes: ["question"] }),
  row("b", 2, 1, 0.2, { tags: ["hard"] }),
  row("c", 3, 0.5, 0.5, { classes: ["question"] }),
  row("d", 4, 0, 0.1),
  row("e", 5, 0.3, undefined),
];
const base = { measure: "mrr", baselineId: "base", runId: "run" };
const keys = (entries: { row: ComparisonQueryRow }[]) => entries.map((entry) => entry.row.key);

describe("per-query rows", () => {
  it("computes each query's delta and outcome, null where a run has no value", () => {
    expect(queryDelta(rows[0]!, base)).toBe(0.5);
    expect(queryDelta(rows[4]!, base)).toBeNull();
    expect(outcomeOf(0.5)).toBe("win");
    expect(outcomeOf(-1e-12)).toBe("tie");
    expect(outcomeOf(-0.1)).toBe("loss");
    expect(countOutcomes(rows, base)).toEqual({ win: 2, loss: 1, tie: 1 });
  });

  it("sorts by the size of the change, biggest losses or wins first, or in set order", () => {
    expect(keys(filterQueryRows(rows, { ...base, sort: "largest-change" }))).toEqual([
      "b",
      "a",
      "d",
      "c",
      "e",
    ]);
    expect(keys(filterQueryRows(rows, { ...base, sort: "biggest-loss" }))).toEqual(["b", "c", "d", "a", "e"]);
    expect(keys(filterQueryRows(rows, { ...base, sort: "biggest-win" }))).toEqual(["a", "d", "c", "b", "e"]);
    expect(keys(filterQueryRows(rows, { ...base, sort: "set" }))).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("filters by class, tag, outcome and size of the change", () => {
    expect(keys(filterQueryRows(rows, { ...base, sort: "set", queryClass: "question" }))).toEqual(["a", "c"]);
    expect(keys(filterQueryRows(rows, { ...base, sort: "set", tag: "hard" }))).toEqual(["b"]);
    expect(keys(filterQueryRows(rows, { ...base, sort: "set", outcome: "win" }))).toEqual(["a", "d"]);
    expect(keys(filterQueryRows(rows, { ...base, sort: "set", outcome: "loss" }))).toEqual(["b"]);
    expect(keys(filterQueryRows(rows, { ...base, sort: "set", minChange: 0.25 }))).toEqual(["a", "b"]);
  });
});
