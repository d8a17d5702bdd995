import { createSeededRandom } from "@/lib/eval/statistics/seeded-random";
import { send } from "@/lib/retrieval/providers/testing/loopback-http";
import {
  type LoopbackServer,
  type SharedLoopbackBehaviour,
  startLoopbackJsonServer,
} from "@/lib/retrieval/providers/testing/loopback-json-server";

/**
 * A real HTTP server on 127.0.0.1 that implements OpenAI-compatible `POST /v1/embeddings` and
 * Cohere/TEI-compatible `POST /v1/rerank` (also `/rerank`) deterministically, for tests:
 * - an embedding is a unit vector seeded by a hash of the text (`deterministicEmbedding`);
 * - a rerank score is the share of the query's words found in the document (`tokenOverlapScore`).
 * `behave()` switches it into failure modes. Requires `Authorization: Bearer <apiKey>` when an
 * apiKey is given.
 */
export type LoopbackBehaviour =
  | { kind: "ok" }
  | SharedLoopbackBehaviour
  | { kind: "bad-request" } // 400 whose body echoes the Authorization header, as some providers do
  | { kind: "missing-embedding"; at: number } // data[at].embedding left out
  | { kind: "wrong-dimensions"; dimensions: number } // ignores the requested dimensions
  | { kind: "tei-rerank-array" }; // rerank answers TEI's `[{ index, score }]`

/** `origin` is e.g. http://127.0.0.1:41234 — append /v1 for the embeddings client's baseUrl. */
export type LoopbackProviderServer = LoopbackServer<LoopbackBehaviour>;

export function startLoopbackProviderServer(
  options: { apiKey?: string; defaultDimensions?: number } = {},
): Promise<LoopbackProviderServer> {
  return startLoopbackJsonServer<LoopbackBehaviour>({
    normal: { kind: "ok" },
    apiKey: options.apiKey,
    unauthorizedBody: { error: { message: "Incorrect API key provided" } },
    rateLimitedBody: { error: { message: "Rate limit reached" } },
    truncatedJson: '{"data": [ {"embedding": [0.1, ',
    answer({ request, response, path, body, behaviour }) {
      if (behaviour.kind === "bad-request")
        return send(response, 400, {
          error: { message: `model not found (${request.headers.authorization})` },
        });
      if (path === "/v1/embeddings")
        return send(response, 200, embeddingsAnswer(body, behaviour, options.defaultDimensions));
      if (path === "/v1/rerank" || path === "/rerank")
        return send(response, 200, rerankAnswer(body, behaviour));
      return send(response, 404, { error: { message: `no route ${path}` } });
    },
  });
}

function embeddingsAnswer(body: unknown, behaviour: LoopbackBehaviour, defaultDimensions = 16): unknown {
  const { input, dimensions, model } = (body ?? {}) as {
    input?: unknown;
    dimensions?: number;
    model?: string;
  };
  const texts = Array.isArray(input) ? input.map(String) : [String(input)];
  const size =
    behaviour.kind === "wrong-dimensions" ? behaviour.dimensions : (dimensions ?? defaultDimensions);
  const data = texts.map((text, index) => {
    const item: { object: string; index: number; embedding?: number[] } = { object: "embedding", index };
    if (!(behaviour.kind === "missing-embedding" && behaviour.at === index))
      item.embedding = Array.from(deterministicEmbedding(text, size));
    return item;
  });
  // Answer in reverse order: clients must order by `index`, not by position.
  return { object: "list", model, data: data.reverse(), usage: { prompt_tokens: 0, total_tokens: 0 } };
}

function rerankAnswer(body: unknown, behaviour: LoopbackBehaviour): unknown {
  const { query, documents, texts, top_n } = (body ?? {}) as Record<string, unknown>;
  const docs = (Array.isArray(documents) ? documents : Array.isArray(texts) ? texts : []).map(String);
  const scored = docs
    .map((document, index) => ({ index, score: tokenOverlapScore(String(query), document) }))
    .sort((a, b) => b.score - a.score || a.index - b.index);
  if (behaviour.kind === "tei-rerank-array") return scored;
  const limit = typeof top_n === "number" ? top_n : scored.length;
  return {
    results: scored.slice(0, limit).map((hit) => ({ index: hit.index, relevance_score: hit.score })),
  };
}

/** A unit vector from a text: FNV-1a seed → mulberry32 uniforms in [-1, 1) → l2-normalized. */
export function deterministicEmbedding(text: string, dimensions: number): Float32Array {
  let seed = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) seed = Math.imul(seed ^ text.charCodeAt(i), 0x01000193);
  const uniform = createSeededRandom(seed);
  const vector = new Float32Array(dimensions);
  let norm = 0;
  for (let d = 0; d < dimensions; d++) {
    const value = uniform() * 2 - 1;
    vector[d] = value;
    norm += value * value;
  }
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let d = 0; d < dimensions; d++) vector[d] = vector[d]! * scale;
  return vector;
}

/** Share of the query's distinct lowercase words that occur in the document, in [0, 1]. */
export function tokenOverlapScore(query: string, document: string): number {
  const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  const queryWords = words(query);
  const documentWords = words(document);
  if (queryWords.size === 0) return 0;
  let shared = 0;
  for (const word of queryWords) if (documentWords.has(word)) shared++;
  return shared / queryWords.size;
}
