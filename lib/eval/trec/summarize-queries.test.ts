import { describe, expect, it } from "vitest";
import { summarizeQueries } from "@/lib/eval/trec/summarize-queries";

const names = ["num_q", "num_ret", "num_rel", "num_rel_ret", "map", "P_5"];
const perQuery = [Float64Array.from([1, 10, 3, 2, 0.5, 0.4]), Float64Array.from([1, 5, 0, 0, 0, 0])];

describe("summarizeQueries", () => {
  it("sums the counts and averages the rest over the evaluated queries", () => {
    const summary = summarizeQueries({
      perQuery,
      names,
      averageOverAllQrels: false,
      qrelsQueryCount: 4,
      qrelsPositiveGradeCount: 9,
    });
    expect([...summary]).toEqual([2, 15, 3, 2, 0.25, 0.2]);
  });

  it("-c: averages over every qrels query and counts every positive grade as num_rel", () => {
    const summary = summarizeQueries({
      perQuery,
      names,
      averageOverAllQrels: true,
      qrelsQueryCount: 4,
      qrelsPositiveGradeCount: 9,
    });
    expect([...summary]).toEqual([4, 15, 9, 2, 0.125, 0.1]);
  });

  it("adds the queries up in the given order (float sums depend on it)", () => {
    const values = [0.1, 0.2, 0.3].map((value) => Float64Array.from([value]));
    const summary = summarizeQueries({
      perQuery: values,
      names: ["map"],
      averageOverAllQrels: false,
      qrelsQueryCount: 3,
      qrelsPositiveGradeCount: 0,
    });
    expect(summary[0]).toBe((0.1 + 0.2 + 0.3) / 3);
  });
});
