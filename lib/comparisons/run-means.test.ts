import { describe, expect, it } from "vitest";
import { bootstrapConfidenceInterval } from "@/lib/eval/statistics/bootstrap-confidence-interval";
import { meanOver, meansWithIntervals } from "./run-means";

const values = (rows: Record<string, Record<string, number>>) => new Map(Object.entries(rows));

describe("meansWithIntervals", () => {
  const a = values({ q1: { mrr: 1, ndcg: 0.5 }, q2: { mrr: 0.5, ndcg: 0.2 }, q3: { mrr: 0, ndcg: 0.9 } });
  const b = values({ q1: { mrr: 0.25, ndcg: 1 }, q2: { mrr: 1, ndcg: 0 }, q3: { mrr: 1, ndcg: 0.4 } });

  it("gives each run's mean and the interval bootstrapConfidenceInterval gives its series alone", () => {
    const result = meansWithIntervals({
      runs: [
        { id: "a", values: a },
        { id: "b", values: b },
      ],
      queryIds: ["q1", "q2", "q3"],
      measures: ["mrr", "ndcg"],
    });
    for (const [id, run] of [
      ["a", a],
      ["b", b],
    ] as const) {
      for (const measure of ["mrr", "ndcg"]) {
        const series = ["q1", "q2", "q3"].map((queryId) => run.get(queryId)?.[measure] ?? 0);
        const alone = bootstrapConfidenceInterval({ values: series });
        expect(result[id]?.[measure]).toEqual({
          mean: alone?.mean,
          lower: alone?.lower,
          upper: alone?.upper,
          queries: 3,
        });
      }
    }
  });

  it("skips queries without the value and gives null when none has one", () => {
    const result = meansWithIntervals({
      runs: [{ id: "a", values: a }],
      queryIds: ["q1", "q9"],
      measures: ["mrr", "map"],
    });
    expect(result.a?.mrr).toMatchObject({ mean: 1, lower: 1, upper: 1, queries: 1 });
    expect(result.a?.map).toBeNull();
  });
});

describe("meanOver", () => {
  it("averages the queries that have a value", () => {
    const rows = values({ q1: { mrr: 1 }, q2: { mrr: 0 }, q3: {} });
    expect(meanOver(rows, ["q1", "q2", "q3", "q4"], "mrr")).toBe(0.5);
    expect(meanOver(rows, ["q3"], "mrr")).toBeNull();
  });
});
