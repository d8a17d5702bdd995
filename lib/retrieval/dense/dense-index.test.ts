import { describe, expect, it } from "vitest";
import { DenseIndex } from "@/lib/retrieval/dense/dense-index";

describe("DenseIndex", () => {
  const vectors = [
    Float32Array.of(1, 0, 0),
    Float32Array.of(10, 10, 0), // not unit length: normalized at build
    Float32Array.of(0, 0, 2),
    Float32Array.of(0, 0, 0),
    Float32Array.of(-1, 0, 0),
  ];

  it("ranks by cosine similarity, best first, scores in [-1, 1]", () => {
    const index = DenseIndex.build({ vectors });
    const hits = index.search(Float32Array.of(3, 0, 0), 5);
    expect(hits.map((hit) => hit.index)).toEqual([0, 1, 2, 3, 4]);
    expect(hits[0]?.score).toBeCloseTo(1, 6);
    expect(hits[1]?.score).toBeCloseTo(Math.SQRT1_2, 6);
    expect(hits[2]?.score).toBe(0);
    expect(hits[4]?.score).toBeCloseTo(-1, 6);
  });

  it("keeps only topK and breaks ties by lower index", () => {
    const index = DenseIndex.build({ vectors });
    expect(index.search(Float32Array.of(0, 1, 0), 2)).toEqual([
      { index: 1, score: expect.closeTo(Math.SQRT1_2, 6) },
      { index: 0, score: 0 },
    ]);
  });

  it("builds the same index from one flat array", () => {
    const flat = new Float32Array(15);
    for (const [row, vector] of vectors.entries()) flat.set(vector, row * 3);
    const fromFlat = DenseIndex.build({ flat, dimensions: 3 });
    expect(fromFlat.size).toBe(5);
    expect(fromFlat.search(Float32Array.of(1, 2, 3), 5)).toEqual(
      DenseIndex.build({ vectors }).search(Float32Array.of(1, 2, 3), 5),
    );
    expect(flat[3]).toBe(10); // the caller's array is not modified
  });

  it("matches an exhaustive sort on random data", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return (seed / 2147483648) * 2 - 1;
    };
    const data = Array.from({ length: 300 }, () => Float32Array.from({ length: 16 }, random));
    const query = Float32Array.from({ length: 16 }, random);
    const cosine = (a: Float32Array, b: Float32Array) => {
      let ab = 0;
      let aa = 0;
      let bb = 0;
      for (let d = 0; d < a.length; d++) {
        ab += a[d]! * b[d]!;
        aa += a[d]! * a[d]!;
        bb += b[d]! * b[d]!;
      }
      return ab / Math.sqrt(aa * bb);
    };
    const expected = data
      .map((vector, index) => ({ index, score: cosine(vector, query) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 10);
    const hits = DenseIndex.build({ vectors: data }).search(query, 10);
    expect(hits.map((hit) => hit.index)).toEqual(expected.map((hit) => hit.index));
    for (const [rank, hit] of hits.entries()) expect(hit.score).toBeCloseTo(expected[rank]!.score, 5);
  });

  it("rejects mismatched dimensions clearly", () => {
    expect(() => DenseIndex.build({ vectors: [new Float32Array(2), new Float32Array(3)] })).toThrow(
      "vector 1 has 3 dimensions, expected 2",
    );
    expect(() => DenseIndex.build({ flat: new Float32Array(5), dimensions: 2 })).toThrow(/not rows of 2/);
    expect(() => DenseIndex.build({ vectors }).search(new Float32Array(4), 1)).toThrow(
      "the query vector has 4 dimensions but the index has 3",
    );
  });

  it("handles an empty index", () => {
    expect(DenseIndex.build({ vectors: [] }).search(new Float32Array(0), 3)).toEqual([]);
  });
});
