import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { readCorpusJsonl, type SourceDocument } from "./read-corpus-jsonl";

async function* bytesOf(...parts: (string | number[])[]): AsyncGenerator<Uint8Array> {
  for (const part of parts)
    yield typeof part === "string" ? new TextEncoder().encode(part) : new Uint8Array(part);
}

async function readAll(...parts: (string | number[])[]): Promise<SourceDocument[]> {
  const documents: SourceDocument[] = [];
  for await (const document of readCorpusJsonl(bytesOf(...parts))) documents.push(document);
  return documents;
}

async function failure(...parts: (string | number[])[]): Promise<AppError> {
  const error = await readAll(...parts).catch((caught: unknown) => caught);
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  expect(error.code).toBe("bad_request");
  return error;
}

const line = (value: unknown) => `${JSON.stringify(value)}\n`;

describe("readCorpusJsonl", () => {
  it("reads documents, putting every other field into metadata", async () => {
    const documents = await readAll(
      line({ _id: "d1", title: "First", text: "Hello", year: 2020, tags: ["a"] }),
      line({ id: "d2", text: "No title" }),
      line({ _id: 17, title: null, text: "" }),
    );
    expect(documents).toEqual([
      { externalId: "d1", title: "First", text: "Hello", metadata: { year: 2020, tags: ["a"] } },
      { externalId: "d2", title: "", text: "No title", metadata: null },
      { externalId: "17", title: "", text: "", metadata: null },
    ]);
  });

  it("flattens BEIR's nested metadata object; top-level fields win", async () => {
    const [document] = await readAll(
      line({ _id: "d1", text: "t", metadata: { url: "u", source: "nested" }, source: "top" }),
    );
    expect(document?.metadata).toEqual({ url: "u", source: "top" });
  });

  it("normalizes title and text to NFC with LF line endings", async () => {
    const [document] = await readAll(line({ _id: "d1", title: "Cafe\u0301", text: "a\r\nb\rc\u0301" }));
    expect(document).toMatchObject({ title: "Café", text: "a\nb\nć" });
  });

  it("skips blank lines, ignores a BOM and accepts CRLF and a missing final newline", async () => {
    const documents = await readAll(
      [0xef, 0xbb, 0xbf],
      '{"_id":"a","text":"x"}\r\n\r\n   \n{"_id":"b","text":"y"}',
    );
    expect(documents.map((document) => document.externalId)).toEqual(["a", "b"]);
  });

  it("keeps a key named __proto__ as plain metadata", async () => {
    const [document] = await readAll('{"_id":"a","text":"x","__proto__":{"polluted":true}}\n');
    expect(Object.getPrototypeOf(document?.metadata)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(document?.metadata, "__proto__")?.value).toEqual({
      polluted: true,
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses bytes that are not UTF-8 text, naming the line", async () => {
    const error = await failure(
      line({ _id: "a", text: "x" }),
      "\n",
      '{"_id":"b","text":"',
      [0xe9, 0xff],
      '"}\n',
    );
    expect(error.message).toBe("line 3 is not UTF-8 text — is this a binary file?");
    expect(error.location).toEqual({ line: 3 });
    expect((await failure('{"_id":"a",', [0], '"text":"x"}\n')).message).toBe(
      "line 1 is not UTF-8 text — is this a binary file?",
    );
  });

  it("reports malformed JSON with the parser's message", async () => {
    const error = await failure(line({ _id: "a", text: "x" }), '{"_id": "b", "text": }\n');
    expect(error.message).toMatch(/^line 2: Unexpected token/);
    expect(error.location).toEqual({ line: 2 });
  });

  it("names the field with the wrong shape", async () => {
    expect((await failure(line({ _id: "a", text: 42 }))).message).toBe(
      'line 1: field "text" must be a string, not a number',
    );
    expect((await failure(line({ _id: "a", title: "t" }))).message).toBe('line 1: field "text" is required');
    expect((await failure(line({ _id: "", text: "t" }))).message).toBe(
      'line 1: field "_id" must not be empty',
    );
    expect((await failure(line({ _id: ["a"], text: "t" }))).message).toBe(
      'line 1: field "_id" must be a string, not an array',
    );
    expect((await failure(line({ title: "t", text: "t" }))).message).toBe(
      'line 1: field "_id" (or "id") is required',
    );
    expect((await failure(line({ _id: "a", id: "b", text: "t" }))).message).toMatch(
      /"_id" and "id" are both set/,
    );
    expect((await failure("[1, 2]\n")).message).toBe("line 1: expected a JSON object, got an array");
  });

  it("reports a duplicate id with the line where it was first seen", async () => {
    const lines = [line({ _id: "d0", text: "x" }), "\n", "\n", line({ _id: "d1", text: "x" })];
    for (let index = 0; index < 7; index++) lines.push(line({ _id: `n${index}`, text: "x" }));
    lines.push(line({ _id: "d1", text: "again" }));
    const error = await failure(...lines);
    expect(error.message).toBe('line 12: duplicate document id "d1" (first seen on line 4)');
    expect(error.location).toEqual({ line: 12 });
  });

  it("refuses a file with no documents", async () => {
    expect((await failure()).message).toBe("the file has no documents");
    expect((await failure("\n  \n\r\n")).message).toBe("the file has no documents");
  });

  it("streams: yields documents before reading the rest of the input", async () => {
    async function* endless(): AsyncGenerator<Uint8Array> {
      for (let index = 0; ; index++) yield new TextEncoder().encode(line({ _id: `d${index}`, text: "x" }));
    }
    const seen: string[] = [];
    for await (const document of readCorpusJsonl(endless())) {
      seen.push(document.externalId);
      if (seen.length === 3) break;
    }
    expect(seen).toEqual(["d0", "d1", "d2"]);
  });
});
