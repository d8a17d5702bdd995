import { describe, expect, it } from "vitest";
import { comparisonHref, parseComparisonParams } from "./comparison-params";

describe("parseComparisonParams", () => {
  it("reads the state from the URL, runs as a comma list or repeated, in order, without repeats", () => {
    expect(
      parseComparisonParams({
        baseline: "b",
        runs: "r1,r2, r1 ,,r3",
        test: "t-test",
        query: "q",
        against: "r2",
      }),
    ).toEqual({
      baseline: "b",
      runs: ["r1", "r2", "r3"],
      test: "t-test",
      query: "q",
      against: "r2",
      archived: false,
      measure: undefined,
      outcome: undefined,
      queryClass: undefined,
      tag: undefined,
      minChange: 0,
      sort: "largest-change",
    });
    expect(parseComparisonParams({ runs: ["r1", "r2,r3"], archived: "1" })).toMatchObject({
      baseline: undefined,
      runs: ["r1", "r2", "r3"],
      archived: true,
    });
  });

  it("falls back to defaults for what it cannot read, instead of failing the page", () => {
    expect(
      parseComparisonParams({
        test: "bogus",
        baseline: "  ",
        archived: "yes",
        outcome: "draw",
        min: "0.3",
        sort: "random",
      }),
    ).toEqual({
      baseline: undefined,
      runs: [],
      test: "randomization",
      query: undefined,
      against: undefined,
      archived: false,
      measure: undefined,
      outcome: undefined,
      queryClass: undefined,
      tag: undefined,
      minChange: 0,
      sort: "largest-change",
    });
  });
});

describe("comparisonHref", () => {
  it("writes the state back, leaving defaults out, so a link reopens the same view", () => {
    const state = {
      baseline: "b",
      runs: ["r1", "r2"],
      test: "t-test" as const,
      query: "q",
      against: "r2",
      archived: true,
      measure: "mrr",
      outcome: "loss" as const,
      queryClass: "error-code",
      tag: "billing",
      minChange: 0.25,
      sort: "biggest-loss" as const,
    };
    const href = comparisonHref("set 1", state);
    expect(href).toBe(
      "/sets/set%201/compare?baseline=b&runs=r1,r2&test=t-test&query=q&against=r2&archived=1&measure=mrr&outcome=loss&class=error-code&tag=billing&min=0.25&sort=biggest-loss",
    );
    const search = Object.fromEntries(new URL(href, "http://x").searchParams);
    expect(parseComparisonParams(search)).toEqual(state);
    expect(
      comparisonHref("s", {
        test: "randomization",
        runs: [],
        archived: false,
        minChange: 0,
        sort: "largest-change",
      }),
    ).toBe("/sets/s/compare");
  });
});
