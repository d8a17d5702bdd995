import { z } from "zod";
import { AppError } from "@/lib/errors";
import { connectProvider, type ProviderConnectionOptions } from "@/lib/retrieval/providers/connect-provider";
import { malformedResponse, parseProviderResponse } from "@/lib/retrieval/providers/post-json";

const LABEL = "embedding provider";

export type OpenAiEmbeddingsOptions = ProviderConnectionOptions & {
  /** Up to and including the version segment, as the OpenAI SDK expects: `https://api.openai.com/v1`,
   *  `http://localhost:11434/v1` (Ollama). Requests go to `${baseUrl}/embeddings`. */
  baseUrl: string;
  model: string;
  /** Asks the provider to shorten vectors (OpenAI text-embedding-3-*); also checked on answers. */
  dimensions?: number | undefined;
  /** Texts per request; default 64. */
  batchSize?: number | undefined;
};

export type EmbeddingsClient = {
  /** Identifies the provider in cache keys: the normalized endpoint URL. */
  readonly provider: string;
  readonly model: string;
  /** One vector per text, in input order; all of one length. */
  embed(texts: readonly string[], options?: { signal?: AbortSignal }): Promise<Float32Array[]>;
};

const embeddingsResponseSchema = z.object({
  data: z.array(z.object({ index: z.number().int().nonnegative(), embedding: z.array(z.number()) })),
});

/**
 * An OpenAI-compatible `/v1/embeddings` client (OpenAI, Ollama, vLLM, LM Studio, TEI, LiteLLM).
 * Checks the URL against the allow-list at creation, so a misconfiguration fails before any run.
 */
export function createOpenAiEmbeddingsClient(options: OpenAiEmbeddingsOptions): EmbeddingsClient {
  const { url, post } = connectProvider({ ...options, label: LABEL, path: "embeddings" });
  const batchSize = options.batchSize ?? 64;
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new AppError("bad_request", `batchSize must be a positive integer, got ${batchSize}`);

  return {
    provider: url.href,
    model: options.model,
    async embed(texts, callOptions = {}) {
      const vectors: Float32Array[] = [];
      let expectedLength = options.dimensions;
      for (let start = 0; start < texts.length; start += batchSize) {
        const batch = texts.slice(start, start + batchSize);
        const body: Record<string, unknown> = { model: options.model, input: batch };
        if (options.dimensions !== undefined) body.dimensions = options.dimensions;
        const json = await post(body, callOptions.signal);
        const batchVectors = readEmbeddings({ url, json, count: batch.length, expectedLength });
        expectedLength ??= batchVectors[0]?.length;
        vectors.push(...batchVectors);
      }
      return vectors;
    },
  };
}

/** Orders by `index` and checks there is exactly one finite, non-empty vector per input, all one length. */
function readEmbeddings(options: {
  url: URL;
  json: unknown;
  count: number;
  expectedLength: number | undefined;
}): Float32Array[] {
  const where = { label: LABEL, url: options.url };
  const { data } = parseProviderResponse({ ...where, schema: embeddingsResponseSchema, json: options.json });
  if (data.length !== options.count)
    throw malformedResponse(where, `data has ${data.length} items for ${options.count} inputs`);
  const vectors = new Array<Float32Array | undefined>(options.count);
  let expectedLength = options.expectedLength;
  for (const [position, item] of data.entries()) {
    if (item.index >= options.count || vectors[item.index] !== undefined)
      throw malformedResponse(where, `data[${position}].index ${item.index} is out of range or repeated`);
    const length = item.embedding.length;
    if (length === 0) throw malformedResponse(where, `data[${position}].embedding is empty`);
    expectedLength ??= length;
    if (length !== expectedLength)
      throw malformedResponse(
        where,
        `data[${position}].embedding has ${length} numbers, expected ${expectedLength}`,
      );
    vectors[item.index] = Float32Array.from(item.embedding);
  }
  return vectors as Float32Array[];
}
