import { describe, expect, it } from "vitest";
import {
  fieldForPath,
  issueContextOf,
  issuesFromErrorBody,
  pathSegments,
  placeIssues,
  SWEEP_GRID_FIELD,
} from "./form-issues";

const bm25 = { retrieverKind: "bm25", axisSlots: [] };

describe("pathSegments", () => {
  it("reads zod paths and the routes' formatted ones", () => {
    expect(pathSegments(["axes", 0, "values"])).toEqual(["axes", 0, "values"]);
    expect(pathSegments("axes[0].values")).toEqual(["axes", 0, "values"]);
    expect(pathSegments("retriever.sparse.k1")).toEqual(["retriever", "sparse", "k1"]);
    expect(pathSegments("(root)")).toEqual([]);
    expect(pathSegments([Symbol("x"), "name"])).toEqual(["name"]);
  });
});

describe("fieldForPath", () => {
  it("keeps the posted fields' own names", () => {
    expect(fieldForPath(["name"], bm25)).toBe("name");
    expect(fieldForPath(["coverage"], bm25)).toBe("coverage");
    expect(fieldForPath(["topK"], bm25)).toBe("topK");
    expect(fieldForPath(["file"], bm25)).toBe("file");
    expect(fieldForPath(["constructor"], bm25)).toBeNull();
    expect(fieldForPath([], bm25)).toBeNull();
  });

  it("maps the configuration's nested paths to the inputs that fill them", () => {
    expect(fieldForPath(["chunking", "size"], bm25)).toBe("chunkSize");
    expect(fieldForPath(["chunking", "overlap"], bm25)).toBe("chunkOverlap");
    expect(fieldForPath(["chunking"], bm25)).toBe("strategy");
    expect(fieldForPath(["retriever", "k1"], bm25)).toBe("k1");
    expect(fieldForPath(["retriever", "sparse", "b"], bm25)).toBe("b");
    expect(fieldForPath(["retriever", "sparse", "analyzer", "stem"], bm25)).toBe("stem");
    expect(fieldForPath(["retriever", "fusion", "k"], bm25)).toBe("rrfK");
    expect(fieldForPath(["retriever", "fusion", "alpha"], bm25)).toBe("alpha");
    expect(fieldForPath(["retriever", "url"], bm25)).toBe("externalUrl");
    expect(fieldForPath(["retriever", "apiKeyEnv"], bm25)).toBe("externalApiKeyEnv");
    expect(fieldForPath(["retriever", "file"], bm25)).toBe("file");
    expect(fieldForPath(["retriever", "depth"], bm25)).toBeNull();
    expect(fieldForPath(["reranker", "depth"], bm25)).toBe("rerankDepth");
    expect(fieldForPath(["reranker", "baseUrl"], bm25)).toBe("rerankBaseUrl");
    expect(fieldForPath(["reranker"], bm25)).toBe("rerank");
    expect(fieldForPath(["baseConfig", "chunking", "size"], bm25)).toBe("chunkSize");
  });

  it("sends a provider's dimensions to LSA or to the embeddings endpoint by retriever", () => {
    const path = ["retriever", "dense", "provider", "dimensions"];
    expect(fieldForPath(path, { ...bm25, retrieverKind: "hybrid" })).toBe("lsaDimensions");
    expect(fieldForPath(path, { ...bm25, retrieverKind: "hybrid-http" })).toBe("embeddingDimensions");
    expect(fieldForPath(["retriever", "provider", "baseUrl"], bm25)).toBe("embeddingBaseUrl");
    expect(fieldForPath(["retriever", "provider", "model"], bm25)).toBe("embeddingModel");
  });

  it("maps a sweep's axes to the slots that were filled", () => {
    expect(fieldForPath(["axes", 0, "values"], { ...bm25, axisSlots: [1, 2] })).toBe("axis1Values");
    expect(fieldForPath(["axes", 0, "values"], { ...bm25, axisSlots: [2] })).toBe("axis2Values");
    expect(fieldForPath(["axes", 1, "path"], { ...bm25, axisSlots: [1, 2] })).toBe("axis2Path");
    expect(fieldForPath(["axes"], bm25)).toBe(SWEEP_GRID_FIELD);
  });
});

describe("issueContextOf", () => {
  it("takes the retriever and the slots with both a path and values", () => {
    expect(
      issueContextOf({ retrieverKind: "dense", axis1Path: "", axis2Path: "topK", axis2Values: " 5, 10 " }),
    ).toEqual({ retrieverKind: "dense", axisSlots: [2] });
    expect(issueContextOf({})).toEqual({ retrieverKind: "bm25", axisSlots: [] });
  });
});

describe("issuesFromErrorBody", () => {
  it("places every issue a route lists", () => {
    const body = {
      error: "chunking.size: Too small",
      issues: [
        { path: "chunking.size", message: "Too small" },
        { path: ["reranker", "baseUrl"], message: "must be an http(s) URL" },
        { path: "somewhere", message: "odd" },
        { message: "no path" },
      ],
    };
    expect(issuesFromErrorBody(body, bm25)).toEqual([
      { field: "chunkSize", path: "chunking.size", message: "Too small" },
      { field: "rerankBaseUrl", path: "reranker.baseUrl", message: "must be an http(s) URL" },
      { field: null, path: "somewhere", message: "odd" },
    ]);
  });

  it("without issues, places the one problem the location points at, minus its path prefix", () => {
    const body = { error: "retriever.url: must be an http(s) URL", location: { path: "retriever.url" } };
    expect(issuesFromErrorBody(body, bm25)).toEqual([
      { field: "externalUrl", path: "retriever.url", message: "must be an http(s) URL" },
    ]);
    expect(issuesFromErrorBody({ error: "bad line", location: { line: 2 } }, bm25)).toEqual([]);
    expect(issuesFromErrorBody(null, bm25)).toEqual([]);
  });
});

describe("placeIssues", () => {
  it("keeps a field's distinct messages and sends the rest to the alert", () => {
    const shown = new Set(["chunkSize", "name"]);
    const placed = placeIssues(
      [
        { field: "chunkSize", path: "chunking.size", message: "Too small" },
        { field: "chunkSize", path: "chunkSize", message: "Too small" },
        { field: "chunkSize", path: "chunking.size", message: "not an integer" },
        { field: "lsaDimensions", path: "retriever.provider.dimensions", message: "Too big" },
        { field: null, path: "(root)", message: "Something" },
      ],
      (field) => shown.has(field),
    );
    expect([...placed.byField]).toEqual([["chunkSize", ["Too small", "not an integer"]]]);
    expect(placed.unplaced).toEqual(["retriever.provider.dimensions: Too big", "Something"]);
  });
});
