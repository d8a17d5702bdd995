import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { appErrorOf } from "@/lib/testing/app-error-of";
import { detectLogFormat, logFormatOptionsSchema, type ReadLogOptions, readLog } from "./read-log";

async function* bytesOf(...parts: (string | number[] | Uint8Array)[]): AsyncGenerator<Uint8Array> {
  for (const part of parts)
    yield typeof part === "string" ? new TextEncoder().encode(part) : Uint8Array.from(part);
}

/** The same bytes in 3-byte chunks: records and quotes must survive chunk boundaries. */
async function* inSmallChunks(text: string | Uint8Array): AsyncGenerator<Uint8Array> {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  for (let start = 0; start < bytes.length; start += 3) yield bytes.subarray(start, start + 3);
}

const counts = (entries: { normalized: string; count: number }[]) =>
  entries.map((entry) => [entry.normalized, entry.count]);

describe("detectLogFormat", () => {
  it("reads the extension, ignoring a trailing .gz; anything else is text", () => {
    expect(detectLogFormat("queries.csv")).toBe("csv");
    expect(detectLogFormat("Queries.TSV.gz")).toBe("tsv");
    expect(detectLogFormat("log.ndjson.gz")).toBe("jsonl");
    expect(detectLogFormat("log.jsonl")).toBe("jsonl");
    expect(detectLogFormat("access.log")).toBe("text");
    expect(detectLogFormat("topics.mq.1-10000.txt")).toBe("text");
    expect(detectLogFormat("queries")).toBe("text");
  });
});

