import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import {
  closeServer,
  listenOnLoopback,
  readBody,
  safeJson,
  send,
} from "@/lib/retrieval/providers/testing/loopback-http";

/**
 * What the fake answers to one request. Steps queued with `script()` are used one per request, in
 * order; when the queue is empty every request gets the `fallback` (a deterministic judge).
 */
export type FakeChatStep =
  | { kind: "judge" } // grades by word overlap and quotes a real sentence of the passage
  | { kind: "made-up-quote"; grade: number } // a quote that is nowhere in the passage
  | { kind: "content"; content: string } // this exact message content (prose, fences, off-scale…)
  | { kind: "rate-limited"; retryAfter?: string } // 429; Retry-After as seconds or an HTTP date
  | { kind: "server-error"; status?: number } // 500 by default
  | { kind: "garbage" } // 200 with a body that is not a chat completion
  | { kind: "hang" } // never answers; the connection stays open until the server closes
  | { kind: "unauthorized" } // 401, echoing the Authorization header as careless providers do
  | { kind: "unknown-model" }; // 400 "model not found", also echoing the Authorization header

export type FakeChatRequest = {
  path: string;
  body: unknown;
  hadResponseFormat: boolean;
};

export type FakeChatServer = {
  /** e.g. http://127.0.0.1:41234 — append /v1 for the chat client's baseUrl. */
  origin: string;
  script(...steps: FakeChatStep[]): void;
  /** Every request received, in order (also those answered with an error). */
  requests: FakeChatRequest[];
  /** Usage reported in successful answers, summed. */
  usage: { promptTokens: number; completionTokens: number };
  /** Clears the queue and the records. */
  reset(): void;
  close(): Promise<void>;
};

export type FakeChatServerOptions = {
  /** When given, requests without `Authorization: Bearer <apiKey>` get 401. */
  apiKey?: string;
  /** Plays a server without JSON mode (older Ollama, some vLLM): a 400 naming response_format. */
  rejectsJsonMode?: boolean;
  /** The top of the grade scale the judge answers on; 3 by default (UMBRELA). */
  maxGrade?: number;
};

/**
 * A real OpenAI-compatible `POST /v1/chat/completions` server on 127.0.0.1 for judge tests.
 * The judge reads the query and the passage from the last user message — `<query>…</query>` and
 * `<passage>…</passage>` tags, or lines starting with `Query:` and `Passage:` — and grades by the
 * share of the query's words found in the passage.
 */
export async function startFakeChatServer(options: FakeChatServerOptions = {}): Promise<FakeChatServer> {
  const queue: FakeChatStep[] = [];
  const requests: FakeChatRequest[] = [];
  const usage = { promptTokens: 0, completionTokens: 0 };
  const maxGrade = options.maxGrade ?? 3;
  const server = createServer((request, response) => {
    void handle(request, response);
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = safeJson(await readBody(request));
    const hadResponseFormat = isRecord(body) && body.response_format !== undefined;
    requests.push({ path: request.url ?? "/", body, hadResponseFormat });
    if (request.url !== "/v1/chat/completions" || request.method !== "POST")
      return send(response, 404, { error: { message: `no route ${request.method} ${request.url}` } });
    if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`)
      return send(response, 401, { error: { message: "Incorrect API key provided" } });
    if (options.rejectsJsonMode && hadResponseFormat)
      return send(response, 400, { error: { message: "response_format is not supported by this server" } });
    const step = queue.shift() ?? { kind: "judge" };
    switch (step.kind) {
      case "rate-limited": {
        const headers: Record<string, string> = { "content-type": "application/json" };
        if (step.retryAfter !== undefined) headers["retry-after"] = step.retryAfter;
        response.writeHead(429, headers);
        return void response.end(JSON.stringify({ error: { message: "Rate limit reached" } }));
      }
      case "server-error":
        return send(response, step.status ?? 500, { error: { message: "internal server error" } });
      case "garbage":
        response.writeHead(200, { "content-type": "text/html" });
        return void response.end("<html><body>Welcome to nginx!</body></html>");
      case "hang":
        return; // closeServer ends the connection
      case "unauthorized":
        return send(response, 401, { error: { message: `invalid key ${request.headers.authorization}` } });
      case "unknown-model":
        return send(response, 400, {
          error: { message: `model not found (${request.headers.authorization})` },
        });
      default:
        return answer(response, contentFor(step, lastUserMessage(body), maxGrade), body);
    }
  }

  function answer(response: ServerResponse, content: string, body: unknown): void {
    const promptTokens = countWords(JSON.stringify(isRecord(body) ? body.messages : ""));
    const completionTokens = countWords(content);
    usage.promptTokens += promptTokens;
    usage.completionTokens += completionTokens;
    send(response, 200, {
      id: `chatcmpl-${requests.length}`,
      object: "chat.completion",
      model: isRecord(body) ? body.model : undefined,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
    });
  }

  const origin = await listenOnLoopback(server);
  return {
    origin,
    script: (...steps) => void queue.push(...steps),
    requests,
    usage,
    reset() {
      queue.length = 0;
      requests.length = 0;
      usage.promptTokens = 0;
      usage.completionTokens = 0;
    },
    close: () => closeServer(server),
  };
}

function contentFor(step: FakeChatStep, prompt: string, maxGrade: number): string {
  if (step.kind === "content") return step.content;
  if (step.kind === "made-up-quote")
    return JSON.stringify({
      grade: step.grade,
      quote: "a phrase the passage never contains",
      reason: "Invented.",
    });
  return JSON.stringify(judgeByOverlap({ ...readPair(prompt), maxGrade }));
}

/**
 * The deterministic judge: grade = round(share of the query's distinct words in the passage × maxGrade);
 * the quote is the passage sentence holding most query words, copied verbatim; empty for grade 0.
 */
export function judgeByOverlap(options: { query: string; passage: string; maxGrade: number }): {
  grade: number;
  quote: string;
  reason: string;
} {
  const queryWords = new Set(words(options.query));
  const passageWords = new Set(words(options.passage));
  const found = [...queryWords].filter((word) => passageWords.has(word)).length;
  const share = queryWords.size === 0 ? 0 : found / queryWords.size;
  const grade = Math.round(share * options.maxGrade);
  if (grade === 0) return { grade, quote: "", reason: "The passage shares no words with the query." };
  const sentences = options.passage.match(/[^.!?]+[.!?]*/g) ?? [options.passage];
  const hits = (sentence: string) => words(sentence).filter((word) => queryWords.has(word)).length;
  const best = sentences.reduce((top, sentence) => (hits(sentence) > hits(top) ? sentence : top));
  return { grade, quote: best.trim(), reason: `${found} of ${queryWords.size} query words appear.` };
}

function readPair(prompt: string): { query: string; passage: string } {
  const tagged = (name: string) => new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, "i").exec(prompt)?.[1];
  const query = tagged("query") ?? /^query:\s*(.*)$/im.exec(prompt)?.[1] ?? "";
  const passage = tagged("passage") ?? /^passage:\s*([\s\S]*)$/im.exec(prompt)?.[1] ?? prompt;
  return { query: query.trim(), passage: passage.trim() };
}

function lastUserMessage(body: unknown): string {
  const messages = isRecord(body) && Array.isArray(body.messages) ? body.messages : [];
  const user = messages.filter((message) => isRecord(message) && message.role === "user").at(-1);
  return isRecord(user) && typeof user.content === "string" ? user.content : "";
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
}

function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => word !== "").length;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
