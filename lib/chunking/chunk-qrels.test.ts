import { describe, expect, it } from "vitest";
import { chunkQrels } from "./chunk-qrels";

describe("chunkQrels", () => {
  const texts = new Map([
    ["d1", "a".repeat(30)],
    ["d2", "b".repeat(20)],
  ]);
  const chunking = { strategy: "fixed-characters" as const, size: 10, overlap: 0 };

  it("grades the chunks a quote lies in and every chunk of a document label, the highest grade winning", () => {
    const entries = chunkQrels({
      queries: [
        {
          key: "q1",
          labels: [
            { docId: "d1", grade: 2, span: { start: 12, end: 18 } },
            { docId: "d1", grade: 1, span: { start: 8, end: 25 } },
            { docId: "d2", grade: 0, span: null },
          ],
        },
      ],
      texts,
      chunking,
      coverage: 1,
    });
    expect(entries).toEqual([
      { queryId: "q1", docId: "d1#10-20", grade: 2 },
      { queryId: "q1", docId: "d2#0-10", grade: 0 },
      { queryId: "q1", docId: "d2#10-20", grade: 0 },
    ]);
  });

  it("follows the coverage threshold for a quote across chunks", () => {
    const labels = [{ docId: "d1", grade: 1, span: { start: 8, end: 14 } }];
    // 2 of the quote's 6 characters in the first chunk, 4 in the second
    const docIds = (coverage: number) =>
      chunkQrels({ queries: [{ key: "q", labels }], texts, chunking, coverage }).map((entry) => entry.docId);
    expect(docIds(0.3)).toEqual(["d1#0-10", "d1#10-20"]);
    expect(docIds(0.5)).toEqual(["d1#10-20"]);
    expect(docIds(1)).toEqual([]);
  });
});
