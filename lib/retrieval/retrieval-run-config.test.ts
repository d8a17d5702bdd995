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

  it("says which presets are not built yet", () => {
    expect(() => resolveRetrievalPreset("lsa")).toThrowError(/"lsa" preset is not available yet/);
    expect(() => resolveRetrievalPreset("hybrid-rrf")).toThrowError(/Available presets: bm25/);
    expect(() => resolveRetrievalPreset("bm42")).toThrowError(AppError);
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
    expect(unstemmed.retriever.analyzer).toEqual({ ...defaultAnalyzer, stem: false });
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
});
