import { AppError } from "@/lib/errors";
import { analyzeText } from "@/lib/retrieval/analyze-text";
import { type AnalyzerOptions, defaultAnalyzer } from "@/lib/retrieval/analyzer-options";
import { type Bm25IndexParts, checkParts, corruptParts } from "@/lib/retrieval/bm25-index-parts";
import { exactNormInverses, luceneNormInverses } from "@/lib/retrieval/bm25-norms";
import { TopHitsHeap } from "@/lib/retrieval/select-top-hits";

/** BM25 saturation (k1 ≥ 0) and length normalization (0 ≤ b ≤ 1); Anserini's defaults 0.9 / 0.4. */
export type Bm25Params = { k1: number; b: number };
/** `index` points into the `texts` given to build; `score` > 0. */
export type Bm25Hit = { index: number; score: number };

/**
 * `lucene` (default) reproduces Lucene's BM25Similarity bit for bit: document lengths stored in one
 * SmallFloat byte (lengths above 23 rounded down to 4 significant bits), k1, b, avgdl, idf and each
 * term's contribution in float32, contributions summed in float64 and the sum rounded to float32 —
 * what Anserini's runs contain. `exact` uses true lengths and float64 throughout.
 */
export type Bm25Scoring = "lucene" | "exact";

const defaultParams: Bm25Params = { k1: 0.9, b: 0.4 };

/**
 * In-memory BM25 over short texts (chunks), scoring as Lucene's BM25Similarity (Lucene ≥ 8, what
 * Anserini runs): score(d, q) = Σ over query terms t, a repeated term counting once per occurrence,
 * of idf(t) · tf / (tf + k1 · (1 − b + b · dl / avgdl)), idf(t) = ln(1 + (N − df + 0.5) / (df + 0.5)).
 * N and avgdl count only texts with at least one term, like Lucene's field statistics.
 *
 * With `scoring: "lucene"` (the default) dl is Lucene's lossy one-byte length and arithmetic is
 * float32 as in Lucene, so scores equal Anserini's; see Bm25Scoring.
 *
 * Layout for speed on ~10⁵–10⁶ texts: term → integer id, postings as CSR typed arrays (doc ids
 * ascending, term frequencies), per-document length norms precomputed, and one reusable score
 * accumulator with a touched-list so a query allocates nothing per posting. A term's contribution
 * is computed as Lucene does, weight − weight / (1 + tf · normInverse), which equals
 * weight · tf / (tf + norm).
 */
export class Bm25Index {
  readonly size: number;
  private readonly accumulator: Float64Array;
  private readonly touched: Int32Array;

  private constructor(
    private readonly params: Bm25Params,
    private readonly termIds: Map<string, number>,
    /** postings of term t are [postingStarts[t], postingStarts[t + 1]) */
    private readonly postingStarts: Int32Array,
    private readonly postingDocs: Int32Array,
    private readonly postingFrequencies: Int32Array,
    private readonly idfs: Float64Array,
    /** 1 / (k1 · (1 − b + b · dl / avgdl)) per document (float32 values in lucene scoring) */
    private readonly normInverses: Float64Array,
    private readonly analyzer: AnalyzerOptions,
    private readonly scoring: Bm25Scoring,
  ) {
    this.size = normInverses.length;
    this.accumulator = new Float64Array(this.size);
    this.touched = new Int32Array(this.size);
  }

  static build(options: {
    texts: string[];
    params?: Bm25Params;
    analyzer?: AnalyzerOptions;
    scoring?: Bm25Scoring;
  }): Bm25Index {
    const { texts, params = defaultParams, analyzer = defaultAnalyzer, scoring = "lucene" } = options;
    validateParams(params);
    const pairs = countTermFrequencies(texts, analyzer);
    const { termIds, lengths } = pairs;
    const { postingStarts, postingDocs, postingFrequencies } = invertPairs(pairs);
    const { idfs, documentCount, totalLength } = inverseDocumentFrequencies(postingStarts, lengths);
    const normInverses =
      scoring === "lucene"
        ? luceneNormInverses({ lengths, params, documentCount, totalLength, idfs })
        : exactNormInverses({ lengths, params, documentCount, totalLength });
    return new Bm25Index(
      { k1: params.k1, b: params.b },
      termIds,
      postingStarts,
      postingDocs,
      postingFrequencies,
      idfs,
      normInverses,
      analyzer,
      scoring,
    );
  }

