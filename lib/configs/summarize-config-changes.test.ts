import { describe, expect, it } from "vitest";
import { defaultRetrievalConfig, defaultRetrievers } from "@/lib/configs/config-schema";
import { summarizeConfigChanges } from "./summarize-config-changes";

const paths = (before: unknown, after: unknown) =>
  summarizeConfigChanges({ before, after }).map((change) => change.path);

describe("summarizeConfigChanges", () => {
  it("is empty for equal configurations", () => {
    expect(
      summarizeConfigChanges({ before: defaultRetrievalConfig, after: { ...defaultRetrievalConfig } }),
    ).toEqual([]);
  });

  it("counts a switched retriever as one change, with the whole settings on both sides", () => {
    const hybrid = { ...defaultRetrievalConfig, retriever: defaultRetrievers.hybrid };
    expect(summarizeConfigChanges({ before: defaultRetrievalConfig, after: hybrid })).toEqual([
      { path: "retriever", before: defaultRetrievalConfig.retriever, after: defaultRetrievers.hybrid },
    ]);
  });

  it("counts each changed leaf otherwise: chunk size and overlap are two changes", () => {
    const small = {
      ...defaultRetrievalConfig,
      chunking: { strategy: "fixed-characters", size: 200, overlap: 40 },
    };
    expect(paths(defaultRetrievalConfig, small)).toEqual(["chunking.size", "chunking.overlap"]);
    const k1 = { ...defaultRetrievalConfig, retriever: { ...defaultRetrievers.bm25, k1: 1.2 } };
    expect(paths(defaultRetrievalConfig, k1)).toEqual(["retriever.k1"]);
  });

  it("merges a nested variant switch (fusion rrf → weighted) at its own level", () => {
    const rrf = { ...defaultRetrievalConfig, retriever: defaultRetrievers.hybrid };
    const weighted = {
      ...defaultRetrievalConfig,
      retriever: {
        ...defaultRetrievers.hybrid,
        fusion: { kind: "weighted", alpha: 0.5, normalization: "min-max" },
      },
    };
    expect(paths(rrf, weighted)).toEqual(["retriever.fusion"]);
  });

  it("counts a setting that appears (a reranker where there was none) as one change", () => {
    const reranked = {
      ...defaultRetrievalConfig,
      reranker: {
        baseUrl: "http://127.0.0.1:9/v1",
        model: "bge",
        requestFormat: "cohere",
        depth: 50,
        timeoutMs: 30000,
      },
    };
    expect(summarizeConfigChanges({ before: defaultRetrievalConfig, after: reranked })).toEqual([
      { path: "reranker", before: null, after: reranked.reranker },
    ]);
    expect(
      paths(defaultRetrievalConfig, { ...defaultRetrievalConfig, scoreThreshold: 0.2, topK: 10 }),
    ).toEqual(["topK", "scoreThreshold"]);
  });

  it("counts ignoreIdenticalIds switched on as one change, and false as its absence", () => {
    const on = { ...defaultRetrievalConfig, ignoreIdenticalIds: true };
    expect(summarizeConfigChanges({ before: defaultRetrievalConfig, after: on })).toEqual([
      { path: "ignoreIdenticalIds", before: undefined, after: true },
    ]);
    expect(paths(defaultRetrievalConfig, { ...defaultRetrievalConfig, ignoreIdenticalIds: false })).toEqual(
      [],
    );
  });
});
