import type { FusionConfig } from "@/lib/configs/config-schema";
import type { RetrievalRunConfig } from "@/lib/configs/retrieval-run-config";
import type { BeirSource } from "@/lib/exchange/read-beir";
import { fuseReciprocalRank, type ScoredId } from "@/lib/retrieval/fusion/fuse-reciprocal-rank";
import { fuseWeighted } from "@/lib/retrieval/fusion/fuse-weighted";
import { buildRetriever, type Retriever } from "@/lib/runs/build-retriever";
import type { RunServices } from "@/lib/runs/run-services";

export type RankedDocument = { documentId: string; score: number };
export type QueryRanking = { queryId: string; documents: RankedDocument[] };

type BeirQuery = { id: string; text: string };

/** Up to `hits` documents for a query, best first (without the query's own, when so configured). */
type SearchDocuments = (query: BeirQuery, hits: number) => Promise<RankedDocument[]>;

/**
 * Runs a retrieval config over a BEIR dataset the way Anserini's BEIR regressions do: whole
 * documents, title and text joined by one space into one field; only the queries judged in
 * `qrels/<split>.tsv`, in queries.jsonl order. With the config's `ignoreIdenticalIds` (off unless
 * asked, as in the app), a document whose id equals the query's id is never returned (Anserini's
 * `-removeQuery`, BEIR's `ignore_identical_ids`), so each query gets up to `hits` other documents.
 * Yields one ranking per query, best first.
 *
 * The retrievers are the app's (`buildRetriever`) over the documents' texts. With the setting on,
 * bm25 and dense are asked for `hits + 1`, then the query's own document is dropped, and hybrid
 * removes it from each of its two lists (each cut at `depth` without it) before fusing them, as
 * Anserini's fusion of two `-removeQuery` runs does; fusion breaks ties by document id.
 */
export async function* retrieveBeirRun(options: {
  source: BeirSource;
  split: string;
  config: RetrievalRunConfig;
  hits: number;
  services: RunServices;
}): AsyncGenerator<QueryRanking> {
  const { source, split, config, hits, services } = options;
  const judgedQueryIds = new Set<string>();
  for await (const qrel of source.qrels(split)) judgedQueryIds.add(qrel.queryId);
  const queries: BeirQuery[] = [];
  for await (const query of source.queries()) if (judgedQueryIds.has(query.id)) queries.push(query);

  const search = await buildDocumentSearch({ source, config, services });
  await search.prepare(queries.map((query) => query.text));

  for (const query of queries) yield { queryId: query.id, documents: await search.search(query, hits) };
}

/** Reads the documents and builds the search; the texts are let go once the indexes are built. */
async function buildDocumentSearch(options: {
  source: BeirSource;
  config: RetrievalRunConfig;
  services: RunServices;
}): Promise<{ prepare: Retriever["prepare"]; search: SearchDocuments }> {
  const { source, services } = options;
  const { retriever, ignoreIdenticalIds } = options.config;
  const documentIds: string[] = [];
  const texts: string[] = [];
  for await (const document of source.documents()) {
    documentIds.push(document.externalId);
    texts.push(document.title === "" ? document.text : `${document.title} ${document.text}`);
  }
  if (retriever.kind !== "hybrid") {
    const built = await buildRetriever({ retriever, texts, services });
    return { prepare: built.prepare, search: searchDocuments(built, documentIds, ignoreIdenticalIds) };
  }
  // Not the app's hybrid: it fuses before the query's document can be dropped from each list, and
  // breaks fusion ties by text position rather than document id (the published figures use ids).
  const sparse = await buildRetriever({ retriever: { kind: "bm25", ...retriever.sparse }, texts, services });
  const dense = await buildRetriever({
    retriever: { kind: "dense", provider: retriever.dense.provider },
    texts,
    services,
  });
  const sparseSearch = searchDocuments(sparse, documentIds, ignoreIdenticalIds);
  const denseSearch = searchDocuments(dense, documentIds, ignoreIdenticalIds);
  const { fusion, depth } = retriever;
  return {
    async prepare(queries) {
      await sparse.prepare(queries);
      await dense.prepare(queries);
    },
    async search(query, hits) {
      const fused = fuseDocumentLists({
        sparse: (await sparseSearch(query, depth)).map(toScoredId),
        dense: (await denseSearch(query, depth)).map(toScoredId),
        fusion,
        depth,
      });
      return fused.slice(0, hits).map(({ id, score }) => ({ documentId: id, score }));
    },
  };
}

/**
 * The first `hits` documents; with `ignoreIdenticalIds`, asks for `hits + 1` and keeps the first
 * `hits` whose document is not the query itself.
 */
function searchDocuments(
  retriever: Retriever,
  documentIds: readonly string[],
  ignoreIdenticalIds: boolean,
): SearchDocuments {
  return async (query, hits) => {
    const documents: RankedDocument[] = [];
    for (const hit of await retriever.search(query.text, ignoreIdenticalIds ? hits + 1 : hits)) {
      const documentId = documentIds[hit.index]!;
      if (ignoreIdenticalIds && documentId === query.id) continue;
      if (documents.length === hits) break;
      documents.push({ documentId, score: hit.score });
    }
    return documents;
  };
}

/** RRF over both lists, or weighted fusion with the dense list first (alpha weighs it). */
function fuseDocumentLists(options: {
  sparse: ScoredId[];
  dense: ScoredId[];
  fusion: FusionConfig;
  depth: number;
}): ScoredId[] {
  const { sparse, dense, fusion, depth } = options;
  return fusion.kind === "rrf"
    ? fuseReciprocalRank({ rankings: [sparse, dense], k: fusion.k, depth })
    : fuseWeighted({
        first: dense,
        second: sparse,
        alpha: fusion.alpha,
        normalization: fusion.normalization,
        depth,
      });
}

function toScoredId(document: RankedDocument): ScoredId {
  return { id: document.documentId, score: document.score };
}
