import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import {
  closeServer,
  listenOnLoopback,
  readBody,
  safeJson,
  send,
  sendRateLimited,
} from "@/lib/retrieval/providers/testing/loopback-http";

/** What the provider answers with HTTP 429. */
const RATE_LIMITED_BODY = { error: { message: "Rate limit reached" } };

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
  | { kind: "unauthorized" }
  | { kind: "bad-request" } // 400 whose body echoes the Authorization header, as some providers do
  | { kind: "rate-limited"; times: number; retryAfterSeconds?: number } // then ok
  | { kind: "rate-limited-forever"; retryAfterSeconds?: number }
  | { kind: "malformed-json" }
  | { kind: "missing-embedding"; at: number } // data[at].embedding left out
  | { kind: "wrong-dimensions"; dimensions: number } // ignores the requested dimensions
  | { kind: "tei-rerank-array" } // rerank answers TEI's `[{ index, score }]`
  | { kind: "slow"; delayMs: number };

export type LoopbackProviderServer = {
  /** e.g. http://127.0.0.1:41234 — append /v1 for the embeddings client's baseUrl. */
  origin: string;
  behave(behaviour: LoopbackBehaviour): void;
  /** Bodies of every request received, in order. */
  requests: { path: string; body: unknown }[];
  close(): Promise<void>;
};

export async function startLoopbackProviderServer(
  options: { apiKey?: string; defaultDimensions?: number } = {},
): Promise<LoopbackProviderServer> {
  let behaviour: LoopbackBehaviour = { kind: "ok" };
  let rateLimitedSoFar = 0;
  const requests: { path: string; body: unknown }[] = [];
  // A request is answered as the server was told to behave when it arrived: a request the client
  // gave up on in one test must not be answered (and counted) under the next test's behaviour.
  const server = createServer((request, response) => {
    void handle(request, response, behaviour);
  });

  async function handle(
    request: IncomingMessage,
    response: ServerResponse,
    current: LoopbackBehaviour,
  ): Promise<void> {
    const raw = await readBody(request);
    const body = safeJson(raw);
    const path = request.url ?? "/";
    requests.push({ path, body });
    if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`)
      return send(response, 401, { error: { message: "Incorrect API key provided" } });
    switch (current.kind) {
      case "unauthorized":
        return send(response, 401, { error: { message: "Incorrect API key provided" } });
      case "bad-request":
        return send(response, 400, {
          error: { message: `model not found (${request.headers.authorization})` },
        });
      case "rate-limited":
        if (rateLimitedSoFar++ < current.times)
          return sendRateLimited(response, current.retryAfterSeconds, RATE_LIMITED_BODY);
        break;
      case "rate-limited-forever":
        return sendRateLimited(response, current.retryAfterSeconds, RATE_LIMITED_BODY);
      case "malformed-json":
        response.writeHead(200, { "content-type": "application/json" });
        return void response.end('{"data": [ {"embedding": [0.1, ');
      case "slow":
        await new Promise((resolve) => setTimeout(resolve, current.kind === "slow" ? current.delayMs : 0));
        break;
    }
    if (path === "/v1/embeddings") return send(response, 200, embeddingsAnswer(body));
    if (path === "/v1/rerank" || path === "/rerank") return send(response, 200, rerankAnswer(body));
    return send(response, 404, { error: { message: `no route ${path}` } });
  }

  function embeddingsAnswer(body: unknown): unknown {
    const { input, dimensions, model } = (body ?? {}) as {
      input?: unknown;
      dimensions?: number;
      model?: string;
    };
    const texts = Array.isArray(input) ? input.map(String) : [String(input)];
    const size =
      behaviour.kind === "wrong-dimensions"
        ? behaviour.dimensions
        : (dimensions ?? options.defaultDimensions ?? 16);
    const data = texts.map((text, index) => {
      const item: { object: string; index: number; embedding?: number[] } = { object: "embedding", index };
      if (!(behaviour.kind === "missing-embedding" && behaviour.at === index))
        item.embedding = Array.from(deterministicEmbedding(text, size));
      return item;
    });
    // Answer in reverse order: clients must order by `index`, not by position.
    return { object: "list", model, data: data.reverse(), usage: { prompt_tokens: 0, total_tokens: 0 } };
  }

  function rerankAnswer(body: unknown): unknown {
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

  const origin = await listenOnLoopback(server);
  return {
    origin,
    behave(next) {
      behaviour = next;
      rateLimitedSoFar = 0;
    },
    requests,
    close: () => closeServer(server),
  };
}

/** A unit vector from a text: FNV-1a seed → mulberry32 uniforms in [-1, 1) → l2-normalized. */
export function deterministicEmbedding(text: string, dimensions: number): Float32Array {
  let seed = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) seed = Math.imul(seed ^ text.charCodeAt(i), 0x01000193);
  const vector = new Float32Array(dimensions);
  let norm = 0;
  for (let d = 0; d < dimensions; d++) {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const value = (((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1;
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
