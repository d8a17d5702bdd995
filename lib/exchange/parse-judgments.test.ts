import { describe, expect, it } from "vitest";
import {
  describeJudgmentIssues,
  MAX_JUDGMENT_ISSUES,
  parseQrels,
  parseQueryTexts,
  parseRatingsCsv,
  splitCsv,
} from "./parse-judgments";

describe("parseQrels", () => {
  it("reads TREC qrels with any whitespace, skipping blank lines", () => {
    expect(parseQrels("q1 0 d1 2\n\nq1\t0\td2   0\r\nq2 Q0 d1 -1\n", "trec")).toEqual({
      judgments: [
        { query: "q1", docId: "d1", grade: 2, line: 1 },
        { query: "q1", docId: "d2", grade: 0, line: 3 },
        { query: "q2", docId: "d1", grade: -1, line: 4 },
      ],
      issues: [],
    });
  });

  it("skips a BEIR header on line 1 only, and reports every bad line", () => {
    const { judgments, issues } = parseQrels(
      "query-id\tcorpus-id\tscore\nq1\td1\t1\nq1\td1\t2\nq2\td2\nq3\td3\thigh\n",
      "beir",
    );
    expect(judgments).toEqual([{ query: "q1", docId: "d1", grade: 1, line: 2 }]);
    expect(issues).toEqual([
      { line: 3, message: 'query "q1" and document "d1" were already judged on line 2' },
      { line: 4, message: "expected 3 columns (query-id corpus-id score), found 2" },
      { line: 5, message: 'grade "high" is not an integer' },
    ]);
  });

  it("stops listing issues at the limit", () => {
    const text = Array.from({ length: 80 }, () => "bad").join("\n");
    expect(parseQrels(text, "trec").issues).toHaveLength(MAX_JUDGMENT_ISSUES);
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
    expect(parseQueryTexts("1\ta\n1\tb\n2\t \nno tab\n").issues).toEqual([
      { line: 2, message: 'duplicate query id "1" (first on line 1)' },
      { line: 3, message: 'query "2" has no text' },
      { line: 4, message: "expected qid<TAB>text" },
    ]);
    expect(parseQueryTexts('{"_id": "1", "text": "a"}\n{oops\n').issues).toEqual([
      { line: 2, message: "is not a JSON object" },
    ]);
  });
});

describe("splitCsv", () => {
  it("keeps quoted commas, quotes and line breaks, with the line each record starts on", () => {
    expect(splitCsv('a,b\r\n"x, ""y""",2\n"multi\nline",3\n')).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ['x, "y"', "2"] },
      { line: 3, fields: ["multi\nline", "3"] },
    ]);
  });
});

describe("parseRatingsCsv", () => {
  it("reads Quepid's export by header names, skipping unrated rows", () => {
    const text = "Query,DocID,Rating,Notes\nreset router,kb-1,3,ok\nreset router,kb-2,,\n";
    expect(parseRatingsCsv(text, "quepid")).toEqual({
      judgments: [{ query: "reset router", docId: "kb-1", grade: 3, line: 2 }],
      issues: [],
    });
  });

  it("reports a missing column, and bad grades with their lines", () => {
    expect(parseRatingsCsv("query,docid\n", "csv").issues[0]?.message).toContain("missing: grade");
    expect(parseRatingsCsv("query,docid,grade\nq,d,1.5\nq,,1\n", "csv").issues).toEqual([
      { line: 2, message: 'grade "1.5" is not an integer' },
      { line: 3, message: "empty query or docid" },
    ]);
  });
});

describe("describeJudgmentIssues", () => {
  it("names files and lines, and says when the list stopped", () => {
    expect(
      describeJudgmentIssues(
        [
          { line: 3, message: "bad" },
          { line: 0, message: "empty", file: "q.tsv" },
        ],
        "qrels",
      ),
    ).toBe("Nothing imported — 2 problems:\n  qrels line 3: bad\n  q.tsv: empty");
    const many = Array.from({ length: MAX_JUDGMENT_ISSUES }, (_, index) => ({
      line: index + 1,
      message: "x",
    }));
    expect(describeJudgmentIssues(many, "f")).toContain(`${MAX_JUDGMENT_ISSUES} or more problems`);
  });
});
