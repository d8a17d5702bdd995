import {
  createGaussianRandom,
  dot,
  orthonormalizeColumns,
  symmetricEigen,
} from "@/lib/retrieval/dense/dense-linear-algebra";
import type { CsrMatrix } from "@/lib/retrieval/dense/tfidf-matrix";

export type TruncatedSvd = {
  /** Descending; may be shorter than the requested rank when the matrix has lower rank. */
  singularValues: Float64Array;
  /** Right singular vectors, row-major columns × rank: row c holds column c's coordinates. */
  rightVectors: Float64Array;
  rank: number;
};

/**
 * Truncated SVD of a sparse matrix by the randomized range finder of Halko, Martinsson & Tropp
 * (2011, Alg. 4.4 + 5.1): Y = A·Ω with a seeded Gaussian Ω (columns × (rank + oversampling)),
 * `powerIterations` rounds of Y ← A·(Aᵀ·Y) to sharpen a slowly decaying spectrum, Q = orth(Y),
 * then B = Qᵀ·A is small (ℓ × columns); its SVD comes from the eigen-decomposition of the ℓ × ℓ
 * Gram matrix B·Bᵀ = Wᵀ·W with W = Aᵀ·Q: B·Bᵀ = E·Σ²·Eᵀ gives V = W·E·Σ⁻¹.
 * Cost: (2·powerIterations + 2) sparse products of nnz × ℓ, one m·ℓ² QR, an n·ℓ² Gram, an ℓ³ eigen.
 * Squaring in the Gram step loses relative accuracy only for σ below ~1e-8·σ₁, which LSA drops anyway.
 */
export function randomizedSvd(options: {
  matrix: CsrMatrix;
  rank: number;
  seed: number;
  oversampling?: number;
  powerIterations?: number;
}): TruncatedSvd {
  const a = options.matrix;
  const maxRank = Math.min(a.rows, a.columns);
  const rank = Math.max(0, Math.min(options.rank, maxRank));
  const sketch = Math.min(rank + (options.oversampling ?? 10), maxRank);
  if (rank === 0) return { singularValues: new Float64Array(0), rightVectors: new Float64Array(0), rank: 0 };

  const random = createGaussianRandom(options.seed);
  const omega = new Float64Array(a.columns * sketch);
  for (let i = 0; i < omega.length; i++) omega[i] = random();
  const q = multiply(a, omega, sketch);
  const rounds = options.powerIterations ?? 2;
  // Like scikit-learn's randomized_range_finder: up to 2 power iterations need no normalization
  // in between (components below ~eps^(1/(2q+1))·σ₁ ≈ 7e-4·σ₁ are lost, irrelevant for LSA);
  // more get a one-pass Gram–Schmidt each round. The final Q is orthonormal to machine precision.
  const normalizeBetween = rounds > 2;
  for (let round = 0; round < rounds; round++) {
    if (normalizeBetween) orthonormalizeColumns(q, a.rows, sketch, 1);
    const z = multiplyTransposed(a, q, sketch);
    if (normalizeBetween) orthonormalizeColumns(z, a.columns, sketch, 1);
    q.set(multiply(a, z, sketch));
  }
  orthonormalizeColumns(q, a.rows, sketch, 2);

  const w = multiplyTransposed(a, q, sketch); // W = Aᵀ·Q = Bᵀ, columns × sketch
  const gram = new Float64Array(sketch * sketch);
  for (let i = 0; i < sketch; i++) {
    const wi = w.subarray(i * a.columns, (i + 1) * a.columns);
    for (let j = i; j < sketch; j++) {
      const value = dot(wi, w.subarray(j * a.columns, (j + 1) * a.columns));
      gram[i * sketch + j] = value;
      gram[j * sketch + i] = value;
    }
  }
  const eigen = symmetricEigen(gram, sketch);
  const largest = Math.sqrt(Math.max(eigen.values[0] ?? 0, 0));
  let kept = 0;
  while (kept < rank && Math.sqrt(Math.max(eigen.values[kept]!, 0)) > 1e-10 * largest) kept++;

  const singularValues = new Float64Array(kept);
  const rightVectors = new Float64Array(a.columns * kept);
  const component = new Float64Array(a.columns);
  for (let k = 0; k < kept; k++) {
    const sigma = Math.sqrt(eigen.values[k]!);
    singularValues[k] = sigma;
    component.fill(0);
    for (let i = 0; i < sketch; i++) {
      const weight = eigen.vectors[i * sketch + k]! / sigma;
      if (weight === 0) continue;
      const wi = w.subarray(i * a.columns, (i + 1) * a.columns);
      for (let c = 0; c < a.columns; c++) component[c] = component[c]! + weight * wi[c]!;
    }
    for (let c = 0; c < a.columns; c++) rightVectors[c * kept + k] = component[c]!;
  }
  return { singularValues, rightVectors, rank: kept };
}

/**
 * A·X for column-major X (a.columns × width) → column-major (a.rows × width). The product runs on
 * row-major copies so that each stored entry of A updates `width` contiguous numbers.
 */
function multiply(a: CsrMatrix, x: Float64Array, width: number): Float64Array {
  const xRows = transpose(x, a.columns, width);
  const out = new Float64Array(a.rows * width);
  for (let r = 0; r < a.rows; r++) {
    const outBase = r * width;
    for (let e = a.rowPointers[r]!; e < a.rowPointers[r + 1]!; e++) {
      const value = a.values[e]!;
      const xBase = a.columnIndices[e]! * width;
      for (let j = 0; j < width; j++) out[outBase + j] = out[outBase + j]! + value * xRows[xBase + j]!;
    }
  }
  return transpose(out, width, a.rows);
}

/** Aᵀ·Y for column-major Y (a.rows × width) → column-major (a.columns × width), row-major inside. */
function multiplyTransposed(a: CsrMatrix, y: Float64Array, width: number): Float64Array {
  const yRows = transpose(y, a.rows, width);
  const out = new Float64Array(a.columns * width);
  for (let r = 0; r < a.rows; r++) {
    const yBase = r * width;
    for (let e = a.rowPointers[r]!; e < a.rowPointers[r + 1]!; e++) {
      const value = a.values[e]!;
      const outBase = a.columnIndices[e]! * width;
      for (let j = 0; j < width; j++) out[outBase + j] = out[outBase + j]! + value * yRows[yBase + j]!;
    }
  }
  return transpose(out, width, a.columns);
}

/**
 * Column-major (rows × columns) ↔ row-major: transpose(data, rows, columns) reads column-major
 * and returns row-major; called as transpose(data, columns, rows) it goes back.
 */
function transpose(data: Float64Array, rows: number, columns: number): Float64Array {
  const out = new Float64Array(rows * columns);
  for (let c = 0; c < columns; c++) for (let r = 0; r < rows; r++) out[r * columns + c] = data[c * rows + r]!;
  return out;
}
