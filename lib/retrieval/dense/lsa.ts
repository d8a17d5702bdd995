import { AppError } from "@/lib/errors";
import { analyzeText } from "@/lib/retrieval/analyze-text";
import { type AnalyzerOptions, defaultAnalyzer } from "@/lib/retrieval/analyzer-options";
import { randomizedSvd } from "@/lib/retrieval/dense/randomized-svd";
import {
  buildTfidfMatrix,
  type CsrMatrix,
  type TfidfVocabulary,
  weighTerms,
} from "@/lib/retrieval/dense/tfidf-matrix";

/** A fitted LSA model: embeds any text into the corpus's latent space. */
export type LsaModel = {
  /** Actual dimensions: at most the requested, fewer for a small or low-rank corpus. */
  readonly dimensions: number;
  readonly singularValues: Float64Array;
  readonly vocabularySize: number;
  /** Unit-length vector (all zeros for a text with no known term); cosine = dot product. */
  embed(text: string): Float32Array;
  /** The fitted texts' vectors, aligned with `texts` — equal to embed(text), without analyzing twice. */
  readonly corpusVectors: Float32Array[];
};

export type FitLsaOptions = {
  texts: readonly string[];
  /** Default 128; capped by the corpus's rank (documents, vocabulary). */
  dimensions?: number;
  /** PRNG seed of the Gaussian sketch; same texts + options + seed → same model. Default 1. */
  seed?: number;
  analyzer?: AnalyzerOptions;
  /** Terms in fewer documents are dropped; default 2 from 100 documents on, else 1 (tiny corpora keep all). */
  minDocumentFrequency?: number;
  powerIterations?: number;
};

/**
 * The built-in offline dense baseline (latent semantic analysis): sparse TF-IDF (sublinear tf,
 * smooth idf, l2 rows) over `analyzeText` terms, truncated to `dimensions` by randomized SVD.
 * A text embeds as x·V, x its TF-IDF row and V the right singular vectors (scikit-learn's
 * TruncatedSVD.transform), then l2-normalized. No Σ⁻¹ scaling: it would amplify weak components.
 */
export function fitLsa(options: FitLsaOptions): LsaModel {
  const requested = options.dimensions ?? 128;
  if (!Number.isInteger(requested) || requested < 1)
    throw new AppError("bad_request", `LSA dimensions must be a positive integer, got ${requested}`);
  const analyzer = options.analyzer ?? defaultAnalyzer;
  const documents = options.texts.map((text) => analyzeText(text, analyzer));
  const minDocumentFrequency = options.minDocumentFrequency ?? (documents.length >= 100 ? 2 : 1);
  const { matrix, vocabulary } = buildTfidfMatrix({ documents, minDocumentFrequency });
  const svd = randomizedSvd({
    matrix,
    rank: requested,
    seed: options.seed ?? 1,
    powerIterations: options.powerIterations ?? 2,
  });
  return createLsaModel({
    vocabulary,
    matrix,
    termVectors: svd.rightVectors,
    rank: svd.rank,
    singularValues: svd.singularValues,
    analyzer,
  });
}

function createLsaModel(options: {
  vocabulary: TfidfVocabulary;
  matrix: CsrMatrix;
  termVectors: Float64Array;
  rank: number;
  singularValues: Float64Array;
  analyzer: AnalyzerOptions;
}): LsaModel {
  const { vocabulary, matrix, termVectors, rank, analyzer } = options;
  const corpusVectors: Float32Array[] = [];
  for (let row = 0; row < matrix.rows; row++) {
    const start = matrix.rowPointers[row]!;
    const end = matrix.rowPointers[row + 1]!;
    corpusVectors.push(
      project({
        columns: matrix.columnIndices.subarray(start, end),
        values: matrix.values.subarray(start, end),
        termVectors,
        rank,
      }),
    );
  }
  return {
    dimensions: rank,
    singularValues: options.singularValues,
    vocabularySize: vocabulary.idf.length,
    corpusVectors,
    embed(text) {
      const row = weighTerms({ terms: analyzeText(text, analyzer), vocabulary });
      return project({ ...row, termVectors, rank });
    },
  };
}

/** x·V for one sparse TF-IDF row, l2-normalized. */
function project(options: {
  columns: Int32Array;
  values: Float64Array;
  termVectors: Float64Array;
  rank: number;
}): Float32Array {
  const { columns, values, termVectors, rank } = options;
  const sum = new Float64Array(rank);
  for (let position = 0; position < columns.length; position++) {
    const weight = values[position]!;
    const offset = columns[position]! * rank;
    for (let d = 0; d < rank; d++) sum[d] = sum[d]! + weight * termVectors[offset + d]!;
  }
  let sumOfSquares = 0;
  for (let d = 0; d < rank; d++) sumOfSquares += sum[d]! * sum[d]!;
  const scale = sumOfSquares > 0 ? 1 / Math.sqrt(sumOfSquares) : 0;
  return Float32Array.from(sum, (value) => value * scale);
}
