import { AppError } from "@/lib/errors";
import { TopHitsHeap } from "@/lib/retrieval/select-top-hits";

/** A hit: the row's position in the vectors given to `build`, and its cosine similarity in [-1, 1]. */
export type DenseHit = { index: number; score: number };

export type DenseIndexInput =
  | { vectors: readonly Float32Array[] }
  | { flat: Float32Array; dimensions: number };

/**
 * Exact cosine search by brute force. Rows are l2-normalized once at build, so a query costs one
 * normalization plus n × d multiply-adds and a bounded top-k heap (O(n log k)).
 *
 * Where brute force stops being fine: the work is n × d per query. 200k chunks × 768 dims ≈ 154M
 * multiply-adds ≈ 50–100 ms per query in V8 here (a few GFLOP/s without SIMD), and 600 MB of Float32
 * vectors. That is acceptable for an evaluation run (thousands of queries → minutes) up to roughly a
 * million × 768; beyond that, or for interactive latency under ~10 ms at 200k+, an ANN index
 * (HNSW/IVF) or a native/SIMD kernel is needed. Zero vectors score 0 against everything.
 */
export class DenseIndex {
  private constructor(
    /** Row-major, n × dimensions, each row unit length (or all zeros). */
    private readonly rows: Float32Array,
    readonly dimensions: number,
    readonly size: number,
  ) {}

  static build(input: DenseIndexInput): DenseIndex {
    let flat: Float32Array;
    let dimensions: number;
    if ("vectors" in input) {
      dimensions = input.vectors[0]?.length ?? 0;
      flat = new Float32Array(input.vectors.length * dimensions);
      for (const [row, vector] of input.vectors.entries()) {
        if (vector.length !== dimensions)
          throw new AppError(
            "bad_request",
            `vector ${row} has ${vector.length} dimensions, expected ${dimensions}`,
          );
        flat.set(vector, row * dimensions);
      }
    } else {
      dimensions = input.dimensions;
      if (!Number.isInteger(dimensions) || dimensions < 1 || input.flat.length % dimensions !== 0)
        throw new AppError(
          "bad_request",
          `a flat array of ${input.flat.length} numbers is not rows of ${dimensions}`,
        );
      flat = Float32Array.from(input.flat);
    }
    const size = dimensions === 0 ? 0 : flat.length / dimensions;
    for (let row = 0; row < size; row++)
      normalizeInPlace(flat.subarray(row * dimensions, (row + 1) * dimensions));
    return new DenseIndex(flat, dimensions, size);
  }

  /** The topK rows most similar to the query, best first; ties by lower index. */
  search(queryVector: Float32Array, topK: number): DenseHit[] {
    if (queryVector.length !== this.dimensions)
      throw new AppError(
        "bad_request",
        `the query vector has ${queryVector.length} dimensions but the index has ${this.dimensions}`,
      );
    const query = Float32Array.from(queryVector);
    normalizeInPlace(query);
    const heap = new TopHitsHeap(Math.max(0, Math.min(topK, this.size)));
    const rows = this.rows;
    const dimensions = this.dimensions;
    for (let row = 0, offset = 0; row < this.size; row++, offset += dimensions) {
      let dot = 0;
      for (let d = 0; d < dimensions; d++) dot += rows[offset + d]! * query[d]!;
      heap.offer(row, dot);
    }
    return heap.sorted();
  }
}

/** Scales a vector to unit length in place; a zero vector stays zero. */
function normalizeInPlace(vector: Float32Array | Float64Array): void {
  let sumOfSquares = 0;
  for (let d = 0; d < vector.length; d++) sumOfSquares += vector[d]! * vector[d]!;
  if (sumOfSquares === 0) return;
  const scale = 1 / Math.sqrt(sumOfSquares);
  for (let d = 0; d < vector.length; d++) vector[d] = vector[d]! * scale;
}
