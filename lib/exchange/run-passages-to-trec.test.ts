import { describe, expect, it } from "vitest";
import { parseTrecRunLine } from "@/lib/retrieval/imported/parse-run-line";
import { runPassagesToTrec } from "./run-passages-to-trec";

describe("runPassagesToTrec", () => {
  it("writes every result at its rank as docid#start-end, scores keeping the run's order", () => {
    const results = [
      { queryKey: "q2", docId: "b", start: 0, end: 12, rank: 1 },
      { queryKey: "q1", docId: "a", start: 400, end: 800, rank: 2 },
      { queryKey: "q1", docId: "c", start: 0, end: 400, rank: 1 },
      { queryKey: "q1", docId: "c", start: 320, end: 720, rank: 3 },
    ];
    expect(runPassagesToTrec({ results, tag: "bm25 400/80" })).toBe(
      [
        "q2 Q0 b#0-12 1 1 bm25_400/80",
        "q1 Q0 c#0-400 1 3 bm25_400/80",
        "q1 Q0 a#400-800 2 2 bm25_400/80",
        "q1 Q0 c#320-720 3 1 bm25_400/80",
        "",
      ].join("\n"),
    );
  });

  it("writes lines the run importer reads back as the same passages, an id with '#' included", () => {
    const results = [{ queryKey: "q1", docId: "doc#7", start: 5, end: 9, rank: 1 }];
    const [line] = runPassagesToTrec({ results, tag: "t" }).trim().split("\n");
    expect(parseTrecRunLine(line!, 1).hit).toMatchObject({ docId: "doc#7", start: 5, end: 9, rank: 1 });
  });

  it("writes a repeated passage once, at its first rank", () => {
    const results = [
      { queryKey: "q1", docId: "a", start: 0, end: 5, rank: 1 },
      { queryKey: "q1", docId: "a", start: 0, end: 5, rank: 2 },
      { queryKey: "q1", docId: "a", start: 5, end: 9, rank: 3 },
    ];
    expect(runPassagesToTrec({ results, tag: "t" })).toBe("q1 Q0 a#0-5 1 2 t\nq1 Q0 a#5-9 2 1 t\n");
  });
});
