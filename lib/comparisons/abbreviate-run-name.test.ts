import { describe, expect, it } from "vitest";
import { abbreviateRunName, deltaHeading, runColumnLabels } from "./abbreviate-run-name";

describe("abbreviateRunName", () => {
  it("keeps a name that fits", () => {
    expect(abbreviateRunName("BM25 baseline v1", 20)).toBe("BM25 baseline v1");
  });

  it("keeps the start and the end of a long name, so runs differing at the end stay apart", () => {
    const first = abbreviateRunName("Hybrid RRF · chunking.size=400 v1", 16);
    const second = abbreviateRunName("Hybrid RRF · chunking.size=800 v1", 16);
    expect([...first].length).toBeLessThanOrEqual(16);
    expect(first.startsWith("Hybrid")).toBe(true);
    expect(first).toContain("…");
    expect(first).not.toBe(second);
  });

  it("never splits a character outside the basic plane", () => {
    expect(abbreviateRunName("😀😀😀😀😀😀😀😀", 5)).toBe("😀😀…😀😀");
  });
});

describe("deltaHeading", () => {
  it("names the run and the baseline it is measured against", () => {
    expect(deltaHeading({ runName: "Hybrid RRF v1", baselineName: "BM25 baseline v1" })).toBe(
      "Δ Hybrid RRF v1 vs BM25 baseline v1",
    );
  });
});

describe("runColumnLabels", () => {
  it("drops the sweep name its points share, keeping what tells them apart", () => {
    expect(
      runColumnLabels(
        [
          "BM25 baseline v1",
          "Size sweep · chunking.size=200 · retriever.k1=0.9 v1",
          "Size sweep · chunking.size=800 · retriever.k1=1.5 v1",
          "Other · topK=10 v1",
        ],
        60,
      ),
    ).toEqual([
      "BM25 baseline v1",
      "chunking.size=200 · retriever.k1=0.9 v1",
      "chunking.size=800 · retriever.k1=1.5 v1",
      "Other · topK=10 v1",
    ]);
  });

  it("cuts what is left to the column's length", () => {
    const [label] = runColumnLabels(["A very long configuration name that goes on and on v3"], 20);
    expect([...(label ?? "")].length).toBeLessThanOrEqual(20);
    expect(label?.endsWith("v3")).toBe(true);
  });
});
