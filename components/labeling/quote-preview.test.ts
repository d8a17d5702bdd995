import { describe, expect, it } from "vitest";
import { countOccurrences, truncateMiddle } from "./quote-preview";

describe("countOccurrences", () => {
  it("counts every occurrence, overlapping included", () => {
    expect(countOccurrences("error E42 and E42 again", "E42")).toBe(2);
    expect(countOccurrences("aaaa", "aa")).toBe(3);
    expect(countOccurrences("abc", "x")).toBe(0);
    expect(countOccurrences("abc", "")).toBe(0);
  });
});

describe("truncateMiddle", () => {
  it("keeps short quotes whole, flattening whitespace", () => {
    expect(truncateMiddle("  reset the\n  router ", 40)).toBe("reset the router");
  });

  it("cuts the middle of long quotes to the maximum length", () => {
    const quote = "abcdefghijklmnopqrstuvwxyz";
    const short = truncateMiddle(quote, 11);
    expect(short).toBe("abcdef…wxyz");
    expect(short.length).toBe(11);
  });
});
