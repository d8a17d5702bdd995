import { describe, expect, it } from "vitest";
import { formatDocumentTrecRun } from "@/lib/api/format-document-trec-run";

describe("formatDocumentTrecRun", () => {
  it("keeps each document at its first rank, renumbers ranks and makes scores follow them", () => {
    const text = formatDocumentTrecRun(
      [
        { queryKey: "q2", documentId: "d9", rank: 1, score: 0.5 },
        { queryKey: "q1", documentId: "d1", rank: 2, score: 3 },
        { queryKey: "q1", documentId: "d2", rank: 1, score: 3 },
        { queryKey: "q1", documentId: "d2", rank: 3, score: 2.5 },
        { queryKey: "q1", documentId: "d3", rank: 4, score: 2.5 },
      ],
      { tag: "bm25 docs" },
    );
    expect(text).toBe(
      [
        "q1 Q0 d2 1 3 bm25_docs",
        "q1 Q0 d1 2 2 bm25_docs",
        "q1 Q0 d3 3 1 bm25_docs",
        "q2 Q0 d9 1 1 bm25_docs",
        "",
      ].join("\n"),
    );
  });

  it("writes nothing for a run without results", () => {
    expect(formatDocumentTrecRun([], { tag: "" })).toBe("");
  });
});
