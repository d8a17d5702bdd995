import type { RetrieverFormKind } from "@/lib/configs/retriever-form-fields";

/** Which groups of settings a retriever choice has: the form shows (and posts) only these. */
export function retrieverUses(kind: RetrieverFormKind) {
  return {
    /** chunking strategy, size and overlap: every retriever that ranks the run's own chunks */
    chunking: kind !== "external" && kind !== "imported",
    bm25: kind === "bm25" || kind === "hybrid" || kind === "hybrid-http",
    lsa: kind === "dense" || kind === "hybrid",
    embeddingEndpoint: kind === "dense-http" || kind === "hybrid-http",
    fusion: kind === "hybrid" || kind === "hybrid-http",
    searchEndpoint: kind === "external",
    runFile: kind === "imported",
  };
}
