import { describe, expect, it, vi } from "vitest";
import {
  createOpenAiEmbeddingsClient,
  type OpenAiEmbeddingsOptions,
} from "@/lib/retrieval/providers/openai-embeddings";
import { findClosedPortOrigin } from "@/lib/retrieval/providers/testing/loopback-http";
import {
  deterministicEmbedding,
  startLoopbackProviderServer,
} from "@/lib/retrieval/providers/testing/loopback-provider-server";
import { setUpLoopbackServer } from "@/lib/retrieval/providers/testing/loopback-test-hooks";
import { appErrorOf } from "@/lib/testing/app-error-of";

const API_KEY = "sk-test-loopback-secret";
const world = setUpLoopbackServer(() => startLoopbackProviderServer({ apiKey: API_KEY }));

function client(overrides: Partial<OpenAiEmbeddingsOptions> = {}) {
  return createOpenAiEmbeddingsClient({
    baseUrl: `${world.server.origin}/v1`,
    model: "test-embed",
    apiKey: API_KEY,
    allowList: ["127.0.0.1"],
    retry: {
      timeoutMs: 5_000,
      maxRetries: 4,
      random: () => 0.5,
      sleep: async (ms) => {
        world.sleeps.push(ms);
      },
    },
    ...overrides,
  });
}

describe("createOpenAiEmbeddingsClient", () => {
  it("embeds in batches, in input order, with the requested dimensions", async () => {
    const texts = ["alpha", "beta", "gamma", "delta", "epsilon"];
    const vectors = await client({ batchSize: 2, dimensions: 8 }).embed(texts);
    expect(vectors.map((vector) => Array.from(vector))).toEqual(
      texts.map((text) => Array.from(deterministicEmbedding(text, 8))),
    );
    expect(world.server.requests.map((request) => (request.body as { input: string[] }).input)).toEqual([
      ["alpha", "beta"],
      ["gamma", "delta"],
      ["epsilon"],
    ]);
    expect(world.server.requests[0]?.body).toMatchObject({ model: "test-embed", dimensions: 8 });
  });

  it("refuses a URL outside the allow-list before any request", () => {
    expect(() => client({ allowList: ["api.openai.com"] })).toThrow(/not in the allow-list/);
  });

  it("reports an unreachable provider", async () => {
    const origin = await findClosedPortOrigin();
    const error = await appErrorOf(client({ baseUrl: `${origin}/v1` }).embed(["x"]));
    expect(error.code).toBe("unavailable");
    expect(error.message).toBe(`embedding provider at ${origin} is unreachable (ECONNREFUSED)`);
    expect(world.sleeps).toHaveLength(4);
  });

  it("reports a rejected API key at once, without retrying or echoing the key", async () => {
    const error = await appErrorOf(client({ apiKey: "sk-wrong" }).embed(["x"]));
    expect(error.code).toBe("bad_request");
    expect(error.message).toBe(
      `embedding provider at ${world.server.origin} rejected the API key (HTTP 401)`,
    );
    expect(error.message).not.toContain("sk-wrong");
    expect(world.server.requests).toHaveLength(1);
  });

  it("reports other 4xx answers with the provider's explanation, the key redacted", async () => {
    world.server.behave({ kind: "bad-request" });
    const error = await appErrorOf(client().embed(["x"]));
    expect(error.code).toBe("bad_request");
    expect(error.message).toBe(
      `embedding provider at ${world.server.origin} refused the request (HTTP 400): {"error":{"message":"model not found (Bearer [redacted])"}}`,
    );
    expect(world.server.requests).toHaveLength(1);
  });

  it("stops when the caller cancels", async () => {
    world.server.behave({ kind: "slow", delayMs: 300 });
    const controller = new AbortController();
    const pending = client().embed(["x"], { signal: controller.signal });
    // cancelled once the server has it: a request it read only later (a loaded machine) would be
    // answered with the next test's behaviour and count toward it
    await vi.waitFor(() => expect(world.server.requests).toHaveLength(1));
    controller.abort();
    const error = await appErrorOf(pending);
    expect(error.message).toBe(`embedding provider at ${world.server.origin}: the request was cancelled`);
    expect(world.sleeps).toHaveLength(0);
  });

  it("waits as Retry-After says on 429, then succeeds", async () => {
    world.server.behave({ kind: "rate-limited", times: 2, retryAfterSeconds: 3 });
    const vectors = await client().embed(["x"]);
    expect(vectors).toHaveLength(1);
    expect(world.sleeps).toEqual([3_000, 3_000]);
  });

  it("backs off exponentially with jitter when 429 has no Retry-After", async () => {
    world.server.behave({ kind: "rate-limited", times: 3 });
    await client({
      retry: { baseDelayMs: 100, random: () => 0.5, sleep: async (ms) => void world.sleeps.push(ms) },
    }).embed(["x"]);
    expect(world.sleeps).toEqual([75, 150, 300]);
  });

  it("gives up on 429 after the configured retries", async () => {
    world.server.behave({ kind: "rate-limited-forever", retryAfterSeconds: 1 });
    const error = await appErrorOf(client().embed(["x"]));
    expect(error.code).toBe("unavailable");
    expect(error.message).toBe(
      `embedding provider at ${world.server.origin} rate-limited the requests (HTTP 429) and 4 retries did not get through`,
    );
    expect(world.server.requests).toHaveLength(5);
  });

  it("reports a body that is not JSON", async () => {
    world.server.behave({ kind: "malformed-json" });
    const error = await appErrorOf(client().embed(["x"]));
    expect(error.message).toBe(
      `embedding provider at ${world.server.origin} answered with a malformed response: the body is not JSON`,
    );
  });

  it("reports a missing embedding by its JSON path", async () => {
    world.server.behave({ kind: "missing-embedding", at: 3 });
    const error = await appErrorOf(client().embed(["a", "b", "c", "d", "e"]));
    expect(error.code).toBe("unavailable");
    // The server answers in reverse order, so input 3 sits at data[1].
    expect(error.message).toBe(
      `embedding provider at ${world.server.origin} answered with a malformed response: data[1].embedding is missing`,
    );
  });

  it("reports vectors of another dimension than configured", async () => {
    world.server.behave({ kind: "wrong-dimensions", dimensions: 3 });
    const error = await appErrorOf(client({ dimensions: 8 }).embed(["a", "b"]));
    expect(error.message).toBe(
      `embedding provider at ${world.server.origin} answered with a malformed response: data[0].embedding has 3 numbers, expected 8`,
    );
  });

  it("times out a slow provider", async () => {
    world.server.behave({ kind: "slow", delayMs: 500 });
    const error = await appErrorOf(
      client({ retry: { timeoutMs: 50, maxRetries: 1, sleep: async () => {} } }).embed(["x"]),
    );
    expect(error.code).toBe("unavailable");
    expect(error.message).toBe(`embedding provider at ${world.server.origin} did not answer within 0.05 s`);
  });
});
