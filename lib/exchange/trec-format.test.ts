import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { chunkDocId, formatQrels, formatRun } from "@/lib/exchange/trec-format";

describe("chunkDocId", () => {
  it("names a chunk by its document and character span", () => {
    expect(chunkDocId({ documentId: "doc-7", start: 0, end: 512 })).toBe("doc-7#0-512");
  });
});

describe("formatQrels", () => {
  it("writes `qid 0 docid grade` lines in the given order", () => {
    const text = formatQrels([
      { queryId: "q1", docId: "d#0-10", grade: 2 },
      { queryId: "q1", docId: "d#10-20", grade: 0 },
      { queryId: "q2", docId: "e#5-9", grade: -1 },
    ]);
    expect(text).toBe("q1 0 d#0-10 2\nq1 0 d#10-20 0\nq2 0 e#5-9 -1\n");
    expect(formatQrels([])).toBe("");
  });

  it("rejects whitespace in ids, fractional grades and a docid judged twice", () => {
    expect(() => formatQrels([{ queryId: "q 1", docId: "d", grade: 1 }])).toThrowError(AppError);
    expect(() => formatQrels([{ queryId: "q1", docId: "", grade: 1 }])).toThrowError(AppError);
    expect(() => formatQrels([{ queryId: "q1", docId: "d", grade: 1.5 }])).toThrowError(AppError);
    const twice = [
      { queryId: "q1", docId: "d", grade: 1 },
      { queryId: "q1", docId: "d", grade: 2 },
    ];
    expect(() => formatQrels(twice)).toThrowError(/twice/);
  });
});

describe("formatRun", () => {
  it("groups by query, sorts by score descending and numbers ranks per query", () => {
    const text = formatRun(
      [
        { queryId: "q2", docId: "x", score: 1 },
        { queryId: "q1", docId: "a", score: 0.5 },
        { queryId: "q1", docId: "b", score: 2.25 },
        { queryId: "q2", docId: "y", score: -3 },
        { queryId: "q1", docId: "c", score: 0.5 },
      ],
      "bm25",
    );
    expect(text).toBe(
      [
        "q2 Q0 x 1 1 bm25",
        "q2 Q0 y 2 -3 bm25",
        "q1 Q0 b 1 2.25 bm25",
        "q1 Q0 a 2 0.5 bm25",
        "q1 Q0 c 3 0.5 bm25",
        "",
      ].join("\n"),
    );
  });

  it("rejects a bad tag, a non-finite score and a docid retrieved twice", () => {
    const entry = { queryId: "q1", docId: "a", score: 1 };
    expect(() => formatRun([entry], "my run")).toThrowError(AppError);
    expect(() => formatRun([entry], "")).toThrowError(AppError);
    expect(() => formatRun([{ ...entry, score: Number.NaN }], "t")).toThrowError(AppError);
    expect(() => formatRun([entry, { ...entry, score: 0 }], "t")).toThrowError(/twice/);
  });
});
