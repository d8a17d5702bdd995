import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import {
  chunkSatisfiesLabel,
  type EvalLabel,
  evaluateQuery,
  meanQueryMetrics,
  type QueryMetrics,
  type RankedChunk,
} from "@/lib/eval/label-metrics";

const ks = [1, 3, 5, 10, 20];

function chunk(documentId: string, start: number, end = start + 100): RankedChunk {
  return { documentId, start, end };
}

function quote(id: string, documentId: string, start: number, end: number, grade = 2): EvalLabel {
  return { id, documentId, grade, span: { start, end } };
}

/** Filler chunks from a document no label points at. */
function filler(count: number): RankedChunk[] {
  return Array.from({ length: count }, (_, index) => chunk("d9", index * 100));
}

describe("chunkSatisfiesLabel", () => {
  const label = quote("l", "d1", 110, 150);

  it("needs the quote wholly inside the chunk at θ = 1", () => {
    expect(chunkSatisfiesLabel({ chunk: chunk("d1", 100), label, coverage: 1 })).toBe(true);
    expect(chunkSatisfiesLabel({ chunk: chunk("d1", 120), label, coverage: 1 })).toBe(false);
    expect(chunkSatisfiesLabel({ chunk: chunk("d2", 100), label, coverage: 1 })).toBe(false);
  });

  it("accepts half the shorter span at θ = 0.5", () => {
    // Quote [110, 150) is 40 long; chunk [130, 230) overlaps it by 20 = 0.5 of 40.
    expect(chunkSatisfiesLabel({ chunk: chunk("d1", 130), label, coverage: 0.5 })).toBe(true);
    expect(chunkSatisfiesLabel({ chunk: chunk("d1", 131), label, coverage: 0.5 })).toBe(false);
    expect(chunkSatisfiesLabel({ chunk: chunk("d1", 150), label, coverage: 0.5 })).toBe(false); // touching
  });

  it("measures a quote longer than the chunk by the chunk's length", () => {
    const long = quote("long", "d1", 100, 400);
    expect(chunkSatisfiesLabel({ chunk: chunk("d1", 200), label: long, coverage: 1 })).toBe(true);
    expect(chunkSatisfiesLabel({ chunk: chunk("d1", 350), label: long, coverage: 1 })).toBe(false);
    expect(chunkSatisfiesLabel({ chunk: chunk("d1", 350), label: long, coverage: 0.5 })).toBe(true);
  });

  it("lets any chunk of the document satisfy a document-level label", () => {
    const documentLabel: EvalLabel = { id: "doc", documentId: "d2", grade: 1, span: null };
    expect(chunkSatisfiesLabel({ chunk: chunk("d2", 5000), label: documentLabel, coverage: 1 })).toBe(true);
    expect(chunkSatisfiesLabel({ chunk: chunk("d1", 0), label: documentLabel, coverage: 1 })).toBe(false);
  });

  it("accepts coverage exactly at θ", () => {
    const ten = quote("ten", "d1", 0, 10);
    const sevenOfTen = { documentId: "d1", start: 3, end: 200 };
    expect(chunkSatisfiesLabel({ chunk: sevenOfTen, label: ten, coverage: 0.7 })).toBe(true);
    expect(chunkSatisfiesLabel({ chunk: sevenOfTen, label: ten, coverage: 0.71 })).toBe(false);
  });
});

