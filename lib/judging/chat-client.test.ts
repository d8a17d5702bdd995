import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ChatClientError, type ChatClientOptions, createChatClient } from "@/lib/judging/chat-client";
import {
  type FakeChatServer,
  judgeByOverlap,
  startFakeChatServer,
} from "@/lib/judging/testing/fake-chat-server";
import { findClosedPortOrigin } from "@/lib/retrieval/providers/testing/loopback-http";

const API_KEY = "judge-secret-key";
const PASSAGE = "Cats sleep most of the day. Domestic cats purr when content. Dogs bark.";
const messages = [
  { role: "system" as const, content: "You judge relevance." },
  { role: "user" as const, content: `<query>why do cats purr</query>\n<passage>${PASSAGE}</passage>` },
];
let server: FakeChatServer;
let plainServer: FakeChatServer;
let sleeps: number[];

beforeAll(async () => {
  server = await startFakeChatServer({ apiKey: API_KEY });
  plainServer = await startFakeChatServer({ rejectsJsonMode: true });
});
afterAll(async () => {
  await server.close();
  await plainServer.close();
});
beforeEach(() => {
  server.reset();
  plainServer.reset();
  sleeps = [];
});

function client(overrides: Partial<ChatClientOptions> = {}) {
  return createChatClient({
    baseUrl: `${server.origin}/v1/`,
    model: "judge-model",
    apiKey: API_KEY,
    timeoutMs: 2_000,
    maxTokens: 200,
    allowList: [server.origin],
    retry: { maxRetries: 2, baseDelayMs: 100, sleep: async (ms) => void sleeps.push(ms), random: () => 0.5 },
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<ChatClientError> {
  const caught = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (caught === undefined) throw new Error("expected the call to fail");
  return caught as ChatClientError;
}

describe("createChatClient", () => {
  it("posts a temperature-0 JSON-mode request and returns the answer with its usage", async () => {
    const completion = await client().complete(messages, { json: true });
    const expected = judgeByOverlap({ query: "why do cats purr", passage: PASSAGE, maxGrade: 3 });
    expect(expected).toMatchObject({ grade: 2, quote: "Domestic cats purr when content." });
    expect(JSON.parse(completion.content)).toEqual(expected);
    expect(completion.calls).toBe(1);
    expect(completion.promptTokens).toBe(server.usage.promptTokens);
    expect(completion.completionTokens).toBe(server.usage.completionTokens);
    expect(completion.promptTokens).toBeGreaterThan(10);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.path).toBe("/v1/chat/completions");
    expect(server.requests[0]?.body).toEqual({
      model: "judge-model",
      messages,
      temperature: 0,
      max_tokens: 200,
      response_format: { type: "json_object" },
    });
  });

  it("leaves response_format out when JSON is not asked", async () => {
    await client().complete(messages, { json: false });
    expect(server.requests[0]?.hadResponseFormat).toBe(false);
  });

  it("drops JSON mode once an endpoint refuses it, and remembers that", async () => {
    const judge = client({ baseUrl: `${plainServer.origin}/v1`, allowList: [plainServer.origin] });
    const first = await judge.complete(messages, { json: true });
    expect(JSON.parse(first.content).grade).toBe(2);
    expect(first.calls).toBe(2);
    expect(plainServer.requests.map((request) => request.hadResponseFormat)).toEqual([true, false]);
    const second = await judge.complete(messages, { json: true });
    expect(second.calls).toBe(1);
    expect(plainServer.requests.map((request) => request.hadResponseFormat)).toEqual([true, false, false]);
    expect(sleeps).toEqual([]);
  });

  it("waits as long as Retry-After says on 429, then succeeds", async () => {
    server.script({ kind: "rate-limited", retryAfter: "7" });
    const completion = await client().complete(messages, { json: true });
    expect(sleeps).toEqual([7_000]);
    expect(completion.calls).toBe(2);
    expect(server.requests).toHaveLength(2);
  });

  it("reads Retry-After as an HTTP date and caps long waits", async () => {
    const inAnHour = new Date(Date.now() + 3_600_000).toUTCString();
    server.script({ kind: "rate-limited", retryAfter: inAnHour });
    await client({ retry: { maxRetryAfterMs: 60_000, sleep: async (ms) => void sleeps.push(ms) } }).complete(
      messages,
      { json: true },
    );
    expect(sleeps).toEqual([60_000]);
  });

  it("backs off exponentially on 500 twice, then succeeds", async () => {
    server.script({ kind: "server-error" }, { kind: "server-error", status: 502 });
    const completion = await client().complete(messages, { json: true });
    // base 100 ms · 2^n, jitter 0.5 → 75 % of the backoff.
    expect(sleeps).toEqual([75, 150]);
    expect(completion.calls).toBe(3);
  });

  it("gives up after its attempts and says how many requests it made", async () => {
    server.script({ kind: "rate-limited" }, { kind: "rate-limited" }, { kind: "rate-limited" });
    const error = await failure(client().complete(messages, { json: true }));
    expect(error.reason).toBe("rate-limited");
    expect(error.calls).toBe(3);
    expect(error.message).toMatch(/rate-limited the requests \(HTTP 429\); gave up after 3 requests$/);
    expect(server.requests).toHaveLength(3);
  });

  it("fails at once, unretried, on an answer that is not a chat completion", async () => {
    server.script({ kind: "garbage" });
    const error = await failure(client().complete(messages, { json: true }));
    expect(error.reason).toBe("nonsense");
    expect(error.calls).toBe(1);
    expect(error.message).toContain(`judge endpoint at ${server.origin} answered nonsense`);
    expect(error.message).toContain("Welcome to nginx!");
    expect(server.requests).toHaveLength(1);
  });

  it("calls valid JSON without choices nonsense too", async () => {
    const fetchJson: typeof fetch = async () => new Response(JSON.stringify({ data: [] }), { status: 200 });
    const error = await failure(client({ fetch: fetchJson }).complete(messages, { json: true }));
    expect(error.reason).toBe("nonsense");
    expect(error.message).toContain("choices");
  });

  it("aborts a hanging request at the timeout and retries it", async () => {
    server.script({ kind: "hang" });
    const completion = await client({ timeoutMs: 300 }).complete(messages, { json: true });
    expect(completion.calls).toBe(2);
    expect(sleeps).toHaveLength(1);
    server.script({ kind: "hang" }, { kind: "hang" }, { kind: "hang" });
    const error = await failure(client({ timeoutMs: 200 }).complete(messages, { json: true }));
    expect(error.reason).toBe("timeout");
    expect(error.message).toContain("did not answer within 0.2 s");
  });

  it("says the provider refused the key, without the key", async () => {
    const wrongKey = "sk-wrong-0123456789";
    const error = await failure(client({ apiKey: wrongKey }).complete(messages, { json: true }));
    expect(error.reason).toBe("refused-key");
    expect(error.code).toBe("bad_request");
    expect(error.message).toBe(`judge endpoint at ${server.origin} refused the API key (HTTP 401)`);
    server.script({ kind: "unauthorized" });
    const echoed = await failure(client().complete(messages, { json: true }));
    expect(echoed.message).not.toContain(API_KEY);
    expect(echoed.calls).toBe(1);
  });

  it("fails at once on another 4xx, with the body's explanation but not the key", async () => {
    server.script({ kind: "unknown-model" });
    const error = await failure(client().complete(messages, { json: true }));
    expect(error.reason).toBe("rejected");
    expect(error.message).toBe(
      `judge endpoint at ${server.origin} refused the request (HTTP 400): {"error":{"message":"model not found (Bearer [redacted])"}}`,
    );
    expect(error.calls).toBe(1);
  });

  it("counts calls across the JSON-mode fallback and retries together", async () => {
    const judge = client({ baseUrl: `${plainServer.origin}/v1`, allowList: [plainServer.origin] });
    plainServer.script({ kind: "server-error" });
    const completion = await judge.complete(messages, { json: true });
    // 400 for response_format (not a retry), 500, then ok.
    expect(completion.calls).toBe(3);
    expect(plainServer.requests).toHaveLength(3);
    expect(sleeps).toHaveLength(1);
  });

  it("names an unreachable endpoint", async () => {
    const closed = await findClosedPortOrigin();
    const error = await failure(
      client({ baseUrl: `${closed}/v1`, allowList: [closed] }).complete(messages, { json: true }),
    );
    expect(error.reason).toBe("unreachable");
    expect(error.message).toContain("ECONNREFUSED");
    expect(error.calls).toBe(3);
  });

  it("refuses an endpoint outside the allow-list before any request", () => {
    expect(() => client({ allowList: ["https://api.openai.com"] })).toThrow(/not in the allow-list/);
    expect(server.requests).toHaveLength(0);
  });

  it("refuses a name admitted only by * that resolves to a private address", async () => {
    const judge = client({
      baseUrl: "https://judge.example/v1",
      allowList: ["*"],
      resolve: async () => ["127.0.0.1"],
    });
    await expect(judge.complete(messages, { json: true })).rejects.toThrow(/non-public address/);
  });

  it("stops retrying when cancelled", async () => {
    const controller = new AbortController();
    server.script({ kind: "server-error" });
    const judge = client({
      retry: { maxRetries: 2, sleep: async () => controller.abort(), random: () => 0.5 },
    });
    const error = await failure(judge.complete(messages, { json: true, signal: controller.signal }));
    expect(error.reason).toBe("cancelled");
    expect(server.requests).toHaveLength(1);
  });
});

describe("fake chat server", () => {
  it("quotes a made-up phrase when scripted to", async () => {
    server.script({ kind: "made-up-quote", grade: 3 });
    const { content } = await client().complete(messages, { json: true });
    const answer = JSON.parse(content);
    expect(answer.grade).toBe(3);
    expect(PASSAGE).not.toContain(answer.quote);
  });

  it("judges an unrelated passage 0 with an empty quote, reading Query:/Passage: lines", async () => {
    const { content } = await client().complete(
      [{ role: "user", content: "Query: stock market crash\nPassage: Cats purr when content." }],
      { json: true },
    );
    expect(JSON.parse(content)).toMatchObject({ grade: 0, quote: "" });
  });

  it("reads the judge prompt's layout: a Query: line and a <passage> block, on a 0–2 scale", async () => {
    const small = await startFakeChatServer({ maxGrade: 2 });
    try {
      const prompt = `Grade from 0 to 2.\n\nQuery: why do cats purr\nPassage:\n<passage>\n${PASSAGE}\n</passage>\n\nAnswer with exactly one JSON object:`;
      const judge = client({ baseUrl: `${small.origin}/v1`, allowList: [small.origin], apiKey: undefined });
      const { content } = await judge.complete([{ role: "user", content: prompt }], { json: true });
      // 2 of the 3 words of three letters or more ("why", "cats", "purr") → round(2/3 · 2) = 1.
      expect(JSON.parse(content)).toMatchObject({ grade: 1, quote: "Domestic cats purr when content." });
    } finally {
      await small.close();
    }
  });
});
