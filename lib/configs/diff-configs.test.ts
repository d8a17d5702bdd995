import { describe, expect, it } from "vitest";
import { defaultRetrievalConfig, defaultRetrievers, type RetrievalConfig } from "@/lib/configs/config-schema";
import { diffConfigs } from "@/lib/configs/diff-configs";

describe("diffConfigs", () => {
  it("finds nothing between equal configs", () => {
    expect(
      diffConfigs({ before: defaultRetrievalConfig, after: structuredClone(defaultRetrievalConfig) }),
    ).toEqual([]);
  });

  it("lists each changed leaf by its dotted path, in the order of the config", () => {
    const after: RetrievalConfig = {
      ...defaultRetrievalConfig,
      chunking: { strategy: "fixed-characters", size: 300, overlap: 80 },
      retriever: { ...defaultRetrievers.bm25, k1: 1.2 },
      scoreThreshold: 2,
    };
    expect(diffConfigs({ before: defaultRetrievalConfig, after })).toEqual([
      { path: "chunking.size", before: 400, after: 300 },
      { path: "retriever.k1", before: 0.9, after: 1.2 },
      { path: "scoreThreshold", before: null, after: 2 },
    ]);
  });

  it("flattens nested objects and shows paths present on one side only as undefined on the other", () => {
    const after: RetrievalConfig = { ...defaultRetrievalConfig, retriever: defaultRetrievers.dense };
    expect(diffConfigs({ before: defaultRetrievalConfig, after })).toEqual([
      { path: "retriever.kind", before: "bm25", after: "dense" },
      { path: "retriever.k1", before: 0.9, after: undefined },
      { path: "retriever.b", before: 0.4, after: undefined },
      { path: "retriever.analyzer.lowercase", before: true, after: undefined },
      { path: "retriever.analyzer.stopwords", before: true, after: undefined },
      { path: "retriever.analyzer.stem", before: true, after: undefined },
      { path: "retriever.analyzer.possessives", before: true, after: undefined },
      { path: "retriever.provider.kind", before: undefined, after: "builtin-lsa" },
      { path: "retriever.provider.dimensions", before: undefined, after: 128 },
      { path: "retriever.provider.seed", before: undefined, after: 1 },
    ]);
  });

  it("compares arrays as whole values and tells a changed fusion apart", () => {
    const hybrid = defaultRetrievers.hybrid;
    const weighted = {
      ...hybrid,
      fusion: { kind: "weighted", alpha: 0.3, normalization: "z-score" },
    } as const;
    expect(
      diffConfigs({ before: { retriever: hybrid, ks: [1, 5] }, after: { retriever: weighted, ks: [1, 10] } }),
    ).toEqual([
      { path: "retriever.fusion.kind", before: "rrf", after: "weighted" },
      { path: "retriever.fusion.k", before: 60, after: undefined },
      { path: "ks", before: [1, 5], after: [1, 10] },
      { path: "retriever.fusion.alpha", before: undefined, after: 0.3 },
      { path: "retriever.fusion.normalization", before: undefined, after: "z-score" },
    ]);
  });

  it("takes a flag whose absence means false (ignoreIdenticalIds, prependTitle) as equal to false", () => {
    const off = { ...defaultRetrievalConfig, ignoreIdenticalIds: false };
    expect(diffConfigs({ before: defaultRetrievalConfig, after: off })).toEqual([]);
    expect(diffConfigs({ before: off, after: { ...off, ignoreIdenticalIds: true } })).toEqual([
      { path: "ignoreIdenticalIds", before: false, after: true },
    ]);
    const titled = {
      ...defaultRetrievalConfig,
      chunking: { ...defaultRetrievalConfig.chunking, prependTitle: false },
    };
    expect(diffConfigs({ before: defaultRetrievalConfig, after: titled })).toEqual([]);
  });
});
