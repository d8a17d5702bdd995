import { describe, expect, it } from "vitest";
import { nextReasonText } from "./next-reason";

describe("nextReasonText", () => {
  it("says why Next chose the query", () => {
    expect(nextReasonText({ tier: "assigned" })).toBe("it is assigned to you.");
    expect(nextReasonText({ tier: "unlabeled" })).toMatch(/nobody has labeled it/);
  });

  it("counts holes with separators and names every run that ranked them", () => {
    expect(nextReasonText({ tier: "holes", holes: 1, k: 10, runNames: ["BM25"] })).toBe(
      "it has 1 hole: results in the top 10 of BM25 that nobody judged.",
    );
    expect(nextReasonText({ tier: "holes", holes: 1405, k: 20, runNames: ["A", "B", "C"] })).toBe(
      "it has 1,405 holes: results in the top 20 of A, B and C that nobody judged.",
    );
    expect(nextReasonText({ tier: "holes", holes: 0, k: 10, runNames: [] })).toMatch(/all judged now/);
  });
});
