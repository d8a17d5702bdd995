import { AppError } from "@/lib/errors";
import type { AnalyzerOptions } from "@/lib/retrieval/analyzer-options";
import type { Bm25Params, Bm25Scoring } from "@/lib/retrieval/bm25-index";

/**
 * Everything a built index holds. Term t is `vocabulary[t]`; its postings are
 * [postingStarts[t], postingStarts[t + 1]) of postingDocs (ascending) and postingFrequencies; idfs
 * and normInverses are as used in scoring (float32 values in lucene scoring), one per term and per
 * text.
 */
export type Bm25IndexParts = {
  params: Bm25Params;
  analyzer: AnalyzerOptions;
  scoring: Bm25Scoring;
  vocabulary: string[];
  postingStarts: Int32Array;
  postingDocs: Int32Array;
  postingFrequencies: Int32Array;
  idfs: Float64Array;
  normInverses: Float64Array;
};

export function checkParts(parts: Bm25IndexParts): void {
  const { vocabulary, postingStarts, postingDocs, postingFrequencies, idfs, normInverses } = parts;
  if (parts.scoring !== "lucene" && parts.scoring !== "exact") throw corruptParts("unknown scoring");
  if (postingStarts.length !== vocabulary.length + 1 || idfs.length !== vocabulary.length)
    throw corruptParts("the term arrays do not match the vocabulary");
  if (postingStarts[0] !== 0 || postingStarts[vocabulary.length] !== postingDocs.length)
    throw corruptParts("the posting offsets do not span the postings");
  if (postingFrequencies.length !== postingDocs.length)
    throw corruptParts("postings and frequencies differ in length");
  for (let id = 0; id < vocabulary.length; id++) {
    if (postingStarts[id]! > postingStarts[id + 1]!) throw corruptParts("the posting offsets decrease");
  }
  const size = normInverses.length;
  for (const document of postingDocs) {
    if (document < 0 || document >= size) throw corruptParts("a posting names a text that does not exist");
  }
}

export function corruptParts(reason: string): AppError {
  return new AppError("internal", `The BM25 index data is inconsistent: ${reason}.`);
}
