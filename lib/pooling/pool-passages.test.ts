import { describe, expect, it } from "vitest";
import { groupByDocument, poolPassages } from "./pool-passages";

const hit = (documentId: string, start: number, end: number, rank: number) => ({
  documentId,
  start,
  end,
  rank,
});

describe("poolPassages", () => {
  it("merges overlapping spans of one document and keeps each source's best rank", () => {
    const pooled = poolPassages({
      depth: 10,
      rankings: [
        { name: "BM25", hits: [hit("a", 0, 300, 1), hit("a", 240, 540, 3)] },
        { name: "Dense", hits: [hit("a", 500, 900, 2), hit("b", 0, 100, 1)] },
      ],
    });
    expect(pooled).toEqual([
      {
        documentId: "a",
        start: 0,
        end: 900,
        sources: [
          { name: "BM25", rank: 1 },
          { name: "Dense", rank: 2 },
        ],
      },
      { documentId: "b", start: 0, end: 100, sources: [{ name: "Dense", rank: 1 }] },
    ]);
  });

  it("keeps spans that only touch, or lie in different documents, apart", () => {
    const pooled = poolPassages({
      depth: 10,
      rankings: [{ name: "BM25", hits: [hit("a", 0, 100, 1), hit("a", 100, 200, 2), hit("b", 0, 100, 3)] }],
    });
    expect(pooled.map((passage) => [passage.documentId, passage.start, passage.end])).toEqual([
      ["a", 0, 100],
      ["a", 100, 200],
      ["b", 0, 100],
    ]);
  });

  it("pools only the top `depth` hits of each ranking, by rank whatever their order", () => {
    const pooled = poolPassages({
      depth: 2,
      rankings: [{ name: "Run", hits: [hit("c", 0, 10, 3), hit("a", 0, 10, 1), hit("b", 0, 10, 2)] }],
    });
    expect(pooled.map((passage) => passage.documentId)).toEqual(["a", "b"]);
  });

  it("puts passages several configurations found first (reciprocal-rank fusion)", () => {
    const pooled = poolPassages({
      depth: 10,
      rankings: [
        { name: "BM25", hits: [hit("solo", 0, 10, 1), hit("both", 0, 10, 2)] },
        { name: "Dense", hits: [hit("both", 5, 20, 3)] },
      ],
    });
    expect(pooled[0]).toMatchObject({ documentId: "both", start: 0, end: 20 });
    expect(pooled[1]).toMatchObject({ documentId: "solo" });
  });

  it("drops empty spans and returns nothing for no rankings", () => {
    expect(poolPassages({ depth: 10, rankings: [] })).toEqual([]);
    expect(poolPassages({ depth: 10, rankings: [{ name: "X", hits: [hit("a", 5, 5, 1)] }] })).toEqual([]);
  });
});

describe("groupByDocument", () => {
  it("groups passages by document in the order of each document's first passage", () => {
    const grouped = groupByDocument([
      { documentId: "a", start: 0 },
      { documentId: "b", start: 0 },
      { documentId: "a", start: 50 },
    ]);
    expect(grouped).toEqual([
      {
        documentId: "a",
        passages: [
          { documentId: "a", start: 0 },
          { documentId: "a", start: 50 },
        ],
      },
      { documentId: "b", passages: [{ documentId: "b", start: 0 }] },
    ]);
  });
});
