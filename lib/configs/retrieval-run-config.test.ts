import { describe, expect, it } from "vitest";
import { retrieverConfigSchema } from "@/lib/configs/config-schema";
import {
  parseRetrievalConfigFile,
  RETRIEVAL_PRESETS,
  resolveRetrievalPreset,
} from "@/lib/configs/retrieval-run-config";
import { AppError } from "@/lib/errors";
import { defaultAnalyzer } from "@/lib/retrieval/analyzer-options";

const parse = (value: unknown) => parseRetrievalConfigFile({ value, fallbackName: "file" });

/** The message of the error `parse(value)` throws. */
const problem = (value: unknown) => {
  try {
    parse(value);
  } catch (error) {
    return error instanceof AppError ? error.message : String(error);
  }
  return "no error";
};

const lsa128 = { kind: "builtin-lsa", dimensions: 128, seed: 1 } as const;

describe("retrieval run presets", () => {
  it("resolves bm25 to Anserini's defaults", () => {
    expect(resolveRetrievalPreset("bm25")).toEqual({
      name: "bm25",
      retriever: { kind: "bm25", k1: 0.9, b: 0.4, analyzer: defaultAnalyzer },
      ignoreIdenticalIds: false,
    });
  });

  it("resolves lsa and hybrid-rrf", () => {
    expect(resolveRetrievalPreset("lsa")).toEqual({
      name: "lsa",
      retriever: { kind: "dense", provider: lsa128 },
      ignoreIdenticalIds: false,
    });
    expect(resolveRetrievalPreset("hybrid-rrf")).toEqual({
      name: "hybrid-rrf",
      retriever: {
        kind: "hybrid",
        sparse: { k1: 0.9, b: 0.4, analyzer: defaultAnalyzer },
        dense: { provider: lsa128 },
        fusion: { kind: "rrf", k: 60 },
        depth: 1000,
      },
      ignoreIdenticalIds: false,
    });
  });

  it("are configurations the app's schema accepts unchanged", () => {
    for (const preset of Object.values(RETRIEVAL_PRESETS))
      expect(retrieverConfigSchema.parse(preset)).toEqual(preset);
  });

  it("names the available presets when one is unknown", () => {
    expect(() => resolveRetrievalPreset("bm42")).toThrowError(AppError);
    expect(() => resolveRetrievalPreset("bm42")).toThrowError(/Available presets: bm25, lsa, hybrid-rrf/);
    expect(() => resolveRetrievalPreset("toString")).toThrowError(/unknown preset "toString"/);
  });

  it("hands out a fresh copy each time", () => {
    const first = resolveRetrievalPreset("bm25");
    if (first.retriever.kind === "bm25") first.retriever.k1 = 5;
    expect(resolveRetrievalPreset("bm25").retriever).toMatchObject({ k1: 0.9 });
  });
});

