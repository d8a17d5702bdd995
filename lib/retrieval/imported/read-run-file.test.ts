import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { compareImportedHits, type ImportedHit, readRunFile } from "@/lib/retrieval/imported/read-run-file";

/** Feeds the text in 7-byte chunks, so lines straddle chunk boundaries. */
async function* chunks(text: string | Uint8Array): AsyncGenerator<Uint8Array> {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  for (let i = 0; i < bytes.length; i += 7) yield bytes.subarray(i, i + 7);
}

function read(text: string | Uint8Array) {
  return readRunFile({ input: chunks(text), fileName: "run.txt" });
}

async function failure(text: string | Uint8Array): Promise<AppError> {
  const error = await read(text).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe("bad_request");
  return error as AppError;
}

const ids = (hits: ImportedHit[] | undefined) => hits?.map((hit) => hit.docno);

describe("readRunFile: TREC", () => {
  it("reads a run, sorting each query as trec_eval does", async () => {
    const run = await read(
      [
        "# produced by my-system",
        "q1 Q0 d1 1 1.5 mine",
        "q1\tQ0\td2   2 2.0 mine",
        "q2 Q0 d9 1 0.3 mine\r",
        "",
        "q1 Q0 d3 3 2 other",
        "q1 Q0 d4#10-20 4 2.0000000001 mine",
      ].join("\n"),
    );
    expect(run.format).toBe("trec");
    expect(run.keyedBy).toBe("query-id");
    expect(run.hitCount).toBe(5);
    expect(run.tags).toEqual(["mine", "other"]);
    // 2, 2.0 and 2.0000000001 tie as 32-bit floats: docno descending breaks the tie.
    expect(ids(run.queries.get("q1"))).toEqual(["d4#10-20", "d3", "d2", "d1"]);
    expect(run.queries.get("q1")?.[0]).toEqual({
      docId: "d4",
      docno: "d4#10-20",
      start: 10,
      end: 20,
      score: 2.0000000001,
      rank: 4,
      line: 7,
    });
    expect(run.queries.get("q2")).toEqual([{ docId: "d9", docno: "d9", score: 0.3, rank: 1, line: 4 }]);
    const hits = [...run.queries.values()].flat();
    expect({
      format: run.format,
      keyedBy: run.keyedBy,
      queries: run.queries.size,
      hits: hits.length,
    }).toEqual({
      format: "trec",
      keyedBy: "query-id",
      queries: 2,
      hits: 5,
    });
    expect(hits.filter((hit) => hit.start !== undefined)).toHaveLength(1);
  });

  it("accepts exponent notation and signs in scores", async () => {
    const run = await read("q Q0 a 1 -1e-3 t\nq Q0 b 2 +.5 t\nq Q0 c 3 7. t\n");
    expect(ids(run.queries.get("q"))).toEqual(["c", "b", "a"]);
  });

  it.each([
    ["q1 Q0 d1 1 0.5", "line 1: expected 6 columns (qid Q0 docid rank score tag), got 5"],
    ["q1 Q0 d1 1 0.5 tag extra", "line 1: expected 6 columns (qid Q0 docid rank score tag), got 7"],
    ["q1 Q0 d1 1 high tag", 'line 1: score "high" (column 5 of qid Q0 docid rank score tag) is not a number'],
    ["q1 Q0 d1 1 0x1F tag", 'line 1: score "0x1F" (column 5 of qid Q0 docid rank score tag) is not a number'],
    ["q1 Q0 d1 0.9 1 tag", 'line 1: rank "0.9" (column 4 of qid Q0 docid rank score tag) is not an integer'],
    [
      "q1 Q0 d1#5-2 1 1 tag",
      'line 1: bad chunk id "d1#5-2": expected docId#start-end with character offsets 0 ≤ start < end',
    ],
    ["q1 Q0 d1#a-b 1 1 tag", 'line 1: bad chunk id "d1#a-b"'],
    ["q1 Q0 #0-5 1 1 tag", 'line 1: bad chunk id "#0-5"'],
  ])("rejects %j", async (line, message) => {
    const error = await failure(`${line}\n`);
    expect(error.message).toContain(message);
    expect(error.location).toEqual({ line: 1 });
  });

  it("names the line of an error further down", async () => {
    const error = await failure("q1 Q0 d1 1 1 t\n\nq1 Q0 d2 2 x t\n");
    expect(error.message).toContain("line 3:");
    expect(error.location).toEqual({ line: 3 });
  });

  it("rejects a document listed twice for a query, naming both lines", async () => {
    const error = await failure("q1 Q0 d1 1 2 t\nq2 Q0 d1 1 2 t\nq1 Q0 d1#0-4 2 1 t\nq1 Q0 d1 3 1 t\n");
    expect(error.message).toBe(
      'line 4: query "q1" lists "d1" again (first on line 1); each document or passage may appear once per query',
    );
    expect(error.location).toEqual({ line: 4 });
  });
});

