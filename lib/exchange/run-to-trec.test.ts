import { describe, expect, it } from "vitest";
import { runToTrec, trecTag } from "./run-to-trec";

describe("runToTrec", () => {
  it("keeps each document at its first rank, with scores that keep the app's order", () => {
    const results = [
      { queryKey: "q2", docId: "b", rank: 1 },
      { queryKey: "q1", docId: "a", rank: 2 },
      { queryKey: "q1", docId: "c", rank: 1 },
      { queryKey: "q1", docId: "c", rank: 3 },
      { queryKey: "q1", docId: "b", rank: 4 },
    ];
    expect(runToTrec({ results, tag: "bm25 docs" })).toBe(
      "q2 Q0 b 1 1 bm25_docs\nq1 Q0 c 1 3 bm25_docs\nq1 Q0 a 2 2 bm25_docs\nq1 Q0 b 3 1 bm25_docs\n",
    );
  });

  it("makes a usable tag of any name", () => {
    expect(trecTag("  ")).toBe("run");
    expect(trecTag("a b\tc")).toBe("a_b_c");
  });
});
