import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import {
  closeServer,
  listenOnLoopback,
  readBody,
  safeJson,
  send,
  sendRateLimited,
} from "@/lib/retrieval/providers/testing/loopback-http";
import { tokenOverlapScore } from "@/lib/retrieval/providers/testing/loopback-provider-server";

/** What the provider answers with HTTP 429. */
const RATE_LIMITED_BODY = { error: "too many requests" };

/**
 * A real HTTP server on 127.0.0.1 playing "the user's own retriever" for tests: `POST /search`
 * (any path, in fact) with `{ query, top_k }` answers the best passages of a small in-memory
 * corpus. A passage is a sentence of a document; its score is the share of the query's words it
 * contains (`tokenOverlapScore`), ties by document id then position. Each hit carries
 * `doc_id`, `score`, `text`, `start` and `end` (UTF-16 offsets into the document), so a
 * client's answer can be checked against the corpus. `behave()` switches it into failure modes;
 * `Authorization: Bearer <apiKey>` is required when an apiKey is given.
 */
export type LoopbackSearchBehaviour =
  | { kind: "ok"; shape?: "array" | "results" | "hits"; ignoreTopK?: boolean }
  | { kind: "unauthorized" }
  | { kind: "rate-limited"; times: number; retryAfterSeconds?: number } // then ok
  | { kind: "rate-limited-forever"; retryAfterSeconds?: number }
  | { kind: "malformed-json" }
  | { kind: "wrong-shape"; at: number; field: string; value: unknown } // results[at][field] = value
  | { kind: "answer"; body: unknown } // any JSON, verbatim
  | { kind: "slow"; delayMs: number };

export type LoopbackSearchDocument = { id: string; text: string };

export type LoopbackSearchServer = {
  /** e.g. http://127.0.0.1:41234 — the client's URL is `${origin}/search`. */
  origin: string;
  behave(behaviour: LoopbackSearchBehaviour): void;
  /** Every request received, in order, with its parsed JSON body. */
  requests: { path: string; body: unknown; authorization: string | undefined }[];
  close(): Promise<void>;
};

type Passage = { doc_id: string; score: number; text: string; start: number; end: number };

export async function startLoopbackSearchServer(options: {
  corpus: readonly LoopbackSearchDocument[];
  apiKey?: string;
}): Promise<LoopbackSearchServer> {
  let behaviour: LoopbackSearchBehaviour = { kind: "ok" };
  let rateLimitedSoFar = 0;
  const requests: LoopbackSearchServer["requests"] = [];
  const passages = options.corpus.flatMap(splitSentences);
  const server = createServer((request, response) => {
    void handle(request, response);
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = safeJson(await readBody(request));
    const authorization = request.headers.authorization;
    requests.push({ path: request.url ?? "/", body, authorization });
    if (options.apiKey && authorization !== `Bearer ${options.apiKey}`)
      return send(response, 401, { error: "invalid token" });
    switch (behaviour.kind) {
      case "unauthorized":
        return send(response, 401, { error: "invalid token" });
      case "rate-limited":
        if (rateLimitedSoFar++ < behaviour.times)
          return sendRateLimited(response, behaviour.retryAfterSeconds, RATE_LIMITED_BODY);
        break;
      case "rate-limited-forever":
        return sendRateLimited(response, behaviour.retryAfterSeconds, RATE_LIMITED_BODY);
      case "malformed-json":
        response.writeHead(200, { "content-type": "application/json" });
        return void response.end('{"results": [ {"doc_id": "d1", ');
      case "answer":
        return send(response, 200, behaviour.body);
      case "slow": {
        const delayMs = behaviour.delayMs;
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        break;
      }
    }
    const { query, top_k } = (body ?? {}) as { query?: unknown; top_k?: unknown };
    const hits = rank(String(query ?? ""));
    const limited =
      behaviour.kind === "ok" && behaviour.ignoreTopK
        ? hits
        : hits.slice(0, typeof top_k === "number" ? top_k : 10);
    if (behaviour.kind === "wrong-shape") {
      const item = limited[behaviour.at] as Record<string, unknown> | undefined;
      if (item) item[behaviour.field] = behaviour.value;
      return send(response, 200, { results: limited });
    }
    const shape = behaviour.kind === "ok" ? (behaviour.shape ?? "results") : "results";
    return send(response, 200, shape === "array" ? limited : { [shape]: limited });
  }

  function rank(query: string): Passage[] {
    return passages
      .map((passage) => ({ ...passage, score: tokenOverlapScore(query, passage.text) }))
      .filter((passage) => passage.score > 0)
      .sort(
        (a, b) =>
          b.score - a.score || (a.doc_id < b.doc_id ? -1 : a.doc_id > b.doc_id ? 1 : 0) || a.start - b.start,
      );
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

/** Sentences (text up to and including ".", "!" or "?"), trimmed, with their offsets. */
function splitSentences(document: LoopbackSearchDocument): Passage[] {
  const passages: Passage[] = [];
  for (const match of document.text.matchAll(/[^.!?\s][^.!?]*[.!?]?/g)) {
    const text = match[0].trimEnd();
    passages.push({
      doc_id: document.id,
      score: 0,
      text,
      start: match.index,
      end: match.index + text.length,
    });
  }
  return passages;
}