describe("retrieval config files", () => {
  it("read the app's retriever JSON with its defaults, naming the run after the file unless told", () => {
    expect(parse({ retriever: { kind: "bm25", k1: 1.2 } })).toEqual({
      name: "file",
      retriever: { kind: "bm25", k1: 1.2, b: 0.4, analyzer: defaultAnalyzer },
      ignoreIdenticalIds: false,
    });
    expect(parse({ retriever: { kind: "bm25" }, ignoreIdenticalIds: true }).ignoreIdenticalIds).toBe(true);
    expect(problem({ retriever: { kind: "bm25" }, ignoreIdenticalIds: 1 })).toMatch(
      /config: ignoreIdenticalIds: /,
    );
    const unstemmed = parse({ name: "no-stem", retriever: { kind: "bm25", analyzer: { stem: false } } });
    expect(unstemmed.name).toBe("no-stem");
    expect(unstemmed.retriever).toMatchObject({ analyzer: { ...defaultAnalyzer, stem: false } });
  });

  it("read dense and hybrid configurations, the presets among them", () => {
    expect(parse({ retriever: { kind: "dense", provider: { kind: "builtin-lsa" } } }).retriever).toEqual(
      RETRIEVAL_PRESETS.lsa,
    );
    expect(parse({ retriever: RETRIEVAL_PRESETS["hybrid-rrf"] }).retriever).toEqual(
      RETRIEVAL_PRESETS["hybrid-rrf"],
    );
    const weighted = parse({
      retriever: {
        kind: "hybrid",
        sparse: { k1: 1.2, analyzer: { stem: false } },
        dense: { provider: { kind: "builtin-lsa", dimensions: 32 } },
        fusion: { kind: "weighted", alpha: 0.3, normalization: "z-score" },
      },
    });
    expect(weighted.retriever).toEqual({
      kind: "hybrid",
      sparse: { k1: 1.2, b: 0.4, analyzer: { ...defaultAnalyzer, stem: false } },
      dense: { provider: { kind: "builtin-lsa", dimensions: 32, seed: 1 } },
      fusion: { kind: "weighted", alpha: 0.3, normalization: "z-score" },
      depth: 100,
    });
  });

  it("read an OpenAI-compatible embedding provider", () => {
    const provider = {
      kind: "openai-compatible",
      baseUrl: "http://localhost:11434/v1",
      model: "nomic-embed-text",
    };
    expect(parse({ retriever: { kind: "dense", provider } }).retriever).toEqual({
      kind: "dense",
      provider: { ...provider, batchSize: 64, timeoutMs: 30_000 },
    });
  });

  it("reject external and imported retrievers: retrieve searches the documents itself", () => {
    const external = { kind: "external", url: "https://search.example.com/query" };
    expect(problem({ retriever: external })).toMatch(
      /^config: retriever\.kind: "external" cannot run here; retrieve runs bm25, dense and hybrid configurations over whole documents/,
    );
    const file = { name: "run.trec", sha256: "a".repeat(64), format: "trec" };
    expect(problem({ retriever: { kind: "imported", file } })).toMatch(
      /^config: retriever\.kind: "imported" cannot run here/,
    );
  });

  it("report problems with their JSON path", () => {
    expect(problem({ retriever: { kind: "bm25", b: 1.5 } })).toMatch(/^config: retriever\.b: /);
    expect(problem({ retriever: { kind: "bm25", k1: "0.9" } })).toMatch(/^config: retriever\.k1: /);
    expect(problem({ retriever: { kind: "lsa" } })).toMatch(/^config: retriever\.kind: /);
    expect(
      problem({ retriever: { kind: "dense", provider: { kind: "builtin-lsa", dimensions: 4 } } }),
    ).toMatch(/^config: retriever\.provider\.dimensions: /);
    expect(
      problem({
        retriever: { kind: "dense", provider: { kind: "openai-compatible", baseUrl: "ftp://x", model: "m" } },
      }),
    ).toMatch(/^config: retriever\.provider\.baseUrl: must be an http\(s\) URL/);
    expect(problem({ retriever: { ...RETRIEVAL_PRESETS["hybrid-rrf"], depth: 0 } })).toMatch(
      /^config: retriever\.depth: /,
    );
    expect(problem({ retriever: { ...RETRIEVAL_PRESETS["hybrid-rrf"], fusion: { kind: "max" } } })).toMatch(
      /^config: retriever\.fusion\.kind: /,
    );
    expect(problem({ retriever: { kind: "hybrid", fusion: { kind: "rrf" } } })).toMatch(
      /^config: retriever\.sparse: .*; retriever\.dense: /,
    );
    expect(problem({ name: "two words", retriever: RETRIEVAL_PRESETS.bm25 })).toMatch(
      /^config: name: must be one word/,
    );
    expect(problem({})).toMatch(/^config: retriever: /);
  });

  it("report fields the schema does not know, at any depth, instead of dropping them", () => {
    expect(problem({ retriever: RETRIEVAL_PRESETS.bm25, topK: 10 })).toMatch(/^config: topK: unknown field/);
    expect(problem({ retriever: { kind: "bm25", k_1: 1.2 } })).toBe("config: retriever.k_1: unknown field");
    expect(problem({ retriever: { kind: "bm25", analyzer: { stemming: false, stop: false } } })).toBe(
      'config: retriever.analyzer.stemming: unknown field (also "stop")',
    );
    expect(
      problem({
        retriever: { ...RETRIEVAL_PRESETS["hybrid-rrf"], dense: { provider: { ...lsa128, seeds: 2 } } },
      }),
    ).toBe("config: retriever.dense.provider.seeds: unknown field");
  });
});
