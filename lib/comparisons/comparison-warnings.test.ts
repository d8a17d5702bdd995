import { describe, expect, it } from "vitest";
import { comparisonWarnings, type RunFacts, sweepTextPerResultWarning } from "./comparison-warnings";

const baseline: RunFacts = {
  name: "BM25",
  topK: 20,
  setVersion: 3,
  resolution: { orphaned: 1, split: 2, exact: 40 },
  judgedAt10: 0.9,
  meanResultChars: 400,
};
const kinds = (options: Partial<Parameters<typeof comparisonWarnings>[0]>) =>
  comparisonWarnings({
    baseline,
    run: { ...baseline, name: "Hybrid" },
    changes: [],
    sharedQueries: 72,
    ...options,
  }).map((warning) => warning.kind);

describe("comparisonWarnings", () => {
  it("says nothing when the runs differ in one setting on the same labels and enough queries", () => {
    expect(kinds({ changes: [{ path: "retriever", before: {}, after: {} }] })).toEqual([]);
  });

  it("warns when k differs", () => {
    const warnings = comparisonWarnings({
      baseline,
      run: { ...baseline, name: "Hybrid", topK: 10 },
      changes: [{ path: "topK", before: 20, after: 10 }],
      sharedQueries: 72,
    });
    expect(warnings.map((warning) => warning.kind)).toEqual(["top-k"]);
    expect(warnings[0]?.message).toContain("top 10");
  });

  it("warns when more than one setting changed, naming them (k has its own warning)", () => {
    const changes = [
      { path: "chunking.size", before: 400, after: 200 },
      { path: "chunking.overlap", before: 80, after: 40 },
    ];
    const [warning] = comparisonWarnings({
      baseline,
      run: { ...baseline, name: "Small" },
      changes,
      sharedQueries: 72,
    });
    expect(warning?.kind).toBe("several-changes");
    expect(warning?.message).toContain("chunking.size, chunking.overlap");
    expect(warning?.message).toContain("change one thing at a time");
    expect(kinds({ changes: [changes[0]!, { path: "topK", before: 20, after: 10 }] })).toEqual([]);
  });

  it("warns when the set versions differ, with the number of queries both evaluated", () => {
    const warnings = comparisonWarnings({
      baseline,
      run: { ...baseline, name: "New", setVersion: 4 },
      changes: [],
      sharedQueries: 61,
    });
    expect(warnings.map((warning) => warning.kind)).toEqual(["set-version"]);
    expect(warnings[0]?.message).toContain("61 queries both evaluated");
  });

  it("warns when fewer than 30 queries back the numbers", () => {
    expect(kinds({ sharedQueries: 29 })).toEqual(["few-queries"]);
    expect(kinds({ sharedQueries: 30 })).toEqual([]);
  });

  it("warns when labels resolved differently (orphaned or split counts), not on other states", () => {
    const warnings = comparisonWarnings({
      baseline,
      run: { ...baseline, name: "Chunks", resolution: { orphaned: 1, split: 5, exact: 38, relocated: 2 } },
      changes: [],
      sharedQueries: 72,
    });
    expect(warnings.map((warning) => warning.kind)).toEqual(["label-resolution"]);
    expect(warnings[0]?.message).toContain("2 → 5 split");
    expect(
      kinds({ run: { ...baseline, resolution: { orphaned: 1, split: 2, exact: 30, fuzzy: 10 } } }),
    ).toEqual([]);
    expect(kinds({ run: { ...baseline, resolution: null } })).toEqual([]);
  });

  it("warns when the run's top 10 is judged markedly less than the baseline's", () => {
    expect(kinds({ run: { ...baseline, name: "Hybrid", judgedAt10: 0.86 } })).toEqual([]);
    expect(kinds({ run: { ...baseline, name: "Hybrid", judgedAt10: 0.85 } })).toEqual(["judged"]);
    const [warning] = comparisonWarnings({
      baseline,
      run: { ...baseline, name: "Hybrid", judgedAt10: 0.62 },
      changes: [],
      sharedQueries: 72,
    });
    expect(warning?.message).toContain("Hybrid has 62% of its top 10 judged, the baseline 90%");
    // A run stored before judged@k existed says nothing either way.
    expect(kinds({ run: { ...baseline, name: "Hybrid", judgedAt10: null } })).toEqual([]);
  });

  it("warns when text per result differs by more than a quarter, and says by how much", () => {
    expect(kinds({ run: { ...baseline, name: "Big chunks", meanResultChars: 500 } })).toEqual([]);
    const warnings = comparisonWarnings({
      baseline,
      run: { ...baseline, name: "Big chunks", meanResultChars: 800 },
      changes: [],
      sharedQueries: 72,
    });
    expect(warnings.map((warning) => warning.kind)).toEqual(["text-per-result"]);
    expect(warnings[0]?.message).toContain(
      "Big chunks returns 800 characters per result, the baseline 400 (+100%)",
    );
    expect(kinds({ run: { ...baseline, meanResultChars: 290 } })).toEqual(["text-per-result"]);
    expect(kinds({ run: { ...baseline, meanResultChars: null } })).toEqual([]);
  });
});

describe("sweepTextPerResultWarning", () => {
  it("warns when the points' text per result spans more than a quarter of the smallest", () => {
    expect(sweepTextPerResultWarning([400, 480, null])).toBeNull();
    expect(sweepTextPerResultWarning([400])).toBeNull();
    expect(sweepTextPerResultWarning([null, 0, 800])).toBeNull();
    expect(sweepTextPerResultWarning([400, 800, 600])?.message).toContain(
      "from 400 to 800 characters per result",
    );
  });
});
