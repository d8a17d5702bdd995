import { AppError } from "@/lib/errors";
import { type AnalyzerOptions, analyzeText, defaultAnalyzer } from "@/lib/retrieval/analyze-text";
import { TopHitsHeap } from "@/lib/retrieval/select-top-hits";

/** BM25 saturation (k1 ≥ 0) and length normalization (0 ≤ b ≤ 1); Anserini's defaults 0.9 / 0.4. */
export type Bm25Params = { k1: number; b: number };
/** `index` points into the `texts` given to build; `score` > 0. */
export type Bm25Hit = { index: number; score: number };

const defaultParams: Bm25Params = { k1: 0.9, b: 0.4 };

/**
 * In-memory BM25 over short texts (chunks), scoring as Lucene's BM25Similarity (Lucene ≥ 8, what
 * Anserini runs): score(d, q) = Σ over query terms t, a repeated term counting once per occurrence,
 * of idf(t) · tf / (tf + k1 · (1 − b + b · dl / avgdl)), idf(t) = ln(1 + (N − df + 0.5) / (df + 0.5)).
 * N and avgdl count only texts with at least one term, like Lucene's field statistics.
 *
 * Two known differences from Lucene: Lucene stores dl lossily (one SmallFloat byte per
 * document, so longer documents share a length bucket) and scores in float32; here dl is exact
 * and arithmetic is float64. Scores therefore differ slightly for long texts; switch to
 * bucketed lengths if exact Anserini parity is ever needed.
 *
 * Layout for speed on ~10⁵–10⁶ texts: term → integer id, postings as CSR typed arrays (doc ids
 * ascending, term frequencies), per-document length norms precomputed, and one reusable score
 * accumulator with a touched-list so a query allocates nothing per posting.
 */
export class Bm25Index {
  readonly size: number;
  private readonly accumulator: Float64Array;
  private readonly touched: Int32Array;

  private constructor(
    private readonly termIds: Map<string, number>,
    /** postings of term t are [postingStarts[t], postingStarts[t + 1]) */
    private readonly postingStarts: Int32Array,
    private readonly postingDocs: Int32Array,
    private readonly postingFrequencies: Int32Array,
    private readonly idfs: Float64Array,
    /** k1 · (1 − b + b · dl / avgdl) per document */
    private readonly lengthNorms: Float64Array,
    private readonly analyzer: AnalyzerOptions,
  ) {
    this.size = lengthNorms.length;
    this.accumulator = new Float64Array(this.size);
    this.touched = new Int32Array(this.size);
  }

  static build(options: { texts: string[]; params?: Bm25Params; analyzer?: AnalyzerOptions }): Bm25Index {
    const { texts, params = defaultParams, analyzer = defaultAnalyzer } = options;
    validateParams(params);
    const termIds = new Map<string, number>();
    // Per document, its distinct term ids and their frequencies, concatenated.
    const pairTerms: number[] = [];
    const pairFrequencies: number[] = [];
    const pairStarts = new Int32Array(texts.length + 1);
    const lengths = new Int32Array(texts.length);
    texts.forEach((text, document) => {
      const terms = analyzeText(text, analyzer);
      lengths[document] = terms.length;
      const ids = new Int32Array(terms.length);
      terms.forEach((term, position) => {
        let id = termIds.get(term);
        if (id === undefined) {
          id = termIds.size;
          termIds.set(term, id);
        }
        ids[position] = id;
      });
      ids.sort();
      for (let position = 0; position < ids.length; ) {
        const id = ids[position]!;
        let end = position + 1;
        while (end < ids.length && ids[end] === id) end++;
        pairTerms.push(id);
        pairFrequencies.push(end - position);
        position = end;
      }
      pairStarts[document + 1] = pairTerms.length;
    });

    const termCount = termIds.size;
    const postingStarts = new Int32Array(termCount + 1);
    for (const id of pairTerms) postingStarts[id + 1]!++;
    for (let id = 0; id < termCount; id++) postingStarts[id + 1]! += postingStarts[id]!;
    const postingDocs = new Int32Array(pairTerms.length);
    const postingFrequencies = new Int32Array(pairTerms.length);
    const cursor = postingStarts.slice(0, termCount);
    for (let document = 0; document < texts.length; document++) {
      for (let pair = pairStarts[document]!; pair < pairStarts[document + 1]!; pair++) {
        const slot = cursor[pairTerms[pair]!]!++;
        postingDocs[slot] = document;
        postingFrequencies[slot] = pairFrequencies[pair]!;
      }
    }

    let documentCount = 0;
    let totalLength = 0;
    for (const length of lengths) {
      if (length > 0) documentCount++;
      totalLength += length;
    }
    const averageLength = documentCount === 0 ? 1 : totalLength / documentCount;
    const idfs = new Float64Array(termCount);
    for (let id = 0; id < termCount; id++) {
      const df = postingStarts[id + 1]! - postingStarts[id]!;
      idfs[id] = Math.log(1 + (documentCount - df + 0.5) / (df + 0.5));
    }
    const lengthNorms = new Float64Array(texts.length);
    lengths.forEach((length, document) => {
      lengthNorms[document] = params.k1 * (1 - params.b + (params.b * length) / averageLength);
    });
    return new Bm25Index(
      termIds,
      postingStarts,
      postingDocs,
      postingFrequencies,
      idfs,
      lengthNorms,
      analyzer,
    );
  }

  /** The best `topK` texts for `query`: score descending, ties by index ascending, scores > 0. */
  search(query: string, topK: number): Bm25Hit[] {
    if (!Number.isInteger(topK) || topK < 0) {
      throw new AppError("bad_request", `topK must be a whole number ≥ 0 (got ${topK}).`);
    }
    const queryCounts = new Map<number, number>();
    for (const term of analyzeText(query, this.analyzer)) {
      const id = this.termIds.get(term);
      if (id !== undefined) queryCounts.set(id, (queryCounts.get(id) ?? 0) + 1);
    }
    const { accumulator, touched, postingDocs, postingFrequencies, lengthNorms } = this;
    let touchedCount = 0;
    for (const [id, count] of queryCounts) {
      const weight = this.idfs[id]! * count;
      const end = this.postingStarts[id + 1]!;
      for (let posting = this.postingStarts[id]!; posting < end; posting++) {
        const document = postingDocs[posting]!;
        const frequency = postingFrequencies[posting]!;
        // Every contribution is > 0 (idf > 0, tf ≥ 1), so 0 means "not touched yet".
        if (accumulator[document] === 0) touched[touchedCount++] = document;
        accumulator[document]! += (weight * frequency) / (frequency + lengthNorms[document]!);
      }
    }
    const heap = new TopHitsHeap(Math.min(topK, touchedCount));
    for (let slot = 0; slot < touchedCount; slot++) {
      const document = touched[slot]!;
      heap.offer(document, accumulator[document]!);
      accumulator[document] = 0;
    }
    return heap.sorted();
  }
}

function validateParams(params: Bm25Params): void {
  if (!(Number.isFinite(params.k1) && params.k1 >= 0 && params.b >= 0 && params.b <= 1)) {
    throw new AppError(
      "bad_request",
      `BM25 needs k1 ≥ 0 and 0 ≤ b ≤ 1 (got k1=${params.k1}, b=${params.b}).`,
    );
  }
}
