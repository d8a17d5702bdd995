import { describe, expect, it } from "vitest";
import {
  parseSavedConfig,
  resolveSavedConfigPreset,
  retrievalRunOfSavedConfig,
} from "@/lib/configs/parse-saved-config";
import { AppError } from "@/lib/errors";
import { defaultAnalyzer } from "@/lib/retrieval/analyzer-options";

const heldOut = {
  name: "bm25 whole documents",
  chunking: { strategy: "document", prependTitle: true },
  retriever: { kind: "bm25", k1: 0.9, b: 0.4 },
  topK: 1000,
};

function problem(value: unknown): AppError {
  try {
    parseSavedConfig(value);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a bad_request");
}

describe("parseSavedConfig", () => {
  it("reads a saved configuration's JSON, filling the app's defaults", () => {
    expect(parseSavedConfig(heldOut)).toEqual({
      name: "bm25 whole documents",
      config: {
        chunking: { strategy: "document", prependTitle: true },
        retriever: { kind: "bm25", k1: 0.9, b: 0.4, analyzer: defaultAnalyzer },
        topK: 1000,
        scoreThreshold: null,
        reranker: null,
      },
    });
  });

  it("reports a bad field with its JSON path", () => {
    const error = problem({ ...heldOut, topK: 0 });
    expect(error.code).toBe("bad_request");
    expect(error.message).toContain("topK");
    expect(problem({ ...heldOut, retriever: { kind: "bm25", k1: "high" } }).message).toContain(
      "retriever.k1",
    );
    expect(problem({ ...heldOut, name: "" }).message).toContain("name");
    expect(problem([]).code).toBe("bad_request");
  });

  it("rejects fields the schema would drop, e.g. a misspelt prependTitle", () => {
    const error = problem({ ...heldOut, chunking: { strategy: "document", prepend_title: true } });
    expect(error.message).toContain("chunking");
    expect(error.message).toContain("prepend_title");
    expect(problem({ ...heldOut, topk: 5 }).message).toContain("topk");
  });
});

describe("resolveSavedConfigPreset", () => {
  it("runs retrieve's presets over whole documents with titles, top 1,000", () => {
    const { name, config } = resolveSavedConfigPreset("bm25");
    expect(name).toBe("bm25");
    expect(config.chunking).toEqual({ strategy: "document", prependTitle: true });
    expect(config.retriever).toEqual({ kind: "bm25", k1: 0.9, b: 0.4, analyzer: defaultAnalyzer });
    expect(config.topK).toBe(1000);
    expect(resolveSavedConfigPreset("lsa").config.retriever.kind).toBe("dense");
  });

  it("names the presets there are for an unknown one", () => {
    expect(() => resolveSavedConfigPreset("bm42")).toThrow(/bm25, lsa, hybrid-rrf/);
  });
});

describe("retrievalRunOfSavedConfig", () => {
  const wholeDocuments = {
    name: "bm25 whole documents",
    chunking: { strategy: "document", prependTitle: true },
    retriever: { kind: "bm25", k1: 0.9, b: 0.4 },
    topK: 1000,
  };

  it("runs a whole-document configuration with titles, its name as the run tag", () => {
    const run = retrievalRunOfSavedConfig(parseSavedConfig(wholeDocuments));
    expect(run.name).toBe("bm25_whole_documents");
    expect(run.retriever).toMatchObject({ kind: "bm25", k1: 0.9, b: 0.4 });
    expect(run.ignoreIdenticalIds).toBe(false);
  });

  it("keeps the configuration's ignoreIdenticalIds", () => {
    const run = retrievalRunOfSavedConfig(parseSavedConfig({ ...wholeDocuments, ignoreIdenticalIds: true }));
    expect(run.ignoreIdenticalIds).toBe(true);
  });

  it("refuses what retrieve would not run as the file says, naming the field", () => {
    const refused = (patch: object) => () =>
      retrievalRunOfSavedConfig(parseSavedConfig({ ...wholeDocuments, ...patch }));
    expect(refused({ chunking: { strategy: "document", prependTitle: false } })).toThrow(
      "config: chunking: retrieve searches whole documents with their titles",
    );
    expect(refused({ chunking: { strategy: "fixed-characters", size: 400, overlap: 0 } })).toThrow(
      "config: chunking",
    );
    expect(refused({ scoreThreshold: 0.5 })).toThrow("config: scoreThreshold");
  });
});
