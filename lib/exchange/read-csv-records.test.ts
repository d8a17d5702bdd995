import { describe, expect, it } from "vitest";
import { readCsvRecords, splitCsvFields, splitCsvText, splitTsvFields } from "./read-csv-records";

async function records(text: string, chunkBytes: number) {
  const bytes = new TextEncoder().encode(text);
  async function* chunks() {
    for (let start = 0; start < bytes.length; start += chunkBytes)
      yield bytes.subarray(start, start + chunkBytes);
  }
  const out: { firstLine: number; lastLine: number; text: string; truncated?: boolean }[] = [];
  for await (const record of readCsvRecords(chunks(), { delimiter: ",", maxRecordBytes: 20 })) {
    const { bytes: recordBytes, ...rest } = record;
    out.push({ ...rest, text: new TextDecoder().decode(recordBytes) });
  }
  return out;
}

describe("readCsvRecords", () => {
  it("splits at line breaks outside quotes, whatever the chunking", async () => {
    const text = 'a,"b\nc",d\r\n5" tall,"x""\ny"\n\nlast';
    for (const chunkBytes of [1, 2, 7, 100]) {
      expect(await records(text, chunkBytes)).toEqual([
        { firstLine: 1, lastLine: 2, text: 'a,"b\nc",d' },
        { firstLine: 3, lastLine: 4, text: '5" tall,"x""\ny"' },
        { firstLine: 5, lastLine: 5, text: "" },
        { firstLine: 6, lastLine: 6, text: "last" },
      ]);
    }
  });

  it("drops the bytes of an over-long record but keeps counting its lines", async () => {
    expect(await records('"0123456789\n0123456789\n0123456789"\nok\n', 4)).toEqual([
      { firstLine: 1, lastLine: 3, text: "", truncated: true },
      { firstLine: 4, lastLine: 4, text: "ok" },
    ]);
  });

  it("fails at the line of a quoted field never closed", async () => {
    await expect(records('a\nb,"c\nd\n', 5)).rejects.toMatchObject({
      code: "bad_request",
      location: { line: 2 },
    });
  });
});

describe("splitCsvFields / splitTsvFields", () => {
  it("unquotes like RFC 4180, leniently", () => {
    expect(splitCsvFields('a,"b,c","d ""e""",f"g,"h" i,', ",")).toEqual([
      "a",
      "b,c",
      'd "e"',
      'f"g',
      "h i",
      "",
    ]);
  });

  it("unquotes only wholly quoted TSV fields", () => {
    expect(splitTsvFields('1\t"x ""y"""\t"a" b\t"')).toEqual(["1", 'x "y"', '"a" b', '"']);
  });
});

describe("splitCsvText", () => {
  it("reads a whole text: quoted commas, quotes and line breaks, with the line each record starts on; blank records skipped", () => {
    expect(splitCsvText('\uFEFFa,b\r\n\n"x, ""y""",2\n"multi\nline",3\n')).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 3, fields: ['x, "y"', "2"] },
      { line: 4, fields: ["multi\nline", "3"] },
    ]);
  });
});
