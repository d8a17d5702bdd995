import { describe, expect, it } from "vitest";
import type { EvalLabel } from "@/lib/eval/label-metrics";
import { type HoleResult, type HoleRun, holeKey, listHoles } from "@/lib/labeling/list-holes";

/** A label as evaluation scores it; an orphaned one (no place to score) is no label at all. */
function label(id: string, grade: number, scored: Omit<EvalLabel, "id" | "grade"> | null): EvalLabel[] {
  return scored ? [{ id, grade, ...scored }] : [];
}

const result = (queryId: string, rank: number, documentId: string, start: number): HoleResult => ({
  queryId,
  rank,
  documentId,
  start,
  end: start + 100,
});

const labelRun: HoleRun = {
  id: "run-label",
  mode: "label",
  coverage: 1,
  results: [
    result("q1", 2, "d1", 100),
    result("q1", 1, "d1", 0),
    result("q1", 3, "d2", 0),
    result("q1", 4, "d3", 0), // beyond k = 3
    result("q2", 1, "d1", 0),
  ],
};

describe("listHoles", () => {
  it("counts a query with a relevant judgment the run found nothing for, as evaluation does", () => {
    const labelsByQuery = new Map([
      ["q1", label("q1#0", 2, { documentId: "d3", span: null })],
      ["q5", label("q5#0", 1, { documentId: "d9", span: null })], // no results: judged@3 = 0
      ["q6", label("q6#0", 0, { documentId: "d9", span: null })], // not relevant: left out
    ]);
    const { runs } = listHoles({
      runs: [labelRun],
      labelsByQuery,
      k: 3,
      relevantThreshold: 1,
      queryOrder: ["q1", "q2", "q5", "q6"],
    });
    expect(runs[0]).toMatchObject({ queries: 2, judged: 0 });
  });

  it("lists the top-k results no judgment of any grade covers, and judged@k with them", () => {
    const labelsByQuery = new Map([
      [
        "q1",
        [
          // grade 0 is a judgment: d1 0–100 is seen and rejected
          ...label("q1#0", 0, { documentId: "d1", span: { start: 10, end: 40 } }),
          // relevant, but ranked below k: q1 is evaluated, judged@3 = 1/3
          ...label("q1#1", 2, { documentId: "d3", span: null }),
        ],
      ],
    ]);
    const { holes, runs } = listHoles({
      runs: [labelRun],
      labelsByQuery,
      k: 3,
      relevantThreshold: 1,
      queryOrder: ["q1", "q2"],
    });
    expect(holes.map(holeKey)).toEqual(["q1|d1|100-200", "q1|d2|0-100", "q2|d1|0-100"]);
    expect(holes[0]?.runs).toEqual([{ runId: "run-label", rank: 2 }]);
    // q2 has no relevant judgment: evaluation leaves it out of the means, and so does judged@k now
    expect(runs).toEqual([{ runId: "run-label", queries: 1, judged: 1 / 3, holes: 3 }]);
  });

  it("applies the run's coverage rule: a quote straddling two chunks covers neither at θ = 1", () => {
    const straddling = new Map([
      ["q2", label("q2#0", 2, { documentId: "d1", span: { start: 80, end: 120 } })],
    ]);
    const strict = listHoles({
      runs: [{ ...labelRun, results: [result("q2", 1, "d1", 0)] }],
      labelsByQuery: straddling,
      k: 10,
      relevantThreshold: 1,
      queryOrder: [],
    });
    expect(strict.holes).toHaveLength(1);
    const relaxed = listHoles({
      runs: [{ ...labelRun, coverage: 0.5, results: [result("q2", 1, "d1", 0)] }],
      labelsByQuery: straddling,
      k: 10,
      relevantThreshold: 1,
      queryOrder: [],
    });
    expect(relaxed.holes).toHaveLength(0);
    expect(relaxed.runs[0]?.judged).toBe(1);
  });

  it("in document mode judges documents: the top k documents, any label on one covers it", () => {
    const documentRun: HoleRun = {
      id: "run-document",
      mode: "document",
      coverage: 1,
      results: [
        result("q1", 1, "d1", 0),
        result("q1", 2, "d1", 300), // the same document again: not scored
        result("q1", 3, "d2", 0),
        result("q1", 4, "d3", 0),
      ],
    };
    const labelsByQuery = new Map([
      // a passage of d1 far from the ranked chunk: in document mode it judges all of d1
      ["q1", label("q1#0", 1, { documentId: "d1", span: { start: 900, end: 950 } })],
    ]);
    const { holes, runs } = listHoles({
      runs: [documentRun],
      labelsByQuery,
      k: 2,
      relevantThreshold: 1,
      queryOrder: ["q1"],
    });
    expect(holes.map(holeKey)).toEqual(["q1|d2|document"]);
    expect(holes[0]?.wholeDocument).toBe(true);
    expect(runs[0]).toMatchObject({ judged: 0.5, holes: 1, queries: 1 });
  });

  it("merges the same passage of several runs into one hole, and ignores orphaned labels", () => {
    const other: HoleRun = {
      id: "run-other",
      mode: "label",
      coverage: 1,
      results: [result("q2", 3, "d1", 0)],
    };
    const labelsByQuery = new Map([["q2", label("q2#0", 3, null)]]);
    const { holes, runs } = listHoles({
      runs: [labelRun, other],
      labelsByQuery,
      k: 3,
      relevantThreshold: 1,
      queryOrder: ["q2", "q1"],
    });
    const shared = holes.find((hole) => holeKey(hole) === "q2|d1|0-100");
    expect(shared?.runs).toEqual([
      { runId: "run-label", rank: 1 },
      { runId: "run-other", rank: 3 },
    ]);
    expect(holes[0]?.queryId).toBe("q2"); // set order first
    expect(runs.map((run) => run.holes)).toEqual([4, 1]);
  });
});
