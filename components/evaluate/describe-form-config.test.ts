import { describe, expect, it } from "vitest";
import { describeFormConfig } from "./describe-form-config";
import { bm25Form } from "./testing/bm25-form";

const describeWith = (fields: Record<string, string>, runFileName?: string) =>
  describeFormConfig({ fields: { ...bm25Form, ...fields }, runFileName });

describe("describeFormConfig", () => {
  it("describes the configuration the fields make now, not an earlier one", () => {
    const before = describeWith({});
    expect(before).toContain("BM25 k1=0.9 b=0.4");
    expect(before).toContain("top 20");
    const after = describeWith({ k1: "1.2", topK: "50", chunkSize: "800" });
    expect(after).toContain("BM25 k1=1.2 b=0.4");
    expect(after).toContain("top 50");
    expect(after).not.toBe(before);
  });

  it("follows a change of retriever", () => {
    const dense = describeWith({ retrieverKind: "dense", lsaDimensions: "64" });
    expect(dense).not.toContain("BM25");
    expect(dense).toContain("64");
  });

  it("names an imported run's file and a sweep's axes", () => {
    expect(describeWith({ retrieverKind: "imported" }, "bm25.trec")).toContain("imported bm25.trec");
    expect(describeWith({ axis1Path: "chunking.size", axis1Values: "200, 400" })).toMatch(
      / · sweep over chunking\.size$/,
    );
  });

  it("is null while the fields do not make a configuration", () => {
    expect(describeWith({ topK: "" })).toBeNull();
    expect(describeWith({ k1: "-3" })).toBeNull();
  });
});
