import { describe, expect, it } from "vitest";
import { comparisonWarnings, countSettingChanges } from "./comparison-warnings";

const same = { setVersion: 2, mode: "label", coverage: 1 };

describe("comparisonWarnings", () => {
  it("says nothing for one change on the same set version with enough queries", () => {
    expect(
      comparisonWarnings({
        changes: [{ path: "chunking.size", before: 400, after: 800 }],
        run: same,
        against: same,
        sharedQueries: 40,
      }),
    ).toEqual([]);
  });

  it("warns when k differs, several settings changed, versions or scoring differ, and queries are few", () => {
    const warnings = comparisonWarnings({
      changes: [
        { path: "topK", before: 10, after: 20 },
        { path: "chunking.size", before: 400, after: 800 },
      ],
      run: same,
      against: { setVersion: 1, mode: "label", coverage: 0.5 },
      sharedQueries: 1,
    });
    expect(warnings).toEqual([
      "k differs (top 10 there, 20 here): fix k to compare rankings.",
      "2 settings changed: a difference cannot be put down to one of them. Change one thing at a time.",
      "Different golden-set versions (v2 here, v1 there): the deltas use the 1 query both evaluated.",
      "Scored differently (label, coverage θ 1 here; label, θ 0.5 there): labels count differently.",
      "Only 1 shared query (fewer than 30): differences of a few points are noise.",
    ]);
  });
});

describe("countSettingChanges", () => {
  it("counts a switched retriever kind once, with the parameters that came with it", () => {
    const changes = [
      { path: "retriever.kind", before: "bm25", after: "hybrid" },
      { path: "retriever.k1", before: 0.9, after: undefined },
      { path: "retriever.sparse.k1", before: undefined, after: 0.9 },
      { path: "retriever.dense.provider.kind", before: undefined, after: "builtin-lsa" },
    ];
    expect(countSettingChanges(changes)).toBe(1);
    expect(countSettingChanges([...changes, { path: "topK", before: 10, after: 20 }])).toBe(2);
    expect(
      countSettingChanges([
        { path: "retriever.k1", before: 0.9, after: 1.2 },
        { path: "retriever.b", before: 0.4, after: 0.75 },
      ]),
    ).toBe(2);
  });
});
