import { createSeededRandom } from "@/lib/eval/statistics/seeded-random";

/**
 * Small dense kernels for randomized SVD. Tall matrices are column-major Float64Arrays
 * (column j is data[j*rows .. (j+1)*rows)), so every inner loop walks contiguous memory.
 */

/** Standard normals by Box–Muller from the seeded mulberry32 stream; same seed → same stream. */
export function createGaussianRandom(seed: number): () => number {
  const uniform = createSeededRandom(seed);
  return () => {
    const u1 = 1 - uniform(); // (0, 1]: log is finite
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * uniform());
  };
}

/**
 * Orthonormalizes the columns in place by modified Gram–Schmidt. Two passes ("twice is enough",
 * Giraud et al.) give orthogonality near machine precision; one pass suffices inside power
 * iterations, where only a well-conditioned basis is needed. A column that becomes ~0 (rank
 * deficiency) is set to zero and stays out of later projections.
 */
export function orthonormalizeColumns(data: Float64Array, rows: number, columns: number, passes = 2): void {
  for (let pass = 0; pass < passes; pass++) {
    for (let j = 0; j < columns; j++) {
      const column = data.subarray(j * rows, (j + 1) * rows);
      const normBefore = norm(column);
      for (let i = 0; i < j; i++) {
        const previous = data.subarray(i * rows, (i + 1) * rows);
        const projection = dot(previous, column);
        if (projection !== 0)
          for (let r = 0; r < rows; r++) column[r] = column[r]! - projection * previous[r]!;
      }
      const normAfter = norm(column);
      if (normAfter <= 1e-10 * Math.max(normBefore, Number.MIN_VALUE) || normAfter === 0) column.fill(0);
      else for (let r = 0; r < rows; r++) column[r] = column[r]! / normAfter;
    }
  }
}

/**
 * Eigen-decomposition of a small symmetric matrix (row-major size × size) by cyclic Jacobi
 * rotations. Returns eigenvalues descending and eigenvectors as columns of a row-major matrix.
 */
export function symmetricEigen(
  matrix: Float64Array,
  size: number,
): { values: Float64Array; vectors: Float64Array } {
  const a = Float64Array.from(matrix);
  const v = new Float64Array(size * size);
  for (let i = 0; i < size; i++) v[i * size + i] = 1;
  for (let sweep = 0; sweep < 100; sweep++) {
    let offDiagonal = 0;
    let diagonal = 0;
    for (let p = 0; p < size; p++) {
      diagonal += a[p * size + p]! ** 2;
      for (let q = p + 1; q < size; q++) offDiagonal += a[p * size + q]! ** 2;
    }
    if (offDiagonal <= 1e-30 * Math.max(diagonal, Number.MIN_VALUE)) break;
    for (let p = 0; p < size - 1; p++) {
      for (let q = p + 1; q < size; q++) {
        const apq = a[p * size + q]!;
        if (apq === 0) continue;
        const theta = (a[q * size + q]! - a[p * size + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < size; k++) {
          // Rotate rows/columns p and q of a (a ← Jᵀ a J), and columns of v (v ← v J).
          const akp = a[k * size + p]!;
          const akq = a[k * size + q]!;
          a[k * size + p] = c * akp - s * akq;
          a[k * size + q] = s * akp + c * akq;
        }
        for (let k = 0; k < size; k++) {
          const apk = a[p * size + k]!;
          const aqk = a[q * size + k]!;
          a[p * size + k] = c * apk - s * aqk;
          a[q * size + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < size; k++) {
          const vkp = v[k * size + p]!;
          const vkq = v[k * size + q]!;
          v[k * size + p] = c * vkp - s * vkq;
          v[k * size + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: size }, (_, i) => i).sort((x, y) => a[y * size + y]! - a[x * size + x]!);
  const values = Float64Array.from(order, (i) => a[i * size + i]!);
  const vectors = new Float64Array(size * size);
  for (const [column, source] of order.entries())
    for (let k = 0; k < size; k++) vectors[k * size + column] = v[k * size + source]!;
  return { values, vectors };
}

export function dot(x: Float64Array, y: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += x[i]! * y[i]!;
  return sum;
}

function norm(x: Float64Array): number {
  return Math.sqrt(dot(x, x));
}
