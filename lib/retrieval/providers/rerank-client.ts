import { z } from "zod";
import { AppError } from "@/lib/errors";
import { connectProvider, type ProviderConnectionOptions } from "@/lib/retrieval/providers/connect-provider";
import { malformedResponse, parseProviderResponse } from "@/lib/retrieval/providers/post-json";

const LABEL = "rerank provider";

export type RerankClientOptions = ProviderConnectionOptions & {
  /** Requests go to `${baseUrl}/rerank`: `https://api.cohere.com/v1`, or a TEI server's root. */
  baseUrl: string;
  model: string;
  /** "cohere" sends `{ model, query, documents, top_n }`; "tei" sends `{ query, texts }`. Default cohere. */
  requestFormat?: "cohere" | "tei" | undefined;
};

/** A document's position in the input list and the provider's relevance score for it. */
type RerankHit = { index: number; score: number };

export type RerankClient = {
  readonly provider: string;
  readonly model: string;
  /** Best first, at most topN hits (default all); ties by lower index. */
  rerank(options: {
    query: string;
    documents: readonly string[];
    topN?: number;
    signal?: AbortSignal;
  }): Promise<RerankHit[]>;
};

// Cohere: { results: [{ index, relevance_score }] }; TEI: [{ index, score }].
const rerankResponseSchema = z.union([
  z.object({
    results: z.array(z.object({ index: z.number().int().nonnegative(), relevance_score: z.number() })),
  }),
  z.array(z.object({ index: z.number().int().nonnegative(), score: z.number() })),
]);

export function createRerankClient(options: RerankClientOptions): RerankClient {
  const { url, post } = connectProvider({ ...options, label: LABEL, path: "rerank" });
  const format = options.requestFormat ?? "cohere";
  return {
    provider: url.href,
    model: options.model,
    async rerank({ query, documents, topN, signal }) {
      if (topN !== undefined && (!Number.isInteger(topN) || topN < 1))
        throw new AppError("bad_request", `rerank topN must be a positive integer, got ${topN}`);
      if (documents.length === 0) return [];
      const limit = Math.min(topN ?? documents.length, documents.length);
      const body =
        format === "tei"
          ? { model: options.model, query, texts: documents }
          : { model: options.model, query, documents, top_n: limit };
      const json = await post(body, signal);
      const parsed = parseProviderResponse({ label: LABEL, url, schema: rerankResponseSchema, json });
      const hits = Array.isArray(parsed)
        ? parsed.map((item) => ({ index: item.index, score: item.score }))
        : parsed.results.map((item) => ({ index: item.index, score: item.relevance_score }));
      const seen = new Set<number>();
      for (const [position, hit] of hits.entries()) {
        if (hit.index >= documents.length || seen.has(hit.index))
          throw malformedResponse(
            { label: LABEL, url },
            `results[${position}].index ${hit.index} is out of range or repeated`,
          );
        seen.add(hit.index);
      }
      return hits.sort((a, b) => b.score - a.score || a.index - b.index).slice(0, limit);
    },
  };
}
