import {
  chunkingConfigSchema,
  rerankerConfigSchema,
  retrieverConfigSchema,
} from "@/lib/configs/config-schema";
import {
  describeChunking,
  describeRetriever,
  IGNORE_IDENTICAL_IDS_LABEL,
} from "@/lib/configs/describe-config";

/**
 * One side of a configuration change as people read it: a whole retriever or chunking as its
 * usual summary ("BM25 k1=0.9 b=0.4", "BM25 + LSA 128d · RRF k=60", "200/40 chars"), a reranker
 * as "model@depth", `ignoreIdenticalIds` as what it does (absent is off), no setting as "—", "none"
 * for null, strings as they are, anything else as JSON.
 */
export function describeSetting(path: string, value: unknown): string {
  if (path === "ignoreIdenticalIds" && (value === undefined || typeof value === "boolean"))
    return value ? IGNORE_IDENTICAL_IDS_LABEL : "with the query's own document";
  if (value === undefined) return "—";
  if (value === null) return "none";
  if (path === "retriever") {
    const parsed = retrieverConfigSchema.safeParse(value);
    if (parsed.success) return describeRetriever(parsed.data);
  }
  if (path === "chunking") {
    const parsed = chunkingConfigSchema.safeParse(value);
    if (parsed.success) return describeChunking(parsed.data);
  }
  if (path === "reranker") {
    const parsed = rerankerConfigSchema.safeParse(value);
    if (parsed.success) return `${parsed.data.model}@${parsed.data.depth}`;
  }
  return typeof value === "string" ? value : JSON.stringify(value);
}
