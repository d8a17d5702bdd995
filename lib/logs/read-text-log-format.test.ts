import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { openFileStream } from "@/lib/exchange/read-lines";
import { readLog } from "./read-log";

/** readLog on a plain-text log: one query a line. */
const readText = (
  input: AsyncIterable<Uint8Array>,
  options: { maxQueryChars?: number; onProgress?: (lines: number) => void } = {},
) => readLog(input, { ...options, format: "text" });

async function* bytesOf(...parts: (string | number[])[]): AsyncGenerator<Uint8Array> {
  for (const part of parts)
    yield typeof part === "string" ? new TextEncoder().encode(part) : new Uint8Array(part);
}

describe("readLog, text format", () => {
  it("counts repeats and groups case, space and punctuation variants", async () => {
    const { entries, summary } = await readText(
      bytesOf("Foo Bar\nfoo  bar\nother query\nFOO BAR?\nfoo  bar\n  foo  bar  \nother query\nlast\n"),
    );
    expect(entries).toEqual([
      {
        normalized: "foo bar",
        display: "foo  bar",
        count: 5,
        firstLine: 1,
        variants: [
          { text: "foo  bar", count: 3 },
          { text: "Foo Bar", count: 1 },
          { text: "FOO BAR?", count: 1 },
        ],
      },
      {
        normalized: "other query",
        display: "other query",
        count: 2,
        firstLine: 3,
        variants: [{ text: "other query", count: 2 }],
      },
      { normalized: "last", display: "last", count: 1, firstLine: 8, variants: [{ text: "last", count: 1 }] },
    ]);
    expect(summary).toEqual({
      lines: 8,
      imported: 8,
      unique: 3,
      skipped: { empty: 0, tooLong: 0, binary: 0, malformed: 0 },
      fallbackDecoded: 0,
      problems: [],
    });
  });

  it("handles CRLF, a BOM, Latin-1 bytes, binary junk and empty lines without failing", async () => {
    const { entries, summary } = await readText(
      bytesOf(
        [0xef, 0xbb, 0xbf],
        "café\r\ncaf",
        [0xe9],
        "\r\n\r\n???\r\n",
        [0x00, 0x01, 0xff, 0xfe],
        "\r\nCAFÉ",
      ),
    );
    expect(entries).toEqual([
      {
        normalized: "café",
        display: "café",
        count: 3,
        firstLine: 1,
        variants: [
          { text: "café", count: 2 },
          { text: "CAFÉ", count: 1 },
        ],
      },
    ]);
    expect(summary).toEqual({
      lines: 6,
      imported: 3,
      unique: 1,
      skipped: { empty: 2, tooLong: 0, binary: 1, malformed: 0 },
      fallbackDecoded: 1,
      problems: [],
    });
  });

  it("skips lines of broken bytes as binary and counts them, never as queries", async () => {
    const { entries, summary } = await readText(
      bytesOf(
        "reset admin password\n",
        [0xff, 0xfe],
        " broken bytes ",
        [0x80, 0x81],
        "\nlost \ufffd bytes\nesc\u001b[0m\nreset admin password\n",
      ),
    );
    expect(entries.map((entry) => [entry.normalized, entry.count])).toEqual([["reset admin password", 2]]);
    expect(summary.skipped.binary).toBe(3);
    expect(summary.imported).toBe(2);
  });

  it("skips queries longer than maxQueryChars (code points, after trimming)", async () => {
    const { entries, summary } = await readText(
      bytesOf(`${"x".repeat(11)}\n  ${"y".repeat(10)}  \n${"😀".repeat(10)}\n${"z".repeat(100_000)}\nok\n`),
      { maxQueryChars: 10 },
    );
    expect(entries.map((entry) => entry.normalized)).toEqual(["y".repeat(10), "😀".repeat(10), "ok"]);
    expect(summary.skipped.tooLong).toBe(2);
    expect(summary.lines).toBe(5);
  });

  it("caps variants at 20 while still counting every line", async () => {
    const spellings = Array.from({ length: 25 }, (_, index) => `query${" ".repeat(index + 1)}text`);
    const { entries } = await readText(bytesOf(`${spellings.join("\n")}\n`));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.count).toBe(25);
    expect(entries[0]?.variants).toHaveLength(20);
    expect(entries[0]?.display).toBe("query text");
  });

  it("orders entries by count, then by first appearance", async () => {
    const { entries } = await readText(bytesOf("b\na\nc\nc\na\n"));
    expect(entries.map((entry) => [entry.normalized, entry.count])).toEqual([
      ["a", 2],
      ["c", 2],
      ["b", 1],
    ]);
  });

  it("reports progress every 10,000 lines and at the end", async () => {
    const progress: number[] = [];
    await readText(bytesOf("q\n".repeat(25_000)), { onProgress: (lines) => progress.push(lines) });
    expect(progress).toEqual([10_000, 20_000, 25_000]);
  });

  it("refuses an input with no importable line", async () => {
    await expect(readText(bytesOf())).rejects.toMatchObject({
      code: "bad_request",
      message: "the file has no queries (it is empty)",
    });
    const error = await readText(bytesOf("\n  \n", [0, 1, 2], "\n")).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe(
      "the file has no queries (3 lines read: 2 empty, 0 too long, 1 binary)",
    );
  });
});

// Real data lives beside the repository (../shared/data), never inside it.
const MILLION_QUERY_DIR = join(import.meta.dirname, "../../../shared/data/querylogs/trec_mq");

describe.skipIf(!existsSync(MILLION_QUERY_DIR))(
  "readTextLog on TREC Million Query topics (skipped when ../shared/data/querylogs/trec_mq is absent)",
  () => {
    const files = existsSync(MILLION_QUERY_DIR) ? readdirSync(MILLION_QUERY_DIR).sort() : [];

    it.each(files)("reads %s: every line accounted for, Latin-1 lines decoded", async (file) => {
      const path = join(MILLION_QUERY_DIR, file);
      const bytes = readFileSync(path);
      // Independent counts: "\n" bytes (what wc -l prints) and lines that are not UTF-8.
      let newlines = 0;
      for (const byte of bytes) if (byte === 0x0a) newlines += 1;
      const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
      const notUtf8 = bytes
        .toString("latin1")
        .split("\n")
        .filter((line) => {
          try {
            strictUtf8.decode(Buffer.from(line, "latin1"));
            return false;
          } catch {
            return true;
          }
        }).length;

      const { entries, summary } = await readText(openFileStream(path));
      expect(bytes[bytes.length - 1]).toBe(0x0a);
      expect(summary.lines).toBe(newlines);
      expect(
        summary.imported + summary.skipped.empty + summary.skipped.tooLong + summary.skipped.binary,
      ).toBe(summary.lines);
      expect(summary.fallbackDecoded).toBe(notUtf8);
      expect(notUtf8).toBeGreaterThan(0);
      expect(summary.unique).toBe(entries.length);
      expect(entries.reduce((total, entry) => total + entry.count, 0)).toBe(summary.imported);
      if (file === "topics.mq.1-10000.txt") {
        // Line 8109 is Latin-1: "pi\xf1ata".
        expect(entries.find((entry) => entry.firstLine === 8109)?.display).toBe(
          "8109:the history of the piñata",
        );
      }
    });
  },
);
