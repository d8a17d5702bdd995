import { describe, expect, it } from "vitest";
import { type BeirQuery, readBeirQueries } from "./read-beir-queries";

async function* bytesOf(...parts: string[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield new TextEncoder().encode(part);
}

async function readAll(...parts: string[]): Promise<BeirQuery[]> {
  const queries: BeirQuery[] = [];
  for await (const query of readBeirQueries(bytesOf(...parts))) queries.push(query);
  return queries;
}

describe("readBeirQueries", () => {
  it("reads _id and text, ignoring other fields, normalizing text", async () => {
    expect(
      await readAll(
        '{"_id": "1", "text": "Cafe\\u0301 claims", "metadata": {}}\n',
        '{"_id": 2, "text": "b"}\n',
      ),
    ).toEqual([
      { id: "1", text: "Café claims" },
      { id: "2", text: "b" },
    ]);
  });

  it("names the line and field of a bad query", async () => {
    await expect(readAll('{"_id": "1"}\n')).rejects.toMatchObject({
      code: "bad_request",
      message: 'line 1: field "text" is required',
      location: { line: 1 },
    });
    await expect(readAll('{"_id": "1", "text": "a"}\n{"_id": "2", "text": "  "}\n')).rejects.toThrow(
      'line 2: field "text" must not be empty',
    );
    await expect(readAll('{"text": "a"}\n')).rejects.toThrow('line 1: field "_id" is required');
  });

  it("refuses a duplicate query id", async () => {
    await expect(readAll('{"_id":"1","text":"a"}\n{"_id":"1","text":"b"}\n')).rejects.toThrow(
      'line 2: duplicate query id "1" (first seen on line 1)',
    );
  });
});
