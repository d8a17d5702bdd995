/**
 * The labeling candidates of one query, as the workspace shows them: serializable (plain data,
 * no Dates or Maps), so a server page can pass it to a client component as it is.
 */

/** One configuration that retrieved a passage, and its 1-based rank there. */
type PoolSource = { name: string; rank: number };

/** A run of excerpt text; `match` marks a query term (the UI draws it, as text, never as HTML). */
export type ExcerptSegment = { text: string; match: boolean };

/**
 * Readable context of a passage: whitespace collapsed, cut at word boundaries.
 * `clippedStart` / `clippedEnd` say that text continues before / after (draw an ellipsis).
 */
export type TextExcerpt = { segments: ExcerptSegment[]; clippedStart: boolean; clippedEnd: boolean };

/**
 * A passage of the pool: the union of the overlapping spans that pooled configurations retrieved
 * in one document (UTF-16 offsets into the document's current text, end exclusive), with each
 * configuration's best rank among those spans, best rank first.
 */
type PooledPassage = {
  documentId: string;
  start: number;
  end: number;
  sources: PoolSource[];
  excerpt: TextExcerpt;
};

/** A document of the pool with its passages, best first; `rank` is its 1-based place in the list. */
export type PooledDocument = {
  documentId: string;
  externalId: string;
  title: string;
  rank: number;
  passages: PooledPassage[];
};

export type CandidatePool = {
  /** How many results of each configuration were pooled (the set's pool depth). */
  depth: number;
  /** The pooled configurations, BM25 first, in the order the set lists them. */
  sourceNames: string[];
  documents: PooledDocument[];
};
