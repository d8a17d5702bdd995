import { describe, expect, it } from "vitest";
import { wordAlignedSnippet } from "@/lib/search/find-candidates";

describe("wordAlignedSnippet", () => {
  it("drops partial words at both ends and collapses whitespace", () => {
    expect(wordAlignedSnippet("ng shows: E-4013 Drive\n\nin bay 2 detec")).toBe(
      "…shows: E-4013 Drive in bay 2…",
    );
  });

  it("keeps a chunk that is one word", () => {
    expect(wordAlignedSnippet("E-4012")).toBe("…E-4012…");
  });
});
