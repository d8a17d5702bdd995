import { send } from "@/lib/retrieval/providers/testing/loopback-http";
import {
  type LoopbackServer,
  type SharedLoopbackBehaviour,
  startLoopbackJsonServer,
} from "@/lib/retrieval/providers/testing/loopback-json-server";
import { tokenOverlapScore } from "@/lib/retrieval/providers/testing/loopback-provider-server";

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
  | SharedLoopbackBehaviour
  | { kind: "wrong-shape"; at: number; field: string; value: unknown } // results[at][field] = value
  | { kind: "answer"; body: unknown }; // any JSON, verbatim

export type LoopbackSearchDocument = { id: string; text: string };

/** `origin` is e.g. http://127.0.0.1:41234 — the client's URL is `${origin}/search`. */
export type LoopbackSearchServer = LoopbackServer<LoopbackSearchBehaviour>;

type Passage = { doc_id: string; score: number; text: string; start: number; end: number };

export function startLoopbackSearchServer(options: {
  corpus: readonly LoopbackSearchDocument[];
  apiKey?: string;
}): Promise<LoopbackSearchServer> {
  const passages = options.corpus.flatMap(splitSentences);
  return startLoopbackJsonServer<LoopbackSearchBehaviour>({
    normal: { kind: "ok" },
    apiKey: options.apiKey,
    unauthorizedBody: { error: "invalid token" },
    rateLimitedBody: { error: "too many requests" },
    truncatedJson: '{"results": [ {"doc_id": "d1", ',
    answer({ response, body, behaviour }) {
      if (behaviour.kind === "answer") return send(response, 200, behaviour.body);
      const { query, top_k } = (body ?? {}) as { query?: unknown; top_k?: unknown };
      const hits = rank(passages, String(query ?? ""));
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
    },
  });
}

/** The passages sharing words with the query, best first; ties by document id, then position. */
function rank(passages: Passage[], query: string): Passage[] {
  return passages
    .map((passage) => ({ ...passage, score: tokenOverlapScore(query, passage.text) }))
    .filter((passage) => passage.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score || (a.doc_id < b.doc_id ? -1 : a.doc_id > b.doc_id ? 1 : 0) || a.start - b.start,
    );
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
