import { describe, expect, it } from "vitest";
import { chunkDocument } from "@/lib/chunking/chunk-document";
import {
  type ChunkingConfig,
  chunkingConfigSchema,
  defaultRetrievalConfig,
  defaultRetrievers,
  rerankerConfigSchema,
  retrievalConfigSchema,
  retrieverConfigSchema,
} from "@/lib/configs/config-schema";
import { describeChunking, describeConfig } from "@/lib/configs/describe-config";
import { defaultAnalyzer } from "@/lib/retrieval/analyzer-options";

const strategies = ["fixed-characters", "fixed-tokens", "sentence-packed", "recursive"] as const;

function issuesOf(input: unknown): { path: PropertyKey[]; message: string }[] {
  const result = chunkingConfigSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map(({ path, message }) => ({ path, message }));
}

describe("chunkingConfigSchema", () => {
  it("accepts every strategy with a size and a smaller overlap", () => {
    for (const strategy of strategies) {
      const chunking = { strategy, size: 128, overlap: 16 };
      expect(chunkingConfigSchema.parse(chunking)).toEqual(chunking);
    }
  });

  it("keeps fixed-characters as it was: size 20 to 20,000, overlap from 0", () => {
    const parses = (size: number, overlap: number) =>
      chunkingConfigSchema.safeParse({ strategy: "fixed-characters", size, overlap }).success;
    expect([parses(20, 0), parses(20_000, 19_999), parses(19, 0), parses(20_001, 0)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([parses(400, -1), parses(400.5, 0), parses(400, 80.5)]).toEqual([false, false, false]);
  });

  it("bounds token sizes separately from character sizes", () => {
    const parses = (size: number) =>
      chunkingConfigSchema.safeParse({ strategy: "fixed-tokens", size, overlap: 0 }).success;
    expect([parses(4), parses(8_192), parses(3), parses(8_193)]).toEqual([true, true, false, false]);
    for (const strategy of ["sentence-packed", "recursive"] as const) {
      expect(chunkingConfigSchema.safeParse({ strategy, size: 19, overlap: 0 }).success).toBe(false);
    }
  });

  it("reports an overlap that is not below the size on the overlap field, for every strategy", () => {
    for (const strategy of strategies) {
      expect(issuesOf({ strategy, size: 100, overlap: 100 })).toEqual([
        { path: ["overlap"], message: "overlap must be smaller than the chunk size" },
      ]);
    }
  });

  it("rejects an unknown strategy on the strategy field", () => {
    expect(issuesOf({ strategy: "semantic", size: 100, overlap: 10 }).map((issue) => issue.path)).toEqual([
      ["strategy"],
    ]);
    expect(issuesOf({ size: 100, overlap: 10 }).map((issue) => issue.path)).toEqual([["strategy"]]);
  });

  it("parses stored configs with the new strategies and feeds them to chunkDocument", () => {
    for (const strategy of strategies) {
      const config = retrievalConfigSchema.parse({
        ...defaultRetrievalConfig,
        chunking: { strategy, size: 40, overlap: 8 },
      });
      const chunking: ChunkingConfig = config.chunking;
      const text = "First sentence here. Second one follows.\n\nA new paragraph with more words in it.";
      expect(chunkDocument({ text, chunking }).length).toBeGreaterThan(0);
    }
  });
});

describe("describeConfig", () => {
  it("describes each chunking strategy in its own unit", () => {
    const described = (chunking: ChunkingConfig) => describeChunking(chunking);
    expect(described({ strategy: "fixed-characters", size: 400, overlap: 80 })).toBe("400/80 chars");
    expect(described({ strategy: "fixed-tokens", size: 128, overlap: 16 })).toBe("128/16 tokens");
    expect(described({ strategy: "sentence-packed", size: 600, overlap: 120 })).toBe(
      "sentences ≤ 600 chars, overlap ≤ 120",
    );
    expect(described({ strategy: "sentence-packed", size: 600, overlap: 0 })).toBe(
      "sentences ≤ 600 chars, no overlap",
    );
    expect(described({ strategy: "recursive", size: 400, overlap: 80 })).toBe("recursive 400/80 chars");
    expect(described({ strategy: "document" })).toBe("whole documents");
    expect(described({ strategy: "document", prependTitle: true })).toBe("whole documents + title");
    expect(described({ strategy: "fixed-tokens", size: 128, overlap: 16, prependTitle: true })).toBe(
      "128/16 tokens + title",
    );
    expect(described({ strategy: "recursive", size: 400, overlap: 80, prependTitle: false })).toBe(
      "recursive 400/80 chars",
    );
  });

  it("accepts whole documents and prependTitle on every strategy; absent means no title", () => {
    const parse = (chunking: unknown) =>
      retrievalConfigSchema.safeParse({ ...defaultRetrievalConfig, chunking });
    expect(parse({ strategy: "document", prependTitle: true }).data?.chunking).toEqual({
      strategy: "document",
      prependTitle: true,
    });
    expect(parse({ strategy: "document" }).data?.chunking).toEqual({ strategy: "document" });
    expect(parse({ strategy: "sentence-packed", size: 600, overlap: 0, prependTitle: true }).success).toBe(
      true,
    );
    const wrong = parse({ strategy: "document", prependTitle: "yes" });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.path).toEqual(["chunking", "prependTitle"]);
  });

  it("ignoreIdenticalIds: absent in old configurations (kept as they were, meaning off), a boolean otherwise", () => {
    const old = { chunking: { strategy: "document" }, retriever: { kind: "bm25" }, topK: 10 };
    const parsed = retrievalConfigSchema.parse(old);
    expect(parsed.ignoreIdenticalIds ?? false).toBe(false);
    expect(parsed).not.toHaveProperty("ignoreIdenticalIds");
    expect(retrievalConfigSchema.parse({ ...old, ignoreIdenticalIds: true }).ignoreIdenticalIds).toBe(true);
    const wrong = retrievalConfigSchema.safeParse({ ...old, ignoreIdenticalIds: "yes" });
    expect(wrong.error?.issues[0]?.path).toEqual(["ignoreIdenticalIds"]);
    expect(describeConfig({ ...defaultRetrievalConfig, ignoreIdenticalIds: true })).toBe(
      "BM25 k1=0.9 b=0.4 · 400/80 chars · top 20 · without the query's own document",
    );
    expect(describeConfig({ ...defaultRetrievalConfig, ignoreIdenticalIds: false })).toBe(
      "BM25 k1=0.9 b=0.4 · 400/80 chars · top 20",
    );
  });

  it("joins retriever, chunking, top k and threshold", () => {
    expect(describeConfig(defaultRetrievalConfig)).toBe("BM25 k1=0.9 b=0.4 · 400/80 chars · top 20");
    expect(
      describeConfig({
        ...defaultRetrievalConfig,
        chunking: { strategy: "fixed-tokens", size: 128, overlap: 16 },
        scoreThreshold: 1.5,
      }),
    ).toBe("BM25 k1=0.9 b=0.4 · 128/16 tokens · top 20 · score ≥ 1.5");
  });
});

describe("retrieverConfigSchema", () => {
  it("fills the defaults of each kind", () => {
    expect(retrieverConfigSchema.parse({ kind: "bm25" })).toEqual(defaultRetrievers.bm25);
    expect(retrieverConfigSchema.parse({ kind: "dense", provider: { kind: "builtin-lsa" } })).toEqual(
      defaultRetrievers.dense,
    );
    expect(
      retrieverConfigSchema.parse({
        kind: "hybrid",
        sparse: {},
        dense: { provider: { kind: "builtin-lsa" } },
        fusion: { kind: "rrf" },
      }),
    ).toEqual(defaultRetrievers.hybrid);
  });

  it("bounds LSA dimensions to 8–512 and alpha to [0, 1]", () => {
    const dense = (dimensions: number) =>
      retrieverConfigSchema.safeParse({ kind: "dense", provider: { kind: "builtin-lsa", dimensions } })
        .success;
    expect([dense(8), dense(512), dense(7), dense(513), dense(64.5)]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    const weighted = (alpha: number) =>
      retrieverConfigSchema.safeParse({
        ...defaultRetrievers.hybrid,
        fusion: { kind: "weighted", alpha, normalization: "z-score" },
      }).success;
    expect([weighted(0), weighted(1), weighted(-0.1), weighted(1.1)]).toEqual([true, true, false, false]);
  });

  it("accepts an OpenAI-compatible provider with defaults, rejects one without a model and unknown kinds", () => {
    const openai = {
      kind: "openai-compatible",
      baseUrl: "http://127.0.0.1:1/v1",
      model: "m",
      apiKeyEnv: "KEY",
    };
    expect(retrieverConfigSchema.parse({ kind: "dense", provider: openai })).toEqual({
      kind: "dense",
      provider: { ...openai, batchSize: 64, timeoutMs: 30_000 },
    });
    const { model: _, ...withoutModel } = openai;
    expect(retrieverConfigSchema.safeParse({ kind: "dense", provider: withoutModel }).success).toBe(false);
    expect(retrieverConfigSchema.safeParse({ kind: "splade" }).success).toBe(false);
  });
});

describe("describeConfig for dense and hybrid", () => {
  it("names the LSA dimensions and the fusion", () => {
    expect(describeConfig({ ...defaultRetrievalConfig, retriever: defaultRetrievers.dense })).toBe(
      "LSA 128d · 400/80 chars · top 20",
    );
    expect(describeConfig({ ...defaultRetrievalConfig, retriever: defaultRetrievers.hybrid })).toBe(
      "BM25 + LSA 128d · RRF k=60 · 400/80 chars · top 20",
    );
  });

  it("spells out non-default BM25, seed, weighted fusion and depth", () => {
    expect(
      describeConfig({
        ...defaultRetrievalConfig,
        retriever: {
          kind: "hybrid",
          sparse: { k1: 1.2, b: 0.75, analyzer: { ...defaultAnalyzer, stem: false } },
          dense: { provider: { kind: "builtin-lsa", dimensions: 64, seed: 7 } },
          fusion: { kind: "weighted", alpha: 0.3, normalization: "z-score" },
          depth: 50,
        },
      }),
    ).toBe(
      "BM25 k1=1.2 b=0.75 (no stem) + LSA 64d seed 7 · weighted α=0.3 z-score depth 50 · 400/80 chars · top 20",
    );
  });

  it("describes HTTP providers, the external and imported retrievers (no chunking) and a reranker", () => {
    const reranker = rerankerConfigSchema.parse({
      baseUrl: "http://127.0.0.1:8080",
      model: "bge-reranker-v2",
      depth: 40,
    });
    expect(
      describeConfig({
        ...defaultRetrievalConfig,
        retriever: retrieverConfigSchema.parse({
          kind: "dense",
          provider: {
            kind: "openai-compatible",
            baseUrl: "http://localhost:11434/v1",
            model: "nomic-embed-text",
          },
        }),
        reranker,
      }),
    ).toBe("nomic-embed-text @ localhost:11434 · 400/80 chars · rerank bge-reranker-v2@40 · top 20");
    expect(
      describeConfig({
        ...defaultRetrievalConfig,
        retriever: retrieverConfigSchema.parse({
          kind: "external",
          url: "https://search.acme.dev/v2/search",
        }),
      }),
    ).toBe("external search.acme.dev · top 20");
    expect(
      describeConfig({
        ...defaultRetrievalConfig,
        retriever: {
          kind: "imported",
          file: { name: "bm25-prod.trec", sha256: "a".repeat(64), format: "trec" },
        },
      }),
    ).toBe("imported bm25-prod.trec · top 20");
  });

  it("rejects a reranker shallower than topK, secrets in place of variable names, and non-http URLs", () => {
    const base = { chunking: defaultRetrievalConfig.chunking, retriever: defaultRetrievers.bm25, topK: 20 };
    const shallow = retrievalConfigSchema.safeParse({
      ...base,
      reranker: { baseUrl: "http://127.0.0.1:8080", model: "m", depth: 10 },
    });
    expect(shallow.error?.issues[0]?.path).toEqual(["reranker", "depth"]);
    const secret = retrieverConfigSchema.safeParse({
      kind: "external",
      url: "https://x.dev",
      apiKeyEnv: "sk-live-123",
    });
    expect(secret.error?.issues[0]?.message).toMatch(/environment variable name/);
    expect(retrieverConfigSchema.safeParse({ kind: "external", url: "ftp://x.dev/search" }).success).toBe(
      false,
    );
  });
});
