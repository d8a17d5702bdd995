import { describe, expect, it } from "vitest";
import { defaultRetrievalConfig, defaultRetrievers } from "@/lib/configs/config-schema";
import {
  chunkingFormFields,
  configFromEvaluateRequest,
  evaluateRequestSchema,
  sweepAxesFromEvaluateRequest,
} from "@/lib/configs/evaluate-request";

// What the evaluate form posts (all strings, unchecked boxes sent as "false") → a configuration.
const post = (fields: Record<string, string>) =>
  evaluateRequestSchema.parse({ name: "a run", topK: "20", coverage: "1", ...fields });

describe("configFromEvaluateRequest, chunking", () => {
  const bm25 = { retrieverKind: "bm25", chunkSize: "400", chunkOverlap: "80", k1: "0.9", b: "0.4" };

  it("whole documents drop size and overlap; the title checkbox sets prependTitle only when checked", () => {
    expect(
      configFromEvaluateRequest(post({ ...bm25, strategy: "document", prependTitle: "true" })).chunking,
    ).toEqual({
      strategy: "document",
      prependTitle: true,
    });
    expect(
      configFromEvaluateRequest(post({ ...bm25, strategy: "document", prependTitle: "false" })).chunking,
    ).toEqual({
      strategy: "document",
    });
    expect(configFromEvaluateRequest(post({ ...bm25, prependTitle: "true" })).chunking).toEqual({
      ...defaultRetrievalConfig.chunking,
      prependTitle: true,
    });
  });

  it("the own-document checkbox sets ignoreIdenticalIds only when checked", () => {
    expect(configFromEvaluateRequest(post({ ...bm25, ignoreIdenticalIds: "true" })).ignoreIdenticalIds).toBe(
      true,
    );
    expect(configFromEvaluateRequest(post({ ...bm25, ignoreIdenticalIds: "false" }))).not.toHaveProperty(
      "ignoreIdenticalIds",
    );
    expect(configFromEvaluateRequest(post(bm25))).not.toHaveProperty("ignoreIdenticalIds");
  });

  it("a saved chunking back to the form's fields", () => {
    expect(chunkingFormFields({ strategy: "document", prependTitle: true })).toEqual({
      strategy: "document",
      chunkSize: 400,
      chunkOverlap: 80,
      prependTitle: true,
    });
    expect(chunkingFormFields({ strategy: "fixed-tokens", size: 128, overlap: 16 })).toEqual({
      strategy: "fixed-tokens",
      chunkSize: 128,
      chunkOverlap: 16,
      prependTitle: false,
    });
  });
});

describe("configFromEvaluateRequest", () => {
  it("BM25 with the form's defaults is the default configuration; unchecked analyzer steps switch off", () => {
    const fields = { retrieverKind: "bm25", chunkSize: "400", chunkOverlap: "80", k1: "0.9", b: "0.4" };
    expect(configFromEvaluateRequest(post({ ...fields, rerank: "false", scoreThreshold: "" }))).toEqual(
      defaultRetrievalConfig,
    );
    const noStem = configFromEvaluateRequest(
      post({ ...fields, stem: "false", stopwords: "true", lowercase: "true" }),
    );
    expect(noStem.retriever).toEqual({
      ...defaultRetrievers.bm25,
      analyzer: { ...defaultRetrievers.bm25.analyzer, stem: false },
    });
  });

  it("an embeddings endpoint, a reranker and a score threshold", () => {
    const config = configFromEvaluateRequest(
      post({
        retrieverKind: "hybrid-http",
        embeddingBaseUrl: "http://127.0.0.1:11434/v1",
        embeddingModel: "nomic-embed-text",
        embeddingDimensions: "",
        embeddingApiKeyEnv: "",
        rrfK: "30",
        rerank: "true",
        rerankBaseUrl: "http://127.0.0.1:8080",
        rerankModel: "bge-reranker",
        rerankDepth: "40",
        rerankApiKeyEnv: "RERANK_KEY",
        scoreThreshold: "0.2",
      }),
    );
    expect(config.retriever).toMatchObject({
      kind: "hybrid",
      dense: {
        provider: {
          kind: "openai-compatible",
          model: "nomic-embed-text",
          baseUrl: "http://127.0.0.1:11434/v1",
        },
      },
      fusion: { kind: "rrf", k: 30 },
    });
    // an empty key-variable field means no key: nothing named, nothing stored
    expect(JSON.stringify(config.retriever)).not.toContain("apiKeyEnv");
    expect(config.reranker).toMatchObject({ model: "bge-reranker", depth: 40, apiKeyEnv: "RERANK_KEY" });
    expect(config.scoreThreshold).toBe(0.2);
  });

  it("external and imported retrievers; an imported run needs its stored file", () => {
    const external = configFromEvaluateRequest(
      post({ retrieverKind: "external", externalUrl: "https://search.acme.dev/api", externalApiKeyEnv: "" }),
    );
    expect(external.retriever).toEqual({
      kind: "external",
      url: "https://search.acme.dev/api",
      timeoutMs: 30_000,
    });
    const file = { name: "prod.trec", sha256: "b".repeat(64), format: "trec" } as const;
    expect(configFromEvaluateRequest(post({ retrieverKind: "imported" }), file).retriever).toEqual({
      kind: "imported",
      file,
    });
    expect(() => configFromEvaluateRequest(post({ retrieverKind: "imported" }))).toThrow(/file/);
  });

  it("reports the field that is wrong", () => {
    expect(() =>
      configFromEvaluateRequest(post({ retrieverKind: "external", externalUrl: "not a url" })),
    ).toThrow(/http\(s\) URL/);
    expect(() =>
      configFromEvaluateRequest(
        post({
          retrieverKind: "bm25",
          rerank: "true",
          rerankBaseUrl: "http://x.dev",
          rerankModel: "m",
          rerankDepth: "5",
        }),
      ),
    ).toThrow(/at least topK/);
  });

  it("weighted fusion for hybrids, and sweep axes (none when no values are given)", () => {
    const request = post({
      retrieverKind: "hybrid",
      fusion: "weighted",
      alpha: "0.3",
      normalization: "z-score",
      axis1Path: "retriever.fusion.alpha",
      axis1Values: "0:1:0.25",
      axis2Path: "chunking.size",
      axis2Values: "",
    });
    expect(configFromEvaluateRequest(request).retriever).toMatchObject({
      fusion: { kind: "weighted", alpha: 0.3, normalization: "z-score" },
    });
    expect(sweepAxesFromEvaluateRequest(request)).toEqual([
      { path: "retriever.fusion.alpha", values: [0, 0.25, 0.5, 0.75, 1] },
    ]);
    expect(sweepAxesFromEvaluateRequest(post({ retrieverKind: "bm25" }))).toEqual([]);
  });
});
