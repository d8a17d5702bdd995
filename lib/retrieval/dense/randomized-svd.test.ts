import { describe, expect, it } from "vitest";
import {
  createGaussianRandom,
  orthonormalizeColumns,
  symmetricEigen,
} from "@/lib/retrieval/dense/dense-linear-algebra";
import { randomizedSvd } from "@/lib/retrieval/dense/randomized-svd";
import type { CsrMatrix } from "@/lib/retrieval/dense/tfidf-matrix";

/** A dense row-major matrix as CSR (zeros kept out). */
function toCsr(dense: Float64Array, rows: number, columns: number): CsrMatrix {
  const rowPointers = new Int32Array(rows + 1);
  const columnIndices: number[] = [];
  const values: number[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const value = dense[r * columns + c]!;
      if (value !== 0) {
        columnIndices.push(c);
        values.push(value);
      }
    }
    rowPointers[r + 1] = values.length;
  }
  return {
    rows,
    columns,
    rowPointers,
    columnIndices: Int32Array.from(columnIndices),
    values: Float64Array.from(values),
  };
}

/** Random column-major matrix with orthonormal columns. */
function randomOrthonormal(rows: number, columns: number, seed: number): Float64Array {
  const random = createGaussianRandom(seed);
  const data = Float64Array.from({ length: rows * columns }, random);
  orthonormalizeColumns(data, rows, columns);
  return data;
}

describe("randomizedSvd", () => {
  const rows = 60;
  const columns = 40;
  const singular = [10, 5, 2, 1, 0.5];
  const u = randomOrthonormal(rows, singular.length, 11);
  const v = randomOrthonormal(columns, singular.length, 12);
  const dense = new Float64Array(rows * columns);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++)
      for (const [k, sigma] of singular.entries())
        dense[r * columns + c] = dense[r * columns + c]! + sigma * u[k * rows + r]! * v[k * columns + c]!;
  const matrix = toCsr(dense, rows, columns);

  it("recovers the singular values of a known low-rank matrix", () => {
    const svd = randomizedSvd({ matrix, rank: 3, seed: 5 });
    expect(svd.rank).toBe(3);
    for (const [k, value] of svd.singularValues.entries()) expect(value).toBeCloseTo(singular[k]!, 8);
  });

  it("stops at the matrix's rank and returns orthonormal right vectors matching V up to sign", () => {
    const svd = randomizedSvd({ matrix, rank: 20, seed: 5 });
    expect(svd.rank).toBe(singular.length);
    for (let k = 0; k < svd.rank; k++) {
      let overlap = 0;
      for (let c = 0; c < columns; c++) overlap += svd.rightVectors[c * svd.rank + k]! * v[k * columns + c]!;
      expect(Math.abs(overlap)).toBeCloseTo(1, 8);
    }
  });

  it("is deterministic for a seed", () => {
    const a = randomizedSvd({ matrix, rank: 4, seed: 9 });
    const b = randomizedSvd({ matrix, rank: 4, seed: 9 });
    expect(Array.from(a.rightVectors)).toEqual(Array.from(b.rightVectors));
  });
});

describe("symmetricEigen", () => {
  it("diagonalizes a symmetric matrix, eigenvalues descending", () => {
    const matrix = Float64Array.of(4, 1, 2, 1, 3, 0, 2, 0, 1);
    const { values, vectors } = symmetricEigen(matrix, 3);
    for (let k = 1; k < 3; k++) expect(values[k]!).toBeLessThanOrEqual(values[k - 1]!);
    for (let k = 0; k < 3; k++)
      for (let row = 0; row < 3; row++) {
        let product = 0;
        for (let col = 0; col < 3; col++) product += matrix[row * 3 + col]! * vectors[col * 3 + k]!;
        expect(product).toBeCloseTo(values[k]! * vectors[row * 3 + k]!, 10);
      }
  });
});
