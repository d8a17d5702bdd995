import { describe, expect, it } from "vitest";
import { formatBeirQrels } from "./format-beir-qrels";
import { parseQrels } from "./parse-judgments";

describe("formatBeirQrels", () => {
  it("writes the header and one tab-separated line per judgment, which the BEIR reader reads back", () => {
    const entries = [
      { queryId: "q-0001", docId: "kb-0001", grade: 2 },
      { queryId: "q-0001", docId: "kb-0007", grade: 0 },
    ];
    const text = formatBeirQrels(entries);
    expect(text).toBe("query-id\tcorpus-id\tscore\nq-0001\tkb-0001\t2\nq-0001\tkb-0007\t0\n");
    const { judgments, problems } = parseQrels(text, "beir");
    expect(problems.total).toBe(0);
    expect(judgments.map(({ query, docId, grade }) => ({ queryId: query, docId, grade }))).toEqual(entries);
    expect(formatBeirQrels([])).toBe("query-id\tcorpus-id\tscore\n");
  });
});