describe("evaluateQuery", () => {
  // Three relevant labels (grade ≥ 1) and one non-relevant one.
  const labels: EvalLabel[] = [
    quote("L1", "d1", 110, 150, 3),
    quote("L2", "d1", 250, 260, 2),
    { id: "L3", documentId: "d2", grade: 1, span: null },
    quote("L4", "d1", 10, 20, 0),
  ];
  // Rank 1 satisfies only the grade-0 label; L1 at rank 3, L3 at rank 6, L2 at rank 15.
  const ranking: RankedChunk[] = [
    chunk("d1", 0),
    ...filler(1),
    chunk("d1", 100),
    ...filler(2),
    chunk("d2", 700),
    ...filler(8),
    chunk("d1", 200),
    ...filler(5),
  ];

  it("computes recall@{1,3,5,10,20} and reciprocal rank by hand", () => {
    expect(ranking).toHaveLength(20);
    const metrics = evaluateQuery({ labels, ranking, ks, coverage: 1, relevantThreshold: 1 });
    expect(metrics).toEqual({
      recall: { 1: 0, 3: 1 / 3, 5: 1 / 3, 10: 2 / 3, 20: 1 },
      reciprocalRank: 1 / 3,
      relevantCount: 3,
      splitLabelIds: [],
    });
  });

  it("raises the threshold: only grade ≥ 2 counts", () => {
    const metrics = evaluateQuery({ labels, ranking, ks, coverage: 1, relevantThreshold: 2 });
    expect(metrics?.recall).toEqual({ 1: 0, 3: 0.5, 5: 0.5, 10: 0.5, 20: 1 });
    expect(metrics?.relevantCount).toBe(2);
  });

  it("gives 0 reciprocal rank and recall when nothing relevant is retrieved", () => {
    const metrics = evaluateQuery({ labels, ranking: filler(20), ks, coverage: 1, relevantThreshold: 1 });
    expect(metrics).toMatchObject({ recall: { 1: 0, 3: 0, 5: 0, 10: 0, 20: 0 }, reciprocalRank: 0 });
    expect(
      evaluateQuery({ labels, ranking: [], ks, coverage: 1, relevantThreshold: 1 })?.reciprocalRank,
    ).toBe(0);
  });

  it("returns null for a query whose labels are all below the threshold", () => {
    const notRelevant = [quote("a", "d1", 0, 10, 0), quote("b", "d1", 20, 30, 0)];
    expect(evaluateQuery({ labels: notRelevant, ranking, ks, coverage: 1, relevantThreshold: 1 })).toBeNull();
    expect(evaluateQuery({ labels: [], ranking, ks, coverage: 1, relevantThreshold: 1 })).toBeNull();
  });

  it("scores a quote straddling two chunks only under the relaxed θ, and reports it split", () => {
    const straddling = [quote("S", "d1", 180, 230)]; // 20 in [100,200), 30 in [200,300)
    const twoChunks = [chunk("d1", 100), chunk("d1", 200)];
    const strict = evaluateQuery({
      labels: straddling,
      ranking: twoChunks,
      ks,
      coverage: 1,
      relevantThreshold: 1,
    });
    expect(strict).toMatchObject({ recall: { 1: 0, 20: 0 }, reciprocalRank: 0, splitLabelIds: ["S"] });
    const relaxed = evaluateQuery({
      labels: straddling,
      ranking: twoChunks,
      ks,
      coverage: 0.5,
      relevantThreshold: 1,
    });
    expect(relaxed).toMatchObject({ recall: { 1: 0, 3: 1 }, reciprocalRank: 1 / 2, splitLabelIds: ["S"] });
    // The document's full chunking has an overlapping chunk [150, 250) containing it: not split.
    const documentChunks = new Map([
      ["d1", [0, 50, 100, 150, 200].map((start) => ({ start, end: start + 100 }))],
    ]);
    const withChunking = evaluateQuery({
      labels: straddling,
      ranking: twoChunks,
      ks,
      coverage: 0.5,
      relevantThreshold: 1,
      documentChunks,
    });
    expect(withChunking?.splitLabelIds).toEqual([]);
  });

  it("credits a quote longer than the chunks through a chunk inside it, and reports it split", () => {
    const long = [quote("long", "d1", 100, 400)];
    const metrics = evaluateQuery({
      labels: long,
      ranking: [chunk("d1", 350), chunk("d1", 200)],
      ks,
      coverage: 1,
      relevantThreshold: 1,
    });
    expect(metrics).toEqual({
      recall: { 1: 0, 3: 1, 5: 1, 10: 1, 20: 1 },
      reciprocalRank: 0.5,
      relevantCount: 1,
      splitLabelIds: ["long"],
    });
  });

  it("counts duplicate labels once and is unmoved by duplicate chunks", () => {
    const duplicated = [
      quote("A", "d1", 110, 150, 1),
      quote("B", "d1", 110, 150, 3),
      quote("C", "d1", 250, 260),
    ];
    const repeated = [chunk("d1", 100), chunk("d1", 100), chunk("d1", 100), chunk("d1", 200)];
    const metrics = evaluateQuery({
      labels: duplicated,
      ranking: repeated,
      ks,
      coverage: 1,
      relevantThreshold: 2,
    });
    // A and B are one passage; B's grade 3 makes it relevant even though A's grade 1 would not.
    expect(metrics).toMatchObject({ relevantCount: 2, reciprocalRank: 1, recall: { 1: 0.5, 3: 0.5, 5: 1 } });
  });

  it("rejects bad k and θ", () => {
    expect(() => evaluateQuery({ labels, ranking, ks: [0], coverage: 1, relevantThreshold: 1 })).toThrowError(
      AppError,
    );
    expect(() => evaluateQuery({ labels, ranking, ks, coverage: 0, relevantThreshold: 1 })).toThrowError(
      AppError,
    );
    expect(() => evaluateQuery({ labels, ranking, ks, coverage: 1.5, relevantThreshold: 1 })).toThrowError(
      AppError,
    );
  });
});

describe("meanQueryMetrics", () => {
  const metrics = (recallAt: number[], reciprocalRank: number): QueryMetrics => ({
    recall: Object.fromEntries(ks.map((k, index) => [k, recallAt[index] ?? 0])),
    reciprocalRank,
    relevantCount: 1,
    splitLabelIds: [],
  });

  it("averages evaluated queries and counts excluded ones separately", () => {
    const perQuery = [metrics([0, 1 / 3, 1 / 3, 2 / 3, 1], 1 / 3), null, metrics([1, 1, 1, 1, 1], 1), null];
    const mean = meanQueryMetrics({ perQuery, ks });
    expect(mean.evaluated).toBe(2);
    expect(mean.excluded).toBe(2);
    expect(mean.mrr).toBeCloseTo(2 / 3, 12);
    expect(mean.recall[1]).toBe(0.5);
    expect(mean.recall[3]).toBeCloseTo(2 / 3, 12);
    expect(mean.recall[10]).toBeCloseTo(5 / 6, 12);
    expect(mean.recall[20]).toBe(1);
  });

  it("reports zeros with evaluated = 0 when every query was excluded", () => {
    expect(meanQueryMetrics({ perQuery: [null, null], ks: [1, 5] })).toEqual({
      recall: { 1: 0, 5: 0 },
      mrr: 0,
      evaluated: 0,
      excluded: 2,
    });
  });

  it("refuses to average a k the queries were not scored at", () => {
    expect(() => meanQueryMetrics({ perQuery: [metrics([1], 1)], ks: [7] })).toThrowError(AppError);
  });
});
