import { describe, expect, it } from "vitest";
import { earliest, latest, mergeVariants, unionClasses } from "./merge-log-query";

describe("merging a log's query into the stored one", () => {
  it("sums variant counts and keeps the 20 most frequent, ties by text", () => {
    const previous = Array.from({ length: 20 }, (_, index) => ({ text: `v${index}`, count: 1 }));
    const merged = mergeVariants(previous, [
      { text: "v19", count: 5 },
      { text: "new", count: 2 },
    ]);
    expect(merged).toHaveLength(20);
    expect(merged.slice(0, 3)).toEqual([
      { text: "v19", count: 6 },
      { text: "new", count: 2 },
      { text: "v0", count: 1 },
    ]);
  });

  it("widens first/last seen, ignoring missing dates", () => {
    const march = new Date("2025-03-01");
    const april = new Date("2025-04-01");
    expect(earliest(april, march)).toBe(march);
    expect(earliest(march, undefined)).toBe(march);
    expect(earliest(null, april)).toBe(april);
    expect(latest(march, april)).toBe(april);
    expect(latest(null, undefined)).toBeNull();
  });

  it("unites classes in the canonical order", () => {
    expect(unionClasses("typo,question", ["error-code", "question"])).toBe("error-code,question,typo");
    expect(unionClasses("", [])).toBe("");
  });
});
