import { describe, expect, it } from "vitest";
import { createRerankClient, type RerankClientOptions } from "@/lib/retrieval/providers/rerank-client";
import { findClosedPortOrigin } from "@/lib/retrieval/providers/testing/loopback-http";
import { startLoopbackProviderServer } from "@/lib/retrieval/providers/testing/loopback-provider-server";
import { setUpLoopbackServer } from "@/lib/retrieval/providers/testing/loopback-test-hooks";
import { appErrorOf } from "@/lib/testing/app-error-of";

const API_KEY = "rerank-secret";
const documents = ["cats purr softly", "dogs bark at cats", "the stock market fell", "cats and dogs sleep"];
const world = setUpLoopbackServer(() => startLoopbackProviderServer({ apiKey: API_KEY }));

function client(overrides: Partial<RerankClientOptions> = {}) {
  return createRerankClient({
    baseUrl: `${world.server.origin}/v1`,
    model: "test-rerank",
    apiKey: API_KEY,
    allowList: [world.server.origin],
    retry: { timeoutMs: 5_000, maxRetries: 2, sleep: async (ms) => void world.sleeps.push(ms) },
    ...overrides,
  });
}

describe("createRerankClient", () => {
  it("reranks Cohere-style: best first, top_n honoured", async () => {
    const hits = await client().rerank({ query: "cats dogs", documents, topN: 3 });
    expect(hits).toEqual([
      { index: 1, score: 1 },
      { index: 3, score: 1 },
      { index: 0, score: 0.5 },
    ]);
    expect(world.server.requests[0]?.body).toEqual({
      model: "test-rerank",
      query: "cats dogs",
      documents,
      top_n: 3,
    });
  });

  it("accepts TEI's array answer and sends TEI's request shape", async () => {
    world.server.behave({ kind: "tei-rerank-array" });
    const hits = await client({ baseUrl: world.server.origin, requestFormat: "tei" }).rerank({
      query: "market",
      documents,
      topN: 1,
    });
    expect(hits).toEqual([{ index: 2, score: 1 }]);
    expect(world.server.requests[0]?.path).toBe("/rerank");
    expect(world.server.requests[0]?.body).toMatchObject({ query: "market", texts: documents });
  });

  it("makes no request for no documents", async () => {
    await expect(client().rerank({ query: "q", documents: [] })).resolves.toEqual([]);
    expect(world.server.requests).toHaveLength(0);
  });

  it("reports an unreachable provider", async () => {
    const origin = await findClosedPortOrigin();
    const error = await appErrorOf(
      client({ baseUrl: origin, allowList: [origin] }).rerank({ query: "q", documents }),
    );
    expect(error.message).toBe(`rerank provider at ${origin} is unreachable (ECONNREFUSED)`);
  });

  it("reports a rejected API key", async () => {
    const error = await appErrorOf(client({ apiKey: undefined }).rerank({ query: "q", documents }));
    expect(error.code).toBe("bad_request");
    expect(error.message).toBe(`rerank provider at ${world.server.origin} rejected the API key (HTTP 401)`);
  });

  it("retries 429 then succeeds; gives up when it never ends", async () => {
    world.server.behave({ kind: "rate-limited", times: 1, retryAfterSeconds: 2 });
    await expect(client().rerank({ query: "cats", documents, topN: 1 })).resolves.toHaveLength(1);
    expect(world.sleeps).toEqual([2_000]);
    world.server.behave({ kind: "rate-limited-forever" });
    const error = await appErrorOf(client().rerank({ query: "cats", documents }));
    expect(error.message).toBe(
      `rerank provider at ${world.server.origin} rate-limited the requests (HTTP 429) and 2 retries did not get through`,
    );
  });

  it("reports a malformed answer", async () => {
    world.server.behave({ kind: "malformed-json" });
    const error = await appErrorOf(client().rerank({ query: "q", documents }));
    expect(error.message).toContain("answered with a malformed response: the body is not JSON");
  });

  it("times out a slow provider", async () => {
    world.server.behave({ kind: "slow", delayMs: 400 });
    const error = await appErrorOf(
      client({ retry: { timeoutMs: 40, maxRetries: 0 } }).rerank({ query: "q", documents }),
    );
    expect(error.message).toBe(`rerank provider at ${world.server.origin} did not answer within 0.04 s`);
  });
});
