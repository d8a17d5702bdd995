import { describe, expect, it } from "vitest";
import type { Hole } from "@/lib/labeling/list-holes";
import { holeAfter, holeIndex } from "@/lib/labeling/walk-holes";

const hole = (queryId: string, documentId: string, start = 0): Hole => ({
  queryId,
  documentId,
  start,
  end: start + 100,
  wholeDocument: false,
  runs: [{ runId: "r", rank: 1 }],
});
const ref = (entry: Hole) => ({
  queryId: entry.queryId,
  documentId: entry.documentId,
  start: entry.start,
  end: entry.end,
});
const queryOrder = ["q1", "q2", "q3"];
const holes = [hole("q1", "a"), hole("q1", "b"), hole("q2", "a"), hole("q3", "c")];

describe("holeAfter", () => {
  it("walks forward from an open hole and wraps round", () => {
    expect(holeAfter({ holes, current: null, queryOrder })).toBe(holes[0]);
    expect(holeAfter({ holes, current: ref(holes[1]!), queryOrder })).toBe(holes[2]);
    expect(holeAfter({ holes, current: ref(holes[3]!), queryOrder })).toBe(holes[0]);
  });

  it("after a judged hole goes on with the same query, then the next", () => {
    const judged = hole("q1", "a");
    const remaining = holes.slice(1);
    expect(holeAfter({ holes: remaining, current: ref(judged), queryOrder })).toBe(holes[1]);
    const lastOfQ2 = hole("q2", "a");
    expect(holeAfter({ holes: [holes[0]!, holes[3]!], current: ref(lastOfQ2), queryOrder })).toBe(holes[3]);
  });

  it("skips holes of locked queries and ends when no other hole is left", () => {
    const skip = (entry: Hole) => entry.queryId === "q2";
    expect(holeAfter({ holes, current: ref(holes[1]!), queryOrder, skip })).toBe(holes[3]);
    expect(holeAfter({ holes: [holes[0]!], current: ref(holes[0]!), queryOrder })).toBeNull();
    expect(holeAfter({ holes: [], current: null, queryOrder })).toBeNull();
  });
});

describe("holeIndex", () => {
  it("finds an open hole and answers null once it is judged", () => {
    expect(holeIndex(holes, ref(holes[2]!))).toBe(2);
    expect(holeIndex(holes, ref(hole("q9", "x")))).toBeNull();
    expect(holeIndex(holes, null)).toBeNull();
  });
});
