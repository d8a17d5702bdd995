import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { type EvalLabel, evaluateQuery, type RankedChunk } from "@/lib/eval/label-metrics";

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
    expect(metrics).toMatchObject({
      recall: { 1: 0, 3: 1 / 3, 5: 1 / 3, 10: 2 / 3, 20: 1 },
      reciprocalRank: 1 / 3,
      relevantCount: 3,
      splitLabelIds: [],
    });
  });

  it("computes precision, hit, average precision and graded nDCG by hand", () => {
    const metrics = evaluateQuery({ labels, ranking, ks, coverage: 1, relevantThreshold: 1 });
    // Relevant chunks at ranks 3 (L1, grade 3), 6 (L3, grade 1) and 15 (L2, grade 2).
    expect(metrics?.precision).toEqual({ 1: 0, 3: 1 / 3, 5: 1 / 5, 10: 2 / 10, 20: 3 / 20 });
    expect(metrics?.hit).toEqual({ 1: 0, 3: 1, 5: 1, 10: 1, 20: 1 });
    expect(metrics?.averagePrecision).toBeCloseTo((1 / 3 + 2 / 6 + 3 / 15) / 3, 12);
    const ideal = 3 + 2 / Math.log2(3) + 1 / Math.log2(4);
    expect(metrics?.ndcg[1]).toBe(0);
    expect(metrics?.ndcg[3]).toBeCloseTo(3 / 2 / ideal, 12);
    expect(metrics?.ndcg[5]).toBeCloseTo(3 / 2 / ideal, 12);
    expect(metrics?.ndcg[10]).toBeCloseTo((3 / 2 + 1 / Math.log2(7)) / ideal, 12);
    expect(metrics?.ndcg[20]).toBeCloseTo((3 / 2 + 1 / Math.log2(7) + 2 / 4) / ideal, 12);
  });

  it("computes judged@k by hand: a grade-0 label judges a chunk, unlabeled filler does not", () => {
    // Judged: rank 1 (L4, grade 0), 3 (L1), 6 (L3, whole d2) and 15 (L2); every other rank is filler.
    const metrics = evaluateQuery({ labels, ranking, ks, coverage: 1, relevantThreshold: 1 });
    expect(metrics?.judged).toEqual({ 1: 1, 3: 2 / 3, 5: 2 / 5, 10: 3 / 10, 20: 4 / 20 });
    // A short ranking is judged over its own length.
    const short = evaluateQuery({
      labels,
      ranking: ranking.slice(0, 3),
      ks,
      coverage: 1,
      relevantThreshold: 1,
    });
    expect(short?.judged).toEqual({ 1: 1, 3: 2 / 3, 5: 2 / 3, 10: 2 / 3, 20: 2 / 3 });
  });

  it("judges a chunk under the run's coverage rule", () => {
    // The grade-0 quote [150, 190) lies half inside the chunk [100, 170): judged at θ = 0.5 only.
    const rejected = [quote("R", "d1", 150, 190, 0), quote("A", "d2", 0, 10, 2)];
    const halfway = [chunk("d1", 100, 170)];
    const strict = evaluateQuery({
      labels: rejected,
      ranking: halfway,
      ks: [1],
      coverage: 1,
      relevantThreshold: 1,
    });
    const relaxed = evaluateQuery({
      labels: rejected,
      ranking: halfway,
      ks: [1],
      coverage: 0.5,
      relevantThreshold: 1,
    });
    expect(strict?.judged).toEqual({ 1: 0 });
    expect(relaxed?.judged).toEqual({ 1: 1 });
  });

  it("raises the threshold: only grade ≥ 2 counts", () => {
    const metrics = evaluateQuery({ labels, ranking, ks, coverage: 1, relevantThreshold: 2 });
    expect(metrics?.recall).toEqual({ 1: 0, 3: 0.5, 5: 0.5, 10: 0.5, 20: 1 });
    expect(metrics?.relevantCount).toBe(2);
    // L3 (grade 1) no longer counts for precision or AP …
    expect(metrics?.precision[10]).toBe(1 / 10);
    expect(metrics?.averagePrecision).toBeCloseTo((1 / 3 + 2 / 15) / 2, 12);
    // … but nDCG keeps its gain, as trec_eval's ndcg_cut ignores -l.
    const atOne = evaluateQuery({ labels, ranking, ks, coverage: 1, relevantThreshold: 1 });
    expect(metrics?.ndcg).toEqual(atOne?.ndcg);
  });

  it("gives 0 reciprocal rank and recall when nothing relevant is retrieved", () => {
    const metrics = evaluateQuery({ labels, ranking: filler(20), ks, coverage: 1, relevantThreshold: 1 });
    expect(metrics).toMatchObject({
      recall: { 1: 0, 3: 0, 5: 0, 10: 0, 20: 0 },
      ndcg: { 1: 0, 3: 0, 5: 0, 10: 0, 20: 0 },
      precision: { 1: 0, 3: 0, 5: 0, 10: 0, 20: 0 },
      hit: { 1: 0, 3: 0, 5: 0, 10: 0, 20: 0 },
      reciprocalRank: 0,
      averagePrecision: 0,
    });
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
      ndcg: { 1: 0, 3: 1 / Math.log2(3), 5: 1 / Math.log2(3), 10: 1 / Math.log2(3), 20: 1 / Math.log2(3) },
      precision: { 1: 0, 3: 1 / 3, 5: 1 / 5, 10: 1 / 10, 20: 1 / 20 },
      hit: { 1: 0, 3: 1, 5: 1, 10: 1, 20: 1 },
      // partial credit: rank 1 holds half of its own length of the quote, rank 2 lies inside it
      partialRecall: { 1: 0.5, 3: 1, 5: 1, 10: 1, 20: 1 },
      reciprocalRank: 0.5,
      averagePrecision: 0.5,
      relevantCount: 1,
      splitLabelIds: ["long"],
      // [350, 450) covers half of its own length of the quote: neither satisfied nor judged at θ = 1
      judged: { 1: 0, 3: 1 / 2, 5: 1 / 2, 10: 1 / 2, 20: 1 / 2 },
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
    // The repeats credit nothing new (nDCG, AP) but still count as relevant chunks for precision.
    expect(metrics?.precision).toMatchObject({ 1: 1, 3: 1, 5: 4 / 5 });
    expect(metrics?.averagePrecision).toBe((1 / 1 + 4 / 4) / 2);
    const ideal = 3 + 2 / Math.log2(3);
    expect(metrics?.ndcg[3]).toBeCloseTo(3 / ideal, 12);
    expect(metrics?.ndcg[5]).toBeCloseTo((3 + 2 / Math.log2(5)) / ideal, 12);
  });

  it("credits every quote inside one chunk at once, its gain the highest grade, AP within [0, 1]", () => {
    const twoQuotes = [quote("Q1", "d1", 10, 20, 1), quote("Q2", "d1", 50, 60, 3)];
    const wholeChunk = { documentId: "d1", start: 0, end: 300 };
    const first = evaluateQuery({
      labels: twoQuotes,
      ranking: [wholeChunk],
      ks,
      coverage: 1,
      relevantThreshold: 1,
    });
    expect(first).toMatchObject({ recall: { 1: 1 }, precision: { 1: 1, 3: 1 / 3 }, averagePrecision: 1 });
    // One gain (3) for the chunk; Q1's grade 1 is credited with it and never earned later.
    expect(first?.ndcg[1]).toBe(1);
    expect(first?.ndcg[5]).toBeCloseTo(3 / (3 + 1 / Math.log2(3)), 12);
    const second = evaluateQuery({
      labels: twoQuotes,
      ranking: [chunk("d9", 0), wholeChunk],
      ks,
      coverage: 1,
      relevantThreshold: 1,
    });
    expect(second?.averagePrecision).toBe(1 / 2);
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
