import type { RunDocument } from "@/lib/retrieval/located-passages";
import type { PassageRetriever } from "@/lib/runs/build-passage-retriever";

/**
 * The configuration's `ignoreIdenticalIds` (BEIR's `ignore_identical_ids`, Anserini's
 * `-removeQuery`): passages of the document whose external id equals the query's key are dropped
 * and free their ranks. As Anserini asks for k + 1 hits and drops the query's own document, the
 * retriever is asked for `topK` plus as many passages as that document has (its chunks; 1 for
 * whole documents or passages from elsewhere), so up to `topK` other passages remain. A query
 * whose key names no document is searched as it is.
 */
export function dropQueryDocument(options: {
  retriever: PassageRetriever;
  documents: readonly RunDocument[];
}): PassageRetriever {
  const { retriever, documents } = options;
  const documentByExternalId = new Map(documents.map((document) => [document.externalId, document]));
  return {
    ...retriever,
    async search(query, topK) {
      const own = documentByExternalId.get(query.key);
      if (!own) return retriever.search(query, topK);
      const ownPassages = retriever.documentChunks?.get(own.id)?.length ?? 1;
      const passages = await retriever.search(query, topK + ownPassages);
      return passages
        .filter((passage) => documents[passage.documentIndex]?.externalId !== query.key)
        .slice(0, topK);
    },
  };
}
