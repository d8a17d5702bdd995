import { describe, expect, it } from "vitest";
import { MAX_PROBLEMS_LISTED } from "./collect-problems";
import { parseQrels, parseQueryTexts, parseRatingsCsv } from "./parse-judgments";

describe("parseQrels", () => {
  it("reads TREC qrels with any whitespace, skipping blank lines", () => {
    const { judgments, problems } = parseQrels("q1 0 d1 2\n\nq1\t0\td2   0\r\nq2 Q0 d1 -1\n", "trec");
    expect(judgments).toEqual([
      { query: "q1", docId: "d1", grade: 2, line: 1 },
      { query: "q1", docId: "d2", grade: 0, line: 3 },
      { query: "q2", docId: "d1", grade: -1, line: 4 },
    ]);
    expect(problems.total).toBe(0);
  });

  it("skips a BEIR header on line 1 only, and reports every bad line", () => {
    const { judgments, problems } = parseQrels(
      "query-id\tcorpus-id\tscore\nq1\td1\t1\nq1\td1\t2\nq2\td2\nq3\td3\thigh\n",
      "beir",
    );
    expect(judgments).toEqual([{ query: "q1", docId: "d1", grade: 1, line: 2 }]);
    expect(problems.listed()).toEqual([
      { line: 3, message: 'query "q1" and document "d1" were already judged on line 2' },
      { line: 4, message: "expected 3 columns (query-id corpus-id score), found 2" },
      { line: 5, message: 'grade "high" is not an integer' },
    ]);
  });

  it("lists problems up to the cap and counts them all", () => {
    const text = Array.from({ length: MAX_PROBLEMS_LISTED + 30 }, () => "bad").join("\n");
    const { problems } = parseQrels(text, "trec");
    expect(problems.listed()).toHaveLength(MAX_PROBLEMS_LISTED);
    expect(problems.total).toBe(MAX_PROBLEMS_LISTED + 30);
  });
});

describe("parseQueryTexts", () => {
  it("reads BEIR queries.jsonl (numeric ids too) and TREC topics", () => {
    expect(
      parseQueryTexts('{"_id": "1", "text": "a b"}\n{"_id": 2, "text": "c", "metadata": {}}\n').queries,
    ).toEqual(
      new Map([
        ["1", "a b"],
        ["2", "c"],
      ]),
    );
    expect(parseQueryTexts("301\tinternational crime\n302\tpoliomyelitis\n").queries.get("302")).toBe(
      "poliomyelitis",
    );
  });

  it("reports duplicates, empty texts and lines that are not topics", () => {
    expect(parseQueryTexts("1\ta\n1\tb\n2\t \nno tab\n").problems.listed()).toEqual([
      { line: 2, message: 'duplicate query id "1" (first on line 1)' },
      { line: 3, message: 'query "2" has no text' },
      { line: 4, message: "expected qid<TAB>text" },
    ]);
    expect(
      parseQueryTexts('{"_id": "1", "text": "a"}\n{oops\n', { fileName: "q.jsonl" }).problems.listed(),
    ).toEqual([{ file: "q.jsonl", line: 2, message: "is not a JSON object" }]);
  });
});

describe("parseRatingsCsv", () => {
  it("reads Quepid's export by header names, skipping unrated rows", () => {
    const text = "Query,DocID,Rating,Notes\nreset router,kb-1,3,ok\nreset router,kb-2,,\n";
    const { judgments, problems } = parseRatingsCsv(text, "quepid");
    expect(judgments).toEqual([{ query: "reset router", docId: "kb-1", grade: 3, line: 2 }]);
    expect(problems.total).toBe(0);
  });

  it("reports a quoted field that is never closed at the line it opens on", () => {
    expect(parseRatingsCsv('query,docid,grade\nq,d,1\n"open,d,2\n', "csv").problems.listed()).toEqual([
      {
        line: 3,
        message: 'a quoted field starts here and is never closed (unbalanced " at the end of the file)',
      },
    ]);
  });

  it("reports a missing column, and bad grades with their lines", () => {
    expect(parseRatingsCsv("query,docid\n", "csv").problems.listed()[0]?.message).toContain("missing: grade");
    expect(parseRatingsCsv("query,docid,grade\nq,d,1.5\nq,,1\n", "csv").problems.listed()).toEqual([
      { line: 2, message: 'grade "1.5" is not an integer' },
      { line: 3, message: "empty query or docid" },
    ]);
  });
});
