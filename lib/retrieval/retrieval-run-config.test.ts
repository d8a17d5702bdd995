import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { defaultAnalyzer } from "@/lib/retrieval/analyze-text";
import { parseRetrievalConfigFile, resolveRetrievalPreset } from "@/lib/retrieval/retrieval-run-config";

describe("retrieval run configs", () => {
  it("resolves the bm25 preset to Anserini's defaults", () => {
    expect(resolveRetrievalPreset("bm25")).toEqual({
      name: "bm25",
      retriever: { kind: "bm25", params: { k1: 0.9, b: 0.4 }, analyzer: defaultAnalyzer },
    });
  });

  it("resolves the lsa and hybrid-rrf presets", () => {
    const lsa = { kind: "lsa", dimensions: 128, seed: 1 } as const;
    expect(resolveRetrievalPreset("lsa")).toEqual({ name: "lsa", retriever: lsa });
    expect(resolveRetrievalPreset("hybrid-rrf")).toEqual({
      name: "hybrid-rrf",
      retriever: {
        kind: "hybrid",
        sparse: { kind: "bm25", params: { k1: 0.9, b: 0.4 }, analyzer: defaultAnalyzer },
        dense: lsa,
        fusion: { kind: "rrf", k: 60 },
        depth: 1000,
      },
    });
  });

  it("names the available presets when one is unknown", () => {
    expect(() => resolveRetrievalPreset("bm42")).toThrowError(AppError);
    expect(() => resolveRetrievalPreset("bm42")).toThrowError(/Available presets: bm25, lsa, hybrid-rrf/);
    expect(() => resolveRetrievalPreset("toString")).toThrowError(/unknown preset "toString"/);
  });

  it("hands out a fresh copy of a preset each time", () => {
    const first = resolveRetrievalPreset("bm25");
    if (first.retriever.kind === "bm25") first.retriever.params.k1 = 5;
    expect(resolveRetrievalPreset("bm25").retriever).toMatchObject({ params: { k1: 0.9 } });
  });

  it("reads a config file with defaults, naming the run after the file unless told", () => {
    expect(parseRetrievalConfigFile({ retriever: { kind: "bm25", k1: 1.2 } }, "tuned")).toEqual({
      name: "tuned",
      retriever: { kind: "bm25", params: { k1: 1.2, b: 0.4 }, analyzer: defaultAnalyzer },
    });
    const unstemmed = parseRetrievalConfigFile(
      { name: "no-stem", retriever: { kind: "bm25", analyzer: { stem: false } } },
      "file",
    );
    expect(unstemmed.name).toBe("no-stem");
    expect(unstemmed.retriever).toMatchObject({ analyzer: { ...defaultAnalyzer, stem: false } });
  });

  it("reads lsa and hybrid config files with their defaults", () => {
    expect(parseRetrievalConfigFile({ retriever: { kind: "lsa" } }, "f").retriever).toEqual({
      kind: "lsa",
      dimensions: 128,
      seed: 1,
    });
    expect(
      parseRetrievalConfigFile({ retriever: { kind: "lsa", dimensions: 64, seed: 7 } }, "f").retriever,
    ).toEqual({ kind: "lsa", dimensions: 64, seed: 7 });
    expect(parseRetrievalConfigFile({ retriever: { kind: "hybrid", fusion: "rrf" } }, "f")).toEqual({
      name: "f",
      retriever: resolveRetrievalPreset("hybrid-rrf").retriever,
    });
    const weighted = parseRetrievalConfigFile(
      {
        retriever: {
          kind: "hybrid",
          fusion: "weighted",
          alpha: 0.3,
          normalization: "z-score",
          depth: 200,
          sparse: { k1: 1.2, analyzer: { stem: false } },
          dense: { kind: "lsa", dimensions: 32 },
        },
      },
      "f",
    );
    expect(weighted.retriever).toEqual({
      kind: "hybrid",
      sparse: { kind: "bm25", params: { k1: 1.2, b: 0.4 }, analyzer: { ...defaultAnalyzer, stem: false } },
      dense: { kind: "lsa", dimensions: 32, seed: 1 },
      fusion: { kind: "weighted", alpha: 0.3, normalization: "z-score" },
      depth: 200,
    });
    const minMax = parseRetrievalConfigFile(
      { retriever: { kind: "hybrid", fusion: "weighted", alpha: 1 } },
      "f",
    );
    expect(minMax.retriever).toMatchObject({
      fusion: { kind: "weighted", alpha: 1, normalization: "min-max" },
    });
    const rrf = parseRetrievalConfigFile(
      { retriever: { kind: "hybrid", fusion: "rrf", k: 10, depth: 50 } },
      "f",
    );
    expect(rrf.retriever).toMatchObject({ fusion: { kind: "rrf", k: 10 }, depth: 50 });
  });

  it("reports invalid configs with their JSON path", () => {
    const problem = (value: unknown) => {
      try {
        parseRetrievalConfigFile(value, "file");
      } catch (error) {
        return error instanceof AppError ? error.message : String(error);
      }
      return "no error";
    };
    expect(problem({ retriever: { kind: "bm25", b: 1.5 } })).toMatch(/^config: retriever\.b: /);
    expect(problem({ retriever: { kind: "bm25", k1: "0.9" } })).toMatch(/retriever\.k1/);
    expect(problem({ retriever: { kind: "bm25", analyzer: { stemming: true } } })).toMatch(
      /retriever\.analyzer\.stemming: unknown field/,
    );
    expect(problem({ retriever: { kind: "dense" } })).toMatch(/retriever\.kind/);
    expect(problem({})).toMatch(/retriever/);
  });

  it("reports invalid lsa and hybrid configs with their JSON path", () => {
    const problem = (value: unknown) => {
      try {
        parseRetrievalConfigFile(value, "file");
      } catch (error) {
        return error instanceof AppError ? error.message : String(error);
      }
      return "no error";
    };
    expect(problem({ retriever: { kind: "lsa", dimensions: 0 } })).toMatch(
      /^config: retriever\.dimensions: /,
    );
    expect(problem({ retriever: { kind: "lsa", dimensions: 1.5 } })).toMatch(
      /^config: retriever\.dimensions: /,
    );
    expect(problem({ retriever: { kind: "lsa", k1: 0.9 } })).toMatch(/^config: retriever\.k1: unknown field/);
    expect(problem({ retriever: { kind: "hybrid" } })).toMatch(
      /^config: retriever\.fusion: .*'rrf' \| 'weighted'/,
    );
    expect(problem({ retriever: { kind: "hybrid", fusion: "max" } })).toMatch(/^config: retriever\.fusion: /);
    expect(problem({ retriever: { kind: "hybrid", fusion: "weighted" } })).toMatch(
      /^config: retriever\.alpha: /,
    );
    expect(problem({ retriever: { kind: "hybrid", fusion: "weighted", alpha: 1.5 } })).toMatch(
      /^config: retriever\.alpha: /,
    );
    expect(
      problem({ retriever: { kind: "hybrid", fusion: "weighted", alpha: 0.5, normalization: "l2" } }),
    ).toMatch(/^config: retriever\.normalization: /);
    expect(problem({ retriever: { kind: "hybrid", fusion: "rrf", alpha: 0.5 } })).toMatch(
      /^config: retriever\.alpha: unknown field/,
    );
    expect(problem({ retriever: { kind: "hybrid", fusion: "rrf", k: -1 } })).toMatch(
      /^config: retriever\.k: /,
    );
    expect(problem({ retriever: { kind: "hybrid", fusion: "rrf", depth: 0 } })).toMatch(
      /^config: retriever\.depth: /,
    );
    expect(problem({ retriever: { kind: "hybrid", fusion: "rrf", sparse: { b: 2 } } })).toMatch(
      /^config: retriever\.sparse\.b: /,
    );
    expect(problem({ retriever: { kind: "hybrid", fusion: "rrf", sparse: { kind: "lsa" } } })).toMatch(
      /^config: retriever\.sparse\.kind: /,
    );
    expect(problem({ retriever: { kind: "hybrid", fusion: "rrf", dense: { dimensions: "128" } } })).toMatch(
      /^config: retriever\.dense\.dimensions: /,
    );
    expect(problem({ retriever: { kind: "hybrid", fusion: "rrf", dense: { seeds: 1 } } })).toMatch(
      /^config: retriever\.dense\.seeds: unknown field/,
    );
  });
});
