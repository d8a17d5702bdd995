import { describe, expect, it } from "vitest";
import { poolDescription } from "./pool-description";

describe("poolDescription", () => {
  it("names the depth and every pooled configuration", () => {
    expect(poolDescription({ depth: 10, sourceNames: ["BM25"] })).toBe("Top 10 of BM25, pooled");
    expect(poolDescription({ depth: 5, sourceNames: ["BM25", "Dense", "Hybrid"] })).toBe(
      "Top 5 of BM25, Dense and Hybrid, pooled",
    );
    expect(poolDescription(undefined)).toBe("Best first");
  });
});
