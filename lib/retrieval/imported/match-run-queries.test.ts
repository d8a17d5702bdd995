import { describe, expect, it } from "vitest";
import { matchRunQueries, normalizeQueryText } from "@/lib/retrieval/imported/match-run-queries";

const setQueries = [
  { key: "q1", text: "What is BM25?" },
  { key: "q2", text: "dense retrieval" },
  { key: "q3", text: "Hybrid   search" },
  { key: "q4", text: "never asked" },
];

describe("matchRunQueries", () => {
  it("matches by key, then exact text, then normalized text", () => {
    const matching = matchRunQueries({
      runQueryKeys: ["q1", "dense retrieval", "  hybrid SEARCH ", "unknown"],
      setQueries,
    });
    expect(matching.matched).toEqual([
      { runKey: "q1", setKey: "q1", by: "key" },
      { runKey: "dense retrieval", setKey: "q2", by: "text" },
      { runKey: "  hybrid SEARCH ", setKey: "q3", by: "normalized-text" },
    ]);
    expect(matching.unmatchedRunKeys).toEqual(["unknown"]);
    expect(matching.setQueriesWithoutRun).toEqual([{ key: "q4", text: "never asked" }]);
  });

  it("uses the run's own query texts when its ids are not the set's", () => {
    const matching = matchRunQueries({
      runQueryKeys: ["101", "102"],
      runQueryTexts: new Map([["101", "what is bm25?"]]),
      setQueries,
    });
    expect(matching.matched).toEqual([{ runKey: "101", setKey: "q1", by: "normalized-text" }]);
    expect(matching.unmatchedRunKeys).toEqual(["102"]);
    expect(matching.setQueriesWithoutRun.map((query) => query.key)).toEqual(["q2", "q3", "q4"]);
  });

  it("gives a set query to one run key only; a key match wins over a text match", () => {
    const matching = matchRunQueries({
      runQueryKeys: ["What is BM25?", "q1", "WHAT IS BM25?"],
      setQueries: [...setQueries, { key: "q5", text: "what is bm25?" }],
    });
    expect(matching.matched).toEqual([
      { runKey: "What is BM25?", setKey: "q5", by: "normalized-text" },
      { runKey: "q1", setKey: "q1", by: "key" },
    ]);
    expect(matching.unmatchedRunKeys).toEqual(["WHAT IS BM25?"]);
  });

  it("normalizes NFC, case and whitespace", () => {
    expect(normalizeQueryText("  Cafe\u0301\n\tAU  lait ")).toBe("café au lait");
  });
});
