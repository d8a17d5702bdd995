import { describe, expect, it } from "vitest";
import { checkEvaluateForm, RUN_FILE_MISSING } from "./check-evaluate-form";
import { bm25Form } from "./testing/bm25-form";

const check = (fields: Record<string, string>, hasRunFile = false) =>
  checkEvaluateForm({ fields: { ...bm25Form, ...fields }, hasRunFile });
const fieldsOf = (issues: { field: string | null }[]) => issues.map((issue) => issue.field);

describe("checkEvaluateForm", () => {
  it("passes the defaults of every retriever that needs nothing typed", () => {
    expect(check({})).toEqual([]);
    expect(check({ retrieverKind: "dense", lsaDimensions: "128" })).toEqual([]);
    expect(check({ retrieverKind: "hybrid", lsaDimensions: "128", fusion: "rrf", rrfK: "60" })).toEqual([]);
    expect(check({ retrieverKind: "imported" }, true)).toEqual([]);
  });

  it("reports every problem of every stage beside its field, not only the first", () => {
    const issues = check({
      name: " ",
      chunkSize: "10",
      chunkOverlap: "5",
      coverage: "2",
      rerank: "true",
      rerankBaseUrl: "ftp://nope",
      rerankModel: "",
      rerankDepth: "50",
    });
    expect(fieldsOf(issues)).toEqual(["name", "coverage", "chunkSize", "rerankBaseUrl", "rerankModel"]);
    expect(issues[0]?.message).toBe("Name the configuration");
  });

  it("maps the configuration's checks to the retriever's inputs", () => {
    expect(fieldsOf(check({ chunkOverlap: "400" }))).toEqual(["chunkOverlap"]);
    expect(fieldsOf(check({ retrieverKind: "external", externalUrl: "search.internal" }))).toEqual([
      "externalUrl",
    ]);
    const http = check({
      retrieverKind: "hybrid-http",
      embeddingBaseUrl: "http://127.0.0.1:11434/v1",
      embeddingModel: "",
      embeddingDimensions: "0",
      embeddingApiKeyEnv: "not a name",
    });
    expect(fieldsOf(http)).toEqual(["embeddingModel", "embeddingDimensions", "embeddingApiKeyEnv"]);
  });

  it("asks an imported run for its file, as the server does", () => {
    expect(check({ retrieverKind: "imported" })).toEqual([
      { field: "file", path: "file", message: RUN_FILE_MISSING },
    ]);
  });

  it("checks a sweep's values, its grid and its points", () => {
    const axis = { axis1Path: "chunking.size", axis1Values: "200, 400" };
    expect(check(axis)).toEqual([]);
    expect(fieldsOf(check({ ...axis, axis1Values: "0:1" }))).toEqual(["axis1Values"]);
    expect(fieldsOf(check({ axis1Path: "topK", axis1Values: "5, 5" }))).toEqual(["axis1Values"]);
    expect(fieldsOf(check({ axis2Path: "topK", axis2Values: "a, a" }))).toEqual(["axis2Values"]);
    const tooMany = {
      axis1Path: "topK",
      axis1Values: "1:50:1",
      axis2Path: "retriever.k1",
      axis2Values: "0:1:0.5",
    };
    expect(fieldsOf(check(tooMany))).toEqual(["axes"]);
    // 80 overlap is not below a size of 50: without skipping invalid points, the grid is refused
    const invalidPoint = { axis1Path: "chunking.size", axis1Values: "50, 400" };
    expect(check({ ...invalidPoint, skipInvalid: "true" })).toEqual([]);
    expect(fieldsOf(check({ ...invalidPoint, skipInvalid: "false" }))).toEqual(["axes"]);
  });
});
