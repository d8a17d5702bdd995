import type { Bm25Params } from "@/lib/retrieval/bm25-index";
import { intToByte4, LUCENE_LENGTH_TABLE } from "@/lib/retrieval/encode-small-float";

// Per-text length normalization of BM25, precomputed at build time as 1 / (k1 · (1 − b + b · dl / avgdl)).

export type LengthStatistics = {
  lengths: Int32Array;
  params: Bm25Params;
  /** texts with at least one term (Lucene's docCount) */
  documentCount: number;
  /** all terms of all texts (Lucene's sumTotalTermFreq) */
  totalLength: number;
};

export function exactNormInverses(statistics: LengthStatistics): Float64Array {
  const { lengths, params, documentCount, totalLength } = statistics;
  const averageLength = documentCount === 0 ? 1 : totalLength / documentCount;
  return Float64Array.from(
    lengths,
    (length) => 1 / (params.k1 * (1 - params.b + (params.b * length) / averageLength)),
  );
}

/**
 * BM25Similarity.scorer's 256-entry cache, in float32 as Java evaluates it, looked up through each
 * text's SmallFloat length byte. Also rounds the idfs to float32 in place, as Lucene's idf() does.
 */
export function luceneNormInverses(statistics: LengthStatistics & { idfs: Float64Array }): Float64Array {
  const { lengths, params, documentCount, totalLength, idfs } = statistics;
  const f = Math.fround;
  const k1 = f(params.k1);
  const b = f(params.b);
  const averageLength = f(documentCount === 0 ? 1 : totalLength / documentCount);
  const cache = new Float64Array(256);
  for (let code = 0; code < 256; code++) {
    const lengthRatio = f(f(b * LUCENE_LENGTH_TABLE[code]!) / averageLength);
    cache[code] = f(1 / f(k1 * f(f(1 - b) + lengthRatio)));
  }
  for (let id = 0; id < idfs.length; id++) idfs[id] = f(idfs[id]!);
  return Float64Array.from(lengths, (length) => cache[intToByte4(length)]!);
}
