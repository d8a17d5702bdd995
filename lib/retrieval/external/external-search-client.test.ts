import { describe, expect, it } from "vitest";
import type { AppError } from "@/lib/errors";
import {
  createExternalSearchClient,
  type ExternalSearchClientOptions,
} from "@/lib/retrieval/external/external-search-client";
import { findClosedPortOrigin } from "@/lib/retrieval/providers/testing/loopback-http";
import { startLoopbackSearchServer } from "@/lib/retrieval/providers/testing/loopback-search-server";
import { setUpLoopbackServer } from "@/lib/retrieval/providers/testing/loopback-test-hooks";
import { appErrorOf } from "@/lib/testing/app-error-of";

const API_KEY = "search-secret-4711";
const corpus = [
  { id: "d1", text: "Cats purr softly. Dogs bark at night." },
  { id: "d2", text: "The stock market fell. Cats and dogs sleep all day." },
  { id: "d3", text: "Nothing relevant here." },
];
const world = setUpLoopbackServer(() => startLoopbackSearchServer({ corpus, apiKey: API_KEY }));

function client(overrides: Partial<ExternalSearchClientOptions> = {}) {
  return createExternalSearchClient({
    url: `${world.server.origin}/search`,
    apiKey: API_KEY,
    allowList: [world.server.origin],
    retry: {
      timeoutMs: 5_000,
      maxRetries: 2,
      sleep: async (ms) => void world.sleeps.push(ms),
      random: () => 0.5,
    },
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await appErrorOf(promise);
  expect(error.message).not.toContain(API_KEY);
  return error;
}

describe("createExternalSearchClient", () => {
  it("posts { query, top_k } with Bearer auth and returns hits best first", async () => {
    const hits = await client().search("cats dogs", 2);
    expect(world.server.requests).toEqual([
      { path: "/search", body: { query: "cats dogs", top_k: 2 }, authorization: `Bearer ${API_KEY}` },
    ]);
    expect(hits).toEqual([
      { docId: "d2", score: 1, text: "Cats and dogs sleep all day.", start: 23, end: 51 },
      { docId: "d1", score: 0.5, text: "Cats purr softly.", start: 0, end: 17 },
    ]);
    expect(corpus[1]!.text.slice(23, 51)).toBe("Cats and dogs sleep all day.");
  });

  it.each(["array", "hits"] as const)("accepts the %s answer shape", async (shape) => {
    world.server.behave({ kind: "ok", shape });
    const hits = await client().search("market", 5);
    expect(hits).toEqual([{ docId: "d2", score: 1, text: "The stock market fell.", start: 0, end: 22 }]);
  });

  it("keeps the top_k best by score (stable) when the system answers more", async () => {
    world.server.behave({
      kind: "answer",
      body: [
        { doc_id: "a", score: 0.2 },
        { doc_id: 7, score: 0.9, text: null, start: null },
        { doc_id: "b", score: 0.5 },
        { doc_id: "c", score: 0.9 },
      ],
    });
    expect(await client().search("q", 3)).toEqual([
      { docId: "7", score: 0.9 },
      { docId: "c", score: 0.9 },
      { docId: "b", score: 0.5 },
    ]);
  });

  it("refuses a URL outside the allow-list before any request", () => {
    expect(() => client({ allowList: ["https://api.example.com"] })).toThrow(/is not in the allow-list/);
    expect(world.server.requests).toHaveLength(0);
  });

  it("refuses a non-positive top_k", async () => {
    const error = await failure(client().search("q", 0));
    expect(error.code).toBe("bad_request");
  });

  it("reports an unreachable system", async () => {
    const origin = await findClosedPortOrigin();
    const error = await failure(client({ url: `${origin}/search`, allowList: [origin] }).search("cats", 3));
    expect(error.code).toBe("unavailable");
    expect(error.message).toBe(`external retriever at ${origin} is unreachable (ECONNREFUSED)`);
    expect(world.sleeps).toHaveLength(2);
  });

  it("reports a rejected API key without retrying or echoing it", async () => {
    const error = await failure(client({ apiKey: "wrong-key" }).search("cats", 3));
    expect(error.code).toBe("bad_request");
    expect(error.message).toBe(
      `external retriever at ${world.server.origin} rejected the API key (HTTP 401)`,
    );
    expect(error.message).not.toContain("wrong-key");
    expect(world.server.requests).toHaveLength(1);
  });

  it("waits as Retry-After says on 429, then succeeds", async () => {
    world.server.behave({ kind: "rate-limited", times: 2, retryAfterSeconds: 3 });
    const hits = await client().search("market", 1);
    expect(hits.map((hit) => hit.docId)).toEqual(["d2"]);
    expect(world.sleeps).toEqual([3000, 3000]);
    expect(world.server.requests).toHaveLength(3);
  });

  it("gives up on 429 after the configured retries", async () => {
    world.server.behave({ kind: "rate-limited-forever", retryAfterSeconds: 1 });
    const error = await failure(client().search("cats", 3));
    expect(error.code).toBe("unavailable");
    expect(error.message).toBe(
      `external retriever at ${world.server.origin} rate-limited the requests (HTTP 429) and 2 retries did not get through`,
    );
    expect(world.server.requests).toHaveLength(3);
  });

  it("times out a slow system", async () => {
    world.server.behave({ kind: "slow", delayMs: 1_000 });
    const error = await failure(client({ timeoutMs: 50, retry: { maxRetries: 0 } }).search("cats", 3));
    expect(error.message).toBe(`external retriever at ${world.server.origin} did not answer within 0.05 s`);
  });

  it("reports a body that is not JSON", async () => {
    world.server.behave({ kind: "malformed-json" });
    const error = await failure(client().search("cats", 3));
    expect(error.message).toBe(
      `external retriever at ${world.server.origin} answered with a malformed response: the body is not JSON`,
    );
  });

  it.each([
    ["score", "0.5", 'results[1].score: expected number, got "0.5"'],
    ["doc_id", undefined, "results[1].doc_id is missing"],
    ["doc_id", "", 'results[1].doc_id: expected a non-empty string or a number, got ""'],
    ["start", 2.5, "results[1].start: expected a non-negative integer, got 2.5"],
    ["text", 3, "results[1].text: expected string, got 3"],
  ])("names the JSON path of a wrong %s", async (field, value, problem) => {
    world.server.behave({ kind: "wrong-shape", at: 1, field, value });
    const error = await failure(client().search("cats dogs", 3));
    expect(error.message).toBe(
      `external retriever at ${world.server.origin} answered with a malformed response: ${problem}`,
    );
  });

  it("explains a top-level shape it does not know", async () => {
    world.server.behave({ kind: "answer", body: { data: [] } });
    const error = await failure(client().search("cats", 3));
    expect(error.message).toContain(
      'expected a JSON array of hits or an object with "results" or "hits", got an object',
    );
    world.server.behave({ kind: "answer", body: [{ doc_id: "a", score: 1 }, "b"] });
    expect((await failure(client().search("cats", 3))).message).toContain('[1]: expected an object, got "b"');
  });
});
