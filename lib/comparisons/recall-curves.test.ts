import { describe, expect, it } from "vitest";
import { type EvalLabel, evaluateQuery, type RankedChunk } from "@/lib/eval/label-metrics";
import { curveKs, recallCurve } from "./recall-curves";

const label = (id: string, documentId: string, start: number): EvalLabel => ({
  id,
  documentId,
  grade: 2,
  span: { start, end: start + 10 },
});
const chunk = (documentId: string, start: number): RankedChunk => ({ documentId, start, end: start + 100 });

describe("curveKs", () => {
  it("is every k from 1 to 20, then the runs' topK beyond 20", () => {
    expect(curveKs([20, 10])).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(curveKs([100, 50, 100, 20]).slice(18)).toEqual([19, 20, 50, 100]);
  });
});

describe("recallCurve", () => {
  const labels = new Map([
    ["q1", [label("a", "d1", 10), label("b", "d2", 210)]],
    ["q2", [label("c", "d3", 5)]],
    ["q3", [{ ...label("z", "d9", 0), grade: 0 }]],
  ]);
  const rankings = new Map([
    ["q1", [chunk("d9", 0), chunk("d1", 0), chunk("d5", 0), chunk("d2", 200)]],
    ["q2", [chunk("d3", 0)]],
  ]);

  it("averages recall at every k over the queries, by hand", () => {
    const { recall, queries } = recallCurve({
      queryIds: ["q1", "q2"],
      rankings,
      labels,
      ks: [1, 2, 3, 4, 5],
      mode: "label",
      coverage: 1,
      relevantThreshold: 1,
    });
    expect(queries).toBe(2);
    // q1: 0, 0.5, 0.5, 1, 1 — q2: 1 from k = 1
    expect(recall).toEqual({ "1": 0.5, "2": 0.75, "3": 0.75, "4": 1, "5": 1 });
  });

  it("equals the per-query recall evaluateQuery stores, and skips queries without a relevant label", () => {
    const { recall, queries } = recallCurve({
      queryIds: ["q1", "q3"],
      rankings,
      labels,
      ks: [3, 4],
      mode: "label",
      coverage: 1,
      relevantThreshold: 1,
    });
    const stored = evaluateQuery({
      labels: labels.get("q1") ?? [],
      ranking: rankings.get("q1") ?? [],
      ks: [3, 4],
      coverage: 1,
      relevantThreshold: 1,
    });
    expect(queries).toBe(1);
    expect(recall).toEqual({ "3": stored?.recall[3], "4": stored?.recall[4] });
  });

  it("scores documents in document mode, and a query without results as 0", () => {
    const { recall } = recallCurve({
      queryIds: ["q1", "q2"],
      rankings: new Map([["q1", [chunk("d1", 300), chunk("d1", 0), chunk("d2", 0)]]]),
      labels,
      ks: [1, 2],
      mode: "document",
      coverage: 1,
      relevantThreshold: 1,
    });
    // q1 by documents: d1 at 1, d2 at 2 → 0.5, 1; q2 retrieved nothing → 0
    expect(recall).toEqual({ "1": 0.25, "2": 0.5 });
  });
});