describe("logFormatOptionsSchema", () => {
  it("turns digit strings into indexes and refuses options of another format", () => {
    expect(logFormatOptionsSchema.parse({ format: "csv", column: "2", countColumn: "hits" })).toEqual({
      format: "csv",
      column: 2,
      countColumn: "hits",
    });
    const result = logFormatOptionsSchema.safeParse({ format: "jsonl", column: "query" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("column does not apply to jsonl logs (use field options)");
    expect(logFormatOptionsSchema.safeParse({ format: "text", field: "q" }).success).toBe(false);
  });
});

describe("readLog: text", () => {
  it("reads one query a line, gzip or not", async () => {
    const text = "Foo\nfoo\nbar\n";
    for (const input of [bytesOf(text), bytesOf(gzipSync(text))]) {
      const { entries, summary } = await readLog(input, { format: "text" });
      expect(counts(entries)).toEqual([
        ["foo", 2],
        ["bar", 1],
      ]);
      expect(summary).toMatchObject({ lines: 3, imported: 3, unique: 2 });
    }
  });

  it("refuses a truncated gzip stream", async () => {
    const gzip = gzipSync("query one\nquery two\n".repeat(200));
    const error = await appErrorOf(readLog(bytesOf(gzip.subarray(0, gzip.length - 20)), { format: "text" }));
    expect(error.code).toBe("bad_request");
    expect(error.message).toMatch(/^the gzip stream is truncated or corrupt/);
  });

  it("refuses a corrupt gzip stream", async () => {
    const gzip = Uint8Array.from(gzipSync("query one\n".repeat(50)));
    gzip.fill(0xff, 10, 30);
    const error = await appErrorOf(readLog(bytesOf(gzip), { format: "text" }));
    expect(error.message).toMatch(/^the gzip stream is truncated or corrupt/);
  });
});

describe("readLog: csv", () => {
  it("reads a named column, with quotes, escapes, a quoted newline, CRLF and a BOM", async () => {
    const csv =
      '\ufeffid,query,other\r\n1,"a, b",x\r\n2,"say ""hi""",y\r\n3,"two\r\nlines",z\r\n4,plain,w\r\n';
    const { entries, summary } = await readLog(inSmallChunks(csv), { format: "csv", column: "query" });
    expect(entries.map((entry) => [entry.display, entry.firstLine])).toEqual([
      ["a, b", 2],
      ['say "hi"', 3],
      ["two\r\nlines", 4],
      ["plain", 6],
    ]);
    expect(entries[2]?.normalized).toBe("two lines");
    expect(summary).toMatchObject({ lines: 6, imported: 4, unique: 4, fallbackDecoded: 0 });
  });

  it("reads a column by index, without a header unless asked", async () => {
    const csv = "q1,alpha\nq2,beta\n";
    const noHeader = await readLog(bytesOf(csv), { format: "csv", column: 1 });
    expect(counts(noHeader.entries)).toEqual([
      ["alpha", 1],
      ["beta", 1],
    ]);
    const withHeader = await readLog(bytesOf(csv), { format: "csv", column: 1, header: true });
    expect(counts(withHeader.entries)).toEqual([["beta", 1]]);
  });

  it("adds count-column occurrences and keeps the first and last timestamp", async () => {
    const csv = [
      "query,hits,at",
      "Shoes,5,2024-05-02T10:00:00Z",
      "shoes,2,1714521600", // unix seconds: 2024-05-01T00:00:00Z
      "shoes,1,1714780800000", // unix milliseconds: 2024-05-04T00:00:00Z
      "hats,3,",
      "",
    ].join("\n");
    const { entries, summary } = await readLog(bytesOf(csv), {
      format: "csv",
      column: "query",
      countColumn: "hits",
      timestampColumn: "at",
    });
    expect(summary).toMatchObject({ lines: 5, imported: 11, unique: 2 });
    expect(entries[0]).toMatchObject({
      normalized: "shoes",
      count: 8,
      display: "Shoes",
      firstSeen: new Date("2024-05-01T00:00:00Z"),
      lastSeen: new Date("2024-05-04T00:00:00Z"),
    });
    expect(entries[1]).toEqual({
      normalized: "hats",
      display: "hats",
      count: 3,
      firstLine: 5,
      variants: [{ text: "hats", count: 3 }],
    });
  });

  it("decodes Latin-1 rows and counts them", async () => {
    const { entries, summary } = await readLog(bytesOf("query\ncaf", [0xe9], "\ncafé\n"), { format: "csv" });
    expect(counts(entries)).toEqual([["café", 2]]);
    expect(summary.fallbackDecoded).toBe(1);
  });

  it("counts rows too short for the column as malformed, with the first problems", async () => {
    const csv = "id,query\n1,a\n2\n3,b\n4\n5,c\n6,d\n";
    const { summary } = await readLog(bytesOf(csv), { format: "csv", column: "query" });
    expect(summary.skipped.malformed).toBe(2);
    expect(summary.imported).toBe(4);
    expect(summary.problems).toEqual([
      { line: 3, message: 'the row has 1 column, so column "query" is missing' },
      { line: 5, message: 'the row has 1 column, so column "query" is missing' },
    ]);
  });

  it("fails when more than half the rows are malformed, naming the first", async () => {
    const error = await appErrorOf(
      readLog(bytesOf("id,query,hits\n1,a,x\n2,b,y\n3,c,1\n"), {
        format: "csv",
        countColumn: "hits",
      }),
    );
    expect(error.location).toEqual({ line: 2 });
    expect(error.message).toMatch(
      /^2 of 3 non-empty rows are malformed .* line 2: the count "x" is not a whole number/,
    );
  });

  it("fails on an unbalanced quote at the end, at the line where the field opened", async () => {
    const error = await appErrorOf(readLog(bytesOf('query\nok\n"open\nmore\nlines\n'), { format: "csv" }));
    expect(error.code).toBe("bad_request");
    expect(error.location).toEqual({ line: 3 });
    expect(error.message).toMatch(/^line 3: a quoted field starts here and is never closed/);
  });

  it("fails on a column name not in the header, listing the columns", async () => {
    const error = await appErrorOf(readLog(bytesOf("id,text\n1,a\n"), { format: "csv", column: "query" }));
    expect(error.message).toBe('line 1: column "query" is not in the header; its columns are "id", "text"');
    expect(error.location).toEqual({ line: 1 });
    const tabs = await appErrorOf(readLog(bytesOf("id\tquery\n1\ta\n"), { format: "csv", column: "query" }));
    expect(tabs.message).toMatch(/is this a TSV file \(format tsv\)\?$/);
  });

  it("fails on an index beyond the first row", async () => {
    const error = await appErrorOf(readLog(bytesOf("a,b\nc,d\n"), { format: "csv", column: 2 }));
    expect(error.message).toBe(
      "line 1: column 2 is beyond the first row, which has 2 columns (indexes from 0 to 1)",
    );
  });
});

describe("readLog: tsv", () => {
  it("splits lines at tabs, unquotes only wholly quoted fields", async () => {
    const tsv = 'id\tquery\n1\t"48"" desk"\n2\t"adb devices" shows "unauthorized"\n3\tplain "quote\n';
    const { entries } = await readLog(bytesOf(tsv), { format: "tsv", column: "query" });
    expect(entries.map((entry) => entry.display)).toEqual([
      '48" desk',
      '"adb devices" shows "unauthorized"',
      'plain "quote',
    ]);
  });
});

describe("readLog: jsonl", () => {
  const options: ReadLogOptions = { format: "jsonl", field: "request.query", timestampField: "ts" };

  it("reads a dotted field; bad lines are malformed with reasons, not fatal", async () => {
    const jsonl = [
      '{"request":{"query":"Foo"},"ts":"2024-01-02"}',
      "not json",
      '{"request":{"query":"foo"},"ts":1704067200}',
      '{"request":{}}',
      "",
      '{"request":{"query":42}}',
      '{"request":{"query":"bar"}}',
      '{"request":{"query":"baz"},"ts":"yesterday"}',
      '{"request":{"query":"qux"}}',
      '{"request":{"query":"quux"}}',
      "[1]",
      "",
    ].join("\n");
    const { entries, summary } = await readLog(bytesOf(jsonl), options);
    expect(counts(entries)).toEqual([
      ["foo", 2],
      ["bar", 1],
      ["qux", 1],
      ["quux", 1],
    ]);
    expect(entries[0]).toMatchObject({ firstSeen: new Date("2024-01-01"), lastSeen: new Date("2024-01-02") });
    expect(summary.skipped).toEqual({ empty: 1, tooLong: 0, binary: 0, malformed: 5 });
    expect(summary.problems.map((problem) => problem.line)).toEqual([2, 4, 6, 8, 11]);
    expect(summary.problems[0]?.message).toMatch(/^not valid JSON \(/);
    expect(summary.problems.slice(1).map((problem) => problem.message)).toEqual([
      'field "request.query" is missing',
      'field "request.query" is 42, not a string',
      'field "ts": the timestamp "yesterday" is neither ISO 8601 nor unix time',
      "expected a JSON object, got an array",
    ]);
  });

  it("fails when most lines are malformed", async () => {
    const error = await appErrorOf(
      readLog(bytesOf('{"q":"a"}\n{"q":"b"}\n{"request":{"query":"c"}}\n'), options),
    );
    expect(error.message).toMatch(
      /^2 of 3 non-empty rows are malformed .* line 1: field "request.query" is missing$/,
    );
    expect(error.location).toEqual({ line: 1 });
  });

  it("adds a count field and reads gzip", async () => {
    const jsonl = '{"query":"a","n":3}\n{"query":"A","n":"2"}\n';
    const { summary, entries } = await readLog(bytesOf(gzipSync(jsonl)), {
      format: "jsonl",
      countField: "n",
    });
    expect(summary).toMatchObject({ lines: 2, imported: 5, unique: 1 });
    expect(entries[0]?.variants).toEqual([
      { text: "a", count: 3 },
      { text: "A", count: 2 },
    ]);
  });
});
