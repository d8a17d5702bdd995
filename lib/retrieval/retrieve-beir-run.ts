import type { BeirSource } from "@/lib/exchange/read-beir";
import { Bm25Index } from "@/lib/retrieval/bm25-index";
import { DenseIndex } from "@/lib/retrieval/dense/dense-index";
import { fitLsa } from "@/lib/retrieval/dense/lsa";
import { fuseReciprocalRank, type ScoredId } from "@/lib/retrieval/fusion/fuse-reciprocal-rank";
import { fuseWeighted } from "@/lib/retrieval/fusion/fuse-weighted";
import type {
  Bm25RetrieverConfig,
  HybridRetrieverConfig,
  LsaRetrieverConfig,
  RetrievalRunConfig,
} from "@/lib/retrieval/retrieval-run-config";

export type RankedDocument = { documentId: string; score: number };
export type QueryRanking = { queryId: string; documents: RankedDocument[] };

/** Up to `hits` documents for a query, best first, never the document whose id is `queryId`. */
type SearchDocuments = (query: { id: string; text: string }, hits: number) => RankedDocument[];

/**
 * Runs a retrieval config over a BEIR dataset the way Anserini's BEIR regressions do: whole
 * documents, title and text joined by one space into one field; only the queries judged in
 * `qrels/<split>.tsv`, in queries.jsonl order; and a document whose id equals the query's id is
 * never returned (Anserini's `-removeQuery`, BEIR's `ignore_identical_ids`), so each query gets up
 * to `hits` other documents. Yields one ranking per query, best first.
 *
 * - `bm25`: one inverted index over the documents.
 * - `lsa`: LSA fitted once on the documents' texts; each query embedded by that model and
 *   searched exactly (brute-force cosine).
 * - `hybrid`: both, each giving its top `depth` documents (the query's own id removed first), fused
 *   by RRF or weighted fusion (dense list first, so alpha weighs LSA); the first `hits` are kept.
 */
export async function* retrieveBeirRun(options: {
  source: BeirSource;
  split: string;
  config: RetrievalRunConfig;
  hits: number;
}): AsyncGenerator<QueryRanking> {
  const { source, split, config, hits } = options;
  const judgedQueryIds = new Set<string>();
  for await (const qrel of source.qrels(split)) judgedQueryIds.add(qrel.queryId);

  const documentIds: string[] = [];
  const texts: string[] = [];
  for await (const document of source.documents()) {
    documentIds.push(document.externalId);
    texts.push(document.title === "" ? document.text : `${document.title} ${document.text}`);
  }
  const search = buildSearch(config.retriever, texts, documentIds);
  texts.length = 0; // the indexes keep what they need; let the texts go

  for await (const query of source.queries()) {
    if (!judgedQueryIds.has(query.id)) continue;
    yield { queryId: query.id, documents: search(query, hits) };
  }
}

function buildSearch(
  retriever: RetrievalRunConfig["retriever"],
  texts: string[],
  documentIds: readonly string[],
): SearchDocuments {
  switch (retriever.kind) {
    case "bm25":
      return buildBm25Search(retriever, texts, documentIds);
    case "lsa":
      return buildLsaSearch(retriever, texts, documentIds);
    case "hybrid":
      return buildHybridSearch(retriever, texts, documentIds);
  }
}

function buildBm25Search(
  retriever: Bm25RetrieverConfig,
  texts: string[],
  documentIds: readonly string[],
): SearchDocuments {
  const index = Bm25Index.build({ texts, params: retriever.params, analyzer: retriever.analyzer });
  return (query, hits) => withoutQueryId(index.search(query.text, hits + 1), query.id, hits, documentIds);
}

function buildLsaSearch(
  retriever: LsaRetrieverConfig,
  texts: string[],
  documentIds: readonly string[],
): SearchDocuments {
  const model = fitLsa({ texts, dimensions: retriever.dimensions, seed: retriever.seed });
  const index = DenseIndex.build({ vectors: model.corpusVectors });
  return (query, hits) =>
    withoutQueryId(index.search(model.embed(query.text), hits + 1), query.id, hits, documentIds);
}

function buildHybridSearch(
  retriever: HybridRetrieverConfig,
  texts: string[],
  documentIds: readonly string[],
): SearchDocuments {
  const sparse = buildBm25Search(retriever.sparse, texts, documentIds);
  const dense = buildLsaSearch(retriever.dense, texts, documentIds);
  const { fusion, depth } = retriever;
  return (query, hits) => {
    const sparseList = sparse(query, depth).map(toScoredId);
    const denseList = dense(query, depth).map(toScoredId);
    const fused =
      fusion.kind === "rrf"
        ? fuseReciprocalRank({ rankings: [sparseList, denseList], k: fusion.k, depth })
        : fuseWeighted({
            first: denseList,
            second: sparseList,
            alpha: fusion.alpha,
            normalization: fusion.normalization,
            depth,
          });
    return fused.slice(0, hits).map(({ id, score }) => ({ documentId: id, score }));
  };
}

/** The first `hits` of an index's hits (asked for hits + 1) whose document is not the query itself. */
function withoutQueryId(
  indexHits: readonly { index: number; score: number }[],
  queryId: string,
  hits: number,
  documentIds: readonly string[],
): RankedDocument[] {
  const documents: RankedDocument[] = [];
  for (const hit of indexHits) {
    const documentId = documentIds[hit.index]!;
    if (documentId === queryId) continue;
    if (documents.length === hits) break;
    documents.push({ documentId, score: hit.score });
  }
  return documents;
}

function toScoredId(document: RankedDocument): ScoredId {
  return { id: document.documentId, score: document.score };
}
