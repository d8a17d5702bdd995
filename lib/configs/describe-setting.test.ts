import { describe, expect, it } from "vitest";
import { defaultRetrievers } from "@/lib/configs/config-schema";
import { describeSetting } from "./describe-setting";

describe("describeSetting", () => {
  it("names whole settings the way the app summarizes them", () => {
    expect(describeSetting("retriever", defaultRetrievers.bm25)).toBe("BM25 k1=0.9 b=0.4");
    expect(describeSetting("retriever", defaultRetrievers.hybrid)).toBe("BM25 + LSA 128d · RRF k=60");
    expect(describeSetting("chunking", { strategy: "recursive", size: 400, overlap: 80 })).toBe(
      "recursive 400/80 chars",
    );
    expect(describeSetting("chunking", { strategy: "fixed-tokens", size: 128, overlap: 16 })).toBe(
      "128/16 tokens",
    );
    expect(
      describeSetting("reranker", {
        baseUrl: "http://h/v1",
        model: "bge",
        requestFormat: "tei",
        depth: 40,
        timeoutMs: 1000,
      }),
    ).toBe("bge@40");
  });

  it("shows absent, null, strings and other values plainly", () => {
    expect(describeSetting("reranker", undefined)).toBe("—");
    expect(describeSetting("reranker", null)).toBe("none");
    expect(describeSetting("scoring.mode", "document")).toBe("document");
    expect(describeSetting("chunking.size", 200)).toBe("200");
    expect(describeSetting("retriever.analyzer", { stem: false })).toBe('{"stem":false}');
  });

  it("says what ignoreIdenticalIds does, absent as off", () => {
    expect(describeSetting("ignoreIdenticalIds", true)).toBe("without the query's own document");
    expect(describeSetting("ignoreIdenticalIds", false)).toBe("with the query's own document");
    expect(describeSetting("ignoreIdenticalIds", undefined)).toBe("with the query's own document");
  });
});
