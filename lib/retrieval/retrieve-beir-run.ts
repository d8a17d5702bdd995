import type { BeirSource } from "@/lib/exchange/read-beir";
import { Bm25Index } from "@/lib/retrieval/bm25-index";
import type { RetrievalRunConfig } from "@/lib/retrieval/retrieval-run-config";

export type RankedDocument = { documentId: string; score: number };
export type QueryRanking = { queryId: string; documents: RankedDocument[] };

/**
 * Runs a retrieval config over a BEIR dataset the way Anserini's BEIR regressions do: whole
 * documents, title and text joined by one space into one field; only the queries judged in
 * `qrels/<split>.tsv`, in queries.jsonl order; and a document whose id equals the query's id is
 * never returned (Anserini's `-removeQuery`, BEIR's `ignore_identical_ids`), so each query gets up
 * to `hits` other documents. Yields one ranking per query, best first.
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
  const { params, analyzer } = config.retriever;
  const index = Bm25Index.build({ texts, params, analyzer });
  texts.length = 0; // the index keeps what it needs; let the texts go

  for await (const query of source.queries()) {
    if (!judgedQueryIds.has(query.id)) continue;
    const documents: RankedDocument[] = [];
    for (const hit of index.search(query.text, hits + 1)) {
      const documentId = documentIds[hit.index]!;
      if (documentId === query.id) continue;
      if (documents.length === hits) break;
      documents.push({ documentId, score: hit.score });
    }
    yield { queryId: query.id, documents };
  }
}
