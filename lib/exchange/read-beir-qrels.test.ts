import { describe, expect, it } from "vitest";
import { type BeirQrel, readBeirQrels } from "./read-beir-qrels";

async function* bytesOf(...parts: (string | number[])[]): AsyncGenerator<Uint8Array> {
  for (const part of parts)
    yield typeof part === "string" ? new TextEncoder().encode(part) : new Uint8Array(part);
}

async function readAll(...parts: (string | number[])[]): Promise<BeirQrel[]> {
  const qrels: BeirQrel[] = [];
  for await (const qrel of readBeirQrels(bytesOf(...parts))) qrels.push(qrel);
  return qrels;
}

describe("readBeirQrels", () => {
  it("reads tab-separated judgments after the header line", async () => {
    expect(await readAll("query-id\tcorpus-id\tscore\n1\t31715818\t1\nq2\td 7\t2\n")).toEqual([
      { queryId: "1", documentId: "31715818", grade: 1 },
      { queryId: "q2", documentId: "d 7", grade: 2 },
    ]);
  });

  it("accepts no header, space separation, CRLF, blank lines and negative grades", async () => {
    expect(await readAll("1 d1 0\r\n\r\n2  d2  -1")).toEqual([
      { queryId: "1", documentId: "d1", grade: 0 },
      { queryId: "2", documentId: "d2", grade: -1 },
    ]);
  });

  it("names the line of a malformed judgment", async () => {
    await expect(readAll("query-id\tcorpus-id\tscore\n1\td1\n")).rejects.toMatchObject({
      code: "bad_request",
      message: "line 2: expected 3 columns (query-id, corpus-id, score), found 2",
      location: { line: 2 },
    });
    await expect(readAll("1\td1\t1\n1\td2\thigh\n")).rejects.toThrow(
      'line 2: score "high" is not an integer',
    );
    await expect(readAll("1\td1\t1.5\n")).rejects.toThrow('line 1: score "1.5" is not an integer');
    await expect(readAll("1\td1\t1\n", [0xff, 0x09], "d\t1\n")).rejects.toThrow("line 2 is not UTF-8 text");
  });

  it("refuses a judgment repeated for the same query and document", async () => {
    await expect(readAll("1\td1\t1\n2\td1\t1\n1\td1\t2\n")).rejects.toThrow(
      'line 3: query "1" and document "d1" were already judged on line 1',
    );
  });

  it("yields nothing for an empty file (the caller decides whether that is an error)", async () => {
    expect(await readAll("")).toEqual([]);
  });
});