  /** What the index was built with (copies). */
  get settings(): { params: Bm25Params; analyzer: AnalyzerOptions; scoring: Bm25Scoring } {
    return { params: { ...this.params }, analyzer: { ...this.analyzer }, scoring: this.scoring };
  }

  /**
   * The built state, for serialization (bm25-index-file.ts). The arrays are the index's own, not
   * copies: callers must not modify them.
   */
  toParts(): Bm25IndexParts {
    return {
      params: { ...this.params },
      analyzer: { ...this.analyzer },
      scoring: this.scoring,
      vocabulary: [...this.termIds.keys()],
      postingStarts: this.postingStarts,
      postingDocs: this.postingDocs,
      postingFrequencies: this.postingFrequencies,
      idfs: this.idfs,
      normInverses: this.normInverses,
    };
  }

  /**
   * An index from `toParts()` output, searching exactly as the original (same hits, same scores:
   * nothing is recomputed). Takes ownership of the arrays. Checks that the parts fit together, so
   * that a damaged file cannot make `search` read out of bounds; throws AppError otherwise.
   */
  static fromParts(parts: Bm25IndexParts): Bm25Index {
    validateParams(parts.params);
    checkParts(parts);
    const termIds = new Map<string, number>();
    for (const [id, term] of parts.vocabulary.entries()) termIds.set(term, id);
    if (termIds.size !== parts.vocabulary.length) throw corruptParts("the vocabulary repeats a term");
    return new Bm25Index(
      { k1: parts.params.k1, b: parts.params.b },
      termIds,
      parts.postingStarts,
      parts.postingDocs,
      parts.postingFrequencies,
      parts.idfs,
      parts.normInverses,
      { ...parts.analyzer },
      parts.scoring,
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
    const { accumulator, touched, postingDocs, postingFrequencies, normInverses } = this;
    const lucene = this.scoring === "lucene";
    let touchedCount = 0;
    for (const [id, count] of queryCounts) {
      // Anserini sends a repeated term once, boosted by its count: weight = boost · idf.
      const weight = lucene ? Math.fround(count * this.idfs[id]!) : count * this.idfs[id]!;
      const end = this.postingStarts[id + 1]!;
      for (let posting = this.postingStarts[id]!; posting < end; posting++) {
        const document = postingDocs[posting]!;
        const frequency = postingFrequencies[posting]!;
        const contribution = lucene
          ? Math.fround(
              weight -
                Math.fround(weight / Math.fround(1 + Math.fround(frequency * normInverses[document]!))),
            )
          : weight - weight / (1 + frequency * normInverses[document]!);
        if (contribution <= 0) continue; // only float32 underflow at absurd lengths can do this
        // Every kept contribution is > 0, so 0 means "not touched yet".
        if (accumulator[document] === 0) touched[touchedCount++] = document;
        accumulator[document]! += contribution;
      }
    }
    // Equal scores: the later document first. The app indexes a corpus in id order (byte order,
    // lib/db/corpora.ts), so ties rank the greater id first — trec_eval's order (docno
    // descending), which makes the app's document-mode numbers those of `retrieve` + eval-trec.
    const heap = new TopHitsHeap(Math.min(topK, touchedCount), { ties: "later-first" });
    for (let slot = 0; slot < touchedCount; slot++) {
      const document = touched[slot]!;
      const score = accumulator[document]!;
      heap.offer(document, lucene ? Math.fround(score) : score);
      accumulator[document] = 0;
    }
    return heap.sorted();
  }
}

/** A copy of `array` with room for `capacity` entries, the new ones set to `fill`. */
/**
 * One pass over the documents: every term given an id, and per document its distinct term ids and
 * their frequencies, concatenated (`pairStarts[d]`…`pairStarts[d + 1]`), with each document's length.
 */
function countTermFrequencies(texts: readonly string[], analyzer: AnalyzerOptions) {
  const termIds = new Map<string, number>();
  // Per document, its distinct term ids and their frequencies, concatenated (growable buffers).
  let pairTerms = new Int32Array(1 << 16);
  let pairFrequencies = new Int32Array(1 << 16);
  let pairCount = 0;
  // For each term id, the last document it was seen in and its pair slot there: counts
  // frequencies in one pass, with no per-document sort or allocation.
  let lastDocument = new Int32Array(1 << 14).fill(-1);
  let lastSlot = new Int32Array(1 << 14);
  const pairStarts = new Int32Array(texts.length + 1);
  const lengths = new Int32Array(texts.length);
  for (let document = 0; document < texts.length; document++) {
    const terms = analyzeText(texts[document]!, analyzer);
    lengths[document] = terms.length;
    if (pairCount + terms.length > pairTerms.length) {
      const capacity = Math.max(pairTerms.length * 2, pairCount + terms.length);
      pairTerms = grow(pairTerms, capacity);
      pairFrequencies = grow(pairFrequencies, capacity);
    }
    for (const term of terms) {
      let id = termIds.get(term);
      if (id === undefined) {
        id = termIds.size;
        termIds.set(term, id);
        if (id === lastDocument.length) {
          lastDocument = grow(lastDocument, id * 2, -1);
          lastSlot = grow(lastSlot, id * 2);
        }
      }
      if (lastDocument[id] === document) {
        pairFrequencies[lastSlot[id]!]!++;
      } else {
        lastDocument[id] = document;
        lastSlot[id] = pairCount;
        pairTerms[pairCount] = id;
        pairFrequencies[pairCount] = 1;
        pairCount++;
      }
    }
    pairStarts[document + 1] = pairCount;
  }

  return { termIds, pairTerms, pairFrequencies, pairCount, pairStarts, lengths };
}

/** The (document, term) pairs turned into postings per term, in document order. */
function invertPairs(pairs: ReturnType<typeof countTermFrequencies>) {
  const { termIds, pairTerms, pairFrequencies, pairCount, pairStarts } = pairs;
  const documents = pairStarts.length - 1;
  const termCount = termIds.size;
  const postingStarts = new Int32Array(termCount + 1);
  for (let pair = 0; pair < pairCount; pair++) postingStarts[pairTerms[pair]! + 1]!++;
  for (let id = 0; id < termCount; id++) postingStarts[id + 1]! += postingStarts[id]!;
  const postingDocs = new Int32Array(pairCount);
  const postingFrequencies = new Int32Array(pairCount);
  const cursor = postingStarts.slice(0, termCount);
  for (let document = 0; document < documents; document++) {
    for (let pair = pairStarts[document]!; pair < pairStarts[document + 1]!; pair++) {
      const slot = cursor[pairTerms[pair]!]!++;
      postingDocs[slot] = document;
      postingFrequencies[slot] = pairFrequencies[pair]!;
    }
  }

  return { postingStarts, postingDocs, postingFrequencies };
}

/** Each term's idf, log(1 + (N − df + 0.5) / (df + 0.5)) over the N non-empty documents. */
function inverseDocumentFrequencies(postingStarts: Int32Array, lengths: Int32Array) {
  const termCount = postingStarts.length - 1;
  let documentCount = 0;
  let totalLength = 0;
  for (const length of lengths) {
    if (length > 0) documentCount++;
    totalLength += length;
  }
  const idfs = new Float64Array(termCount);
  for (let id = 0; id < termCount; id++) {
    const df = postingStarts[id + 1]! - postingStarts[id]!;
    idfs[id] = Math.log(1 + (documentCount - df + 0.5) / (df + 0.5));
  }
  return { idfs, documentCount, totalLength };
}

function grow(array: Int32Array<ArrayBuffer>, capacity: number, fill = 0): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(capacity);
  grown.set(array);
  if (fill !== 0) grown.fill(fill, array.length);
  return grown;
}

function validateParams(params: Bm25Params): void {
  if (!(Number.isFinite(params.k1) && params.k1 >= 0 && params.b >= 0 && params.b <= 1)) {
    throw new AppError(
      "bad_request",
      `BM25 needs k1 ≥ 0 and 0 ≤ b ≤ 1 (got k1=${params.k1}, b=${params.b}).`,
    );
  }
}
