import { describe, expect, it } from "vitest";
import { holesPool, judgingPool, type PoolResult } from "@/lib/judging/judging-pool";
import type { Hole } from "@/lib/labeling/list-holes";

function result(queryId: string, documentId: string, rank: number, start = 0, end = 10): PoolResult {
  return { queryId, documentId, rank, start, end };
}

/** The pool as "query:document" strings, in order. */
function keys(pairs: { queryId: string; documentId: string }[]) {
  return pairs.map((pair) => `${pair.queryId}:${pair.documentId}`);
}

describe("judgingPool", () => {
  it("cuts each run at the depth", () => {
    const results = [result("q1", "d1", 1), result("q1", "d2", 2), result("q1", "d3", 3)];
    const pool = judgingPool({
      queryIds: ["q1"],
      runs: [{ runId: "a", documentLevel: false, results }],
      depth: 2,
    });
    expect(keys(pool)).toEqual(["q1:d1", "q1:d2"]);
    expect(
      judgingPool({ queryIds: ["q1"], runs: [{ runId: "a", documentLevel: false, results }], depth: 0 }),
    ).toEqual([]);
  });

  it("merges duplicates across runs, keeping run order on equal ranks", () => {
    const pool = judgingPool({
      queryIds: ["q1"],
      runs: [
        { runId: "a", documentLevel: false, results: [result("q1", "d1", 1), result("q1", "d2", 2)] },
        { runId: "b", documentLevel: false, results: [result("q1", "d3", 1), result("q1", "d1", 2)] },
      ],
      depth: 10,
    });
    expect(keys(pool)).toEqual(["q1:d1", "q1:d3", "q1:d2"]);
    expect(pool[0]?.passages).toEqual([
      {
        start: 0,
        end: 10,
        wholeDocument: false,
        runs: [
          { runId: "a", rank: 1 },
          { runId: "b", rank: 2 },
        ],
      },
    ]);
  });

  it("pools a document-level run by document at its first rank, as export-run ranks it", () => {
    const results = [
      result("q1", "d1", 1, 0, 10),
      result("q1", "d1", 2, 10, 20),
      result("q1", "d2", 3, 40, 50),
      result("q1", "d3", 4),
    ];
    const pool = judgingPool({
      queryIds: ["q1"],
      runs: [{ runId: "a", documentLevel: true, results }],
      depth: 2,
    });
    // Depth counts documents: d1's second chunk takes no place, d2 is the second document.
    expect(keys(pool)).toEqual(["q1:d1", "q1:d2"]);
    expect(pool[0]?.passages).toEqual([
      { start: 0, end: 10, wholeDocument: true, runs: [{ runId: "a", rank: 1 }] },
    ]);
    expect(pool[1]?.passages).toEqual([
      { start: 40, end: 50, wholeDocument: true, runs: [{ runId: "a", rank: 2 }] },
    ]);
  });

  it("merges one document of two document-level runs into one passage, at the first run's chunk", () => {
    const pool = judgingPool({
      queryIds: ["q1"],
      runs: [
        { runId: "a", documentLevel: true, results: [result("q1", "d2", 1), result("q1", "d1", 2, 30, 40)] },
        {
          runId: "b",
          documentLevel: true,
          results: [result("q1", "d1", 1, 60, 70), result("q1", "d1", 2, 30, 40)],
        },
      ],
      depth: 5,
    });
    expect(keys(pool)).toEqual(["q1:d2", "q1:d1"]);
    expect(pool[1]?.passages).toEqual([
      {
        start: 30,
        end: 40,
        wholeDocument: true,
        runs: [
          { runId: "a", rank: 2 },
          { runId: "b", rank: 1 },
        ],
      },
    ]);
  });

  it("ignores queries outside the set and follows the set's query order", () => {
    const pool = judgingPool({
      queryIds: ["q2", "q1"],
      runs: [
        {
          runId: "a",
          documentLevel: false,
          results: [result("q1", "d1", 1), result("q9", "d9", 1), result("q2", "d2", 1)],
        },
      ],
      depth: 10,
    });
    expect(keys(pool)).toEqual(["q2:d2", "q1:d1"]);
  });

  it("keeps distinct passages of one document apart, best-ranked first", () => {
    const pool = judgingPool({
      queryIds: ["q1"],
      runs: [
        {
          runId: "a",
          documentLevel: false,
          results: [result("q1", "d1", 3, 50, 60), result("q1", "d1", 1, 0, 10)],
        },
        { runId: "b", documentLevel: false, results: [result("q1", "d1", 2, 50, 60)] },
        { runId: "c", documentLevel: true, results: [result("q1", "d1", 1, 0, 10)] },
      ],
      depth: 10,
    });
    expect(pool).toHaveLength(1);
    expect(pool[0]?.passages).toEqual([
      { start: 0, end: 10, wholeDocument: false, runs: [{ runId: "a", rank: 1 }] },
      { start: 0, end: 10, wholeDocument: true, runs: [{ runId: "c", rank: 1 }] },
      {
        start: 50,
        end: 60,
        wholeDocument: false,
        runs: [
          { runId: "a", rank: 3 },
          { runId: "b", rank: 2 },
        ],
      },
    ]);
  });

  it("gives an empty pool for an empty run and no runs", () => {
    expect(
      judgingPool({ queryIds: ["q1"], runs: [{ runId: "a", documentLevel: false, results: [] }], depth: 10 }),
    ).toEqual([]);
    expect(judgingPool({ queryIds: ["q1"], runs: [], depth: 10 })).toEqual([]);
  });
});

describe("holesPool", () => {
  const hole = (queryId: string, documentId: string, rank: number, over: Partial<Hole> = {}): Hole => ({
    queryId,
    documentId,
    start: 0,
    end: 10,
    wholeDocument: false,
    runs: [{ runId: "a", rank }],
    ...over,
  });

  it("pools holes by pair and passage, ignoring queries outside the set", () => {
    const pool = holesPool({
      queryIds: ["q1", "q2"],
      holes: [
        hole("q2", "d1", 1),
        hole("q1", "d2", 4),
        hole("q1", "d2", 2, { start: 20, end: 30 }),
        hole("q3", "d3", 1),
        hole("q1", "d4", 3, { wholeDocument: true }),
      ],
    });
    expect(keys(pool)).toEqual(["q1:d2", "q1:d4", "q2:d1"]);
    expect(pool[0]?.passages.map((p) => [p.start, p.end])).toEqual([
      [20, 30],
      [0, 10],
    ]);
    expect(pool[1]?.passages[0]?.wholeDocument).toBe(true);
  });

  it("gives an empty pool without holes", () => {
    expect(holesPool({ queryIds: ["q1"], holes: [] })).toEqual([]);
  });
});
