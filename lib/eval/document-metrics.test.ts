import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { evaluateDocumentQuery, rankDocuments } from "@/lib/eval/document-metrics";
import type { RankedChunk } from "@/lib/eval/label-metrics";

function chunk(documentId: string, start = 0): RankedChunk {
  return { documentId, start, end: start + 100 };
}

// Chunk ranks:        1    2    3    4    5    6    7
// Document ranks:     1    2    -    3    -    4    5
const ranking = [
  chunk("a"),
  chunk("b"),
  chunk("a", 100),
  chunk("c"),
  chunk("b", 300),
  chunk("d"),
  chunk("e"),
];

describe("rankDocuments", () => {
  it("keeps each document at its first chunk and numbers documents without gaps", () => {
    expect(rankDocuments(ranking)).toEqual([
      { documentId: "a", rank: 1 },
      { documentId: "b", rank: 2 },
      { documentId: "c", rank: 3 },
      { documentId: "d", rank: 4 },
      { documentId: "e", rank: 5 },
    ]);
    expect(rankDocuments([])).toEqual([]);
  });
});

describe("evaluateDocumentQuery", () => {
  const ks = [1, 3, 5, 10];

  it("scores the document ranking against qrels-style grades by hand", () => {
    // c (grade 2) at document rank 3, e (grade 1) at 5; z (grade 3) never retrieved; a judged 0.
    const labels = [
      { documentId: "c", grade: 2 },
      { documentId: "e", grade: 1 },
      { documentId: "z", grade: 3 },
      { documentId: "a", grade: 0 },
    ];
    const metrics = evaluateDocumentQuery({ labels, ranking, ks, relevantThreshold: 1 });
    expect(metrics).toMatchObject({
      recall: { 1: 0, 3: 1 / 3, 5: 2 / 3, 10: 2 / 3 },
      precision: { 1: 0, 3: 1 / 3, 5: 2 / 5, 10: 2 / 10 },
      hit: { 1: 0, 3: 1, 5: 1, 10: 1 },
      reciprocalRank: 1 / 3,
      relevantCount: 3,
      splitLabelIds: [],
    });
    expect(metrics?.averagePrecision).toBeCloseTo((1 / 3 + 2 / 5) / 3, 12);
    const ideal = (k: number) => [3, 2, 1].slice(0, k).reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0);
    const dcg5 = 2 / Math.log2(4) + 1 / Math.log2(6);
    expect(metrics?.ndcg[3]).toBeCloseTo(1 / ideal(3), 12);
    expect(metrics?.ndcg[5]).toBeCloseTo(dcg5 / ideal(5), 12);
  });

  it("computes judged@k over the document ranking, grade 0 included", () => {
    // Documents a (grade 0), c and e are judged, at document ranks 1, 3 and 5; b and d are not.
    const labels = [
      { documentId: "c", grade: 2 },
      { documentId: "e", grade: 1 },
      { documentId: "a", grade: 0 },
    ];
    const metrics = evaluateDocumentQuery({ labels, ranking, ks, relevantThreshold: 1 });
    expect(metrics?.judged).toEqual({ 1: 1, 3: 2 / 3, 5: 3 / 5, 10: 3 / 5 });
  });

  it("keeps a twice-judged document's highest grade and ignores its later chunks", () => {
    const labels = [
      { documentId: "b", grade: 1 },
      { documentId: "b", grade: 2 },
    ];
    const metrics = evaluateDocumentQuery({ labels, ranking, ks, relevantThreshold: 2 });
    expect(metrics).toMatchObject({
      relevantCount: 1,
      reciprocalRank: 1 / 2,
      precision: { 1: 0, 3: 1 / 3, 5: 1 / 5 },
      averagePrecision: 1 / 2,
    });
  });

  it("returns null when no document label is relevant, and rejects a bad k", () => {
    expect(
      evaluateDocumentQuery({ labels: [{ documentId: "a", grade: 1 }], ranking, ks, relevantThreshold: 2 }),
    ).toBeNull();
    expect(evaluateDocumentQuery({ labels: [], ranking, ks, relevantThreshold: 1 })).toBeNull();
    expect(() =>
      evaluateDocumentQuery({
        labels: [{ documentId: "a", grade: 1 }],
        ranking,
        ks: [0],
        relevantThreshold: 1,
      }),
    ).toThrowError(AppError);
  });
});