describe("readRunFile: JSONL", () => {
  it("reads hits keyed by query_id, with spans, text and query texts", async () => {
    const run = await read(
      [
        '{"query_id": "q1", "query": "what is bm25", "doc_id": "d1", "score": 0.5, "rank": 2}',
        '{"query_id": "q1", "doc_id": "d2", "score": 0.9, "start": 4, "end": 9, "text": "hello"}',
        '{"query_id": 7, "doc_id": 12, "score": 1, "extra": true}',
        '{"query_id": "q1", "doc_id": "d3#0-10", "score": 0.1}',
      ].join("\n"),
    );
    expect(run.format).toBe("jsonl");
    expect(run.keyedBy).toBe("query-id");
    expect(run.queryTexts).toEqual(new Map([["q1", "what is bm25"]]));
    expect(run.queries.get("q1")).toEqual([
      { docId: "d2", docno: "d2#4-9", score: 0.9, start: 4, end: 9, text: "hello", line: 2 },
      { docId: "d1", docno: "d1", score: 0.5, rank: 2, line: 1 },
      { docId: "d3", docno: "d3#0-10", score: 0.1, start: 0, end: 10, line: 4 },
    ]);
    expect(run.queries.get("7")).toEqual([{ docId: "12", docno: "12", score: 1, line: 3 }]);
    expect([...run.queries.values()].flat().filter((hit) => hit.text !== undefined)).toHaveLength(1);
  });

  it("keys by query text when lines have only a query", async () => {
    const run = await read('\n\n{"query": " What is BM25? ", "doc_id": "a#x", "score": 3}\n');
    expect(run.keyedBy).toBe("query-text");
    expect(run.queries.get("What is BM25?")).toEqual([{ docId: "a#x", docno: "a#x", score: 3, line: 3 }]);
  });

  it("skips a byte order mark", async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf]);
    const body = new TextEncoder().encode('{"query_id": "q", "doc_id": "d", "score": 1}\n');
    const run = await read(new Uint8Array([...bom, ...body]));
    expect(run.format).toBe("jsonl");
  });

  it.each([
    ['{"query_id": "q", "doc_id": "d", "score": 1', "line 1: not valid JSON ("],
    [
      '[{"query_id": "q", "doc_id": "d", "score": 1}]',
      "line 1: the file looks like a JSON array; write one hit object per line",
    ],
    ['{"query_id": "q", "score": 1}', 'line 1: "doc_id" is missing'],
    [
      '{"query_id": "q", "doc_id": "", "score": 1}',
      'line 1: "doc_id" must be a non-empty string or a number, got ""',
    ],
    ['{"query_id": "q", "doc_id": "d", "score": "1"}', 'line 1: "score" must be a number, got "1"'],
    ['{"query_id": "q", "doc_id": "d"}', 'line 1: "score" is missing'],
    ['{"doc_id": "d", "score": 1}', 'line 1: needs "query_id" or "query"'],
    ['{"query_id": "q", "doc_id": "d", "score": 1, "start": 3}', 'line 1: "start" and "end" go together'],
    [
      '{"query_id": "q", "doc_id": "d", "score": 1, "start": 3, "end": 3}',
      'line 1: "start" (3) must be less than "end" (3)',
    ],
    [
      '{"query_id": "q", "doc_id": "d", "score": 1, "rank": 1.5}',
      'line 1: "rank" must be an integer, got 1.5',
    ],
    [
      '{"query_id": "q", "doc_id": "d", "score": 1, "start": -1, "end": 2}',
      'line 1: "start" must be a non-negative integer, got -1',
    ],
  ])("rejects %s", async (line, message) => {
    const error = await failure(`${line}\n`);
    expect(error.message).toContain(message);
    expect(error.location).toEqual({ line: 1 });
  });

  it("rejects a JSON array line once the file is JSONL", async () => {
    const error = await failure('{"query_id": "q", "doc_id": "d", "score": 1}\n[1]\n');
    expect(error.message).toBe("line 2: expected a JSON object, got an array");
  });

  it("rejects mixing lines keyed by id and by text", async () => {
    const error = await failure(
      '{"query_id": "q", "doc_id": "d", "score": 1}\n{"query": "x", "doc_id": "d", "score": 1}\n',
    );
    expect(error.message).toContain(
      'line 2: this line has "query" but no "query_id", while line 1 has a "query_id"',
    );
  });

  it("treats the same document with another span as a different hit, the same span as a duplicate", async () => {
    const base = '{"query_id": "q", "doc_id": "d", "score": 1';
    const run = await read(`${base}, "start": 0, "end": 5}\n${base}, "start": 5, "end": 9}\n${base}}\n`);
    expect(run.hitCount).toBe(3);
    const error = await failure(`${base}, "start": 0, "end": 5}\n${base.replace('"d"', '"d#0-5"')}}\n`);
    expect(error.message).toContain('line 2: query "q" lists "d#0-5" again (first on line 1)');
  });
});

describe("readRunFile: file-level problems", () => {
  it.each(["", "\n\n  \n", "# only a comment\n"])("rejects a file without results: %j", async (text) => {
    const error = await failure(text);
    expect(error.message).toContain('"run.txt" has no results: expected TREC run lines');
  });

  it("rejects bytes that are not UTF-8", async () => {
    const error = await failure(new Uint8Array([0x71, 0x20, 0xff, 0x0a]));
    expect(error.message).toBe("line 1: the line is not UTF-8 text — is this a binary file?");
  });
});

describe("compareImportedHits", () => {
  const hit = (docno: string, score: number): ImportedHit => ({ docId: docno, docno, score, line: 1 });

  it("breaks ties by docno descending in code point order", () => {
    const hits = [hit("\u{FF5E}", 1), hit("\u{1F600}", 1), hit("b", 1), hit("a", 2)];
    expect(hits.sort(compareImportedHits).map((entry) => entry.docno)).toEqual([
      "a",
      "\u{1F600}",
      "\u{FF5E}",
      "b",
    ]);
  });
});
