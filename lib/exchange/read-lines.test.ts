import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { openFileStream, type RawLine, readLines } from "./read-lines";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function* chunks(...parts: (string | Uint8Array)[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield typeof part === "string" ? encoder.encode(part) : part;
}

async function collect(lines: AsyncIterable<RawLine>) {
  const out: { lineNumber: number; text: string; truncated?: boolean }[] = [];
  for await (const line of lines) {
    out.push({
      lineNumber: line.lineNumber,
      text: decoder.decode(line.bytes),
      ...(line.truncated ? { truncated: true } : {}),
    });
  }
  return out;
}

async function texts(input: AsyncIterable<Uint8Array>, options?: { maxLineBytes?: number }) {
  return (await collect(readLines(input, options))).map((line) => line.text);
}

describe("readLines", () => {
  it("splits on LF and CRLF, numbering lines from 1", async () => {
    const lines = await collect(readLines(chunks("a\r\nb\n\nc")));
    expect(lines).toEqual([
      { lineNumber: 1, text: "a" },
      { lineNumber: 2, text: "b" },
      { lineNumber: 3, text: "" },
      { lineNumber: 4, text: "c" },
    ]);
  });

  it("does not add a line after a final newline (like wc -l)", async () => {
    expect(await texts(chunks("a\nb\n"))).toEqual(["a", "b"]);
    expect(await texts(chunks("\n"))).toEqual([""]);
    expect(await texts(chunks())).toEqual([]);
    expect(await texts(chunks(""))).toEqual([]);
  });

  it("joins lines across chunk boundaries, including a CRLF split between chunks", async () => {
    const bytes = encoder.encode("first line\r\nsecond\r\nthird");
    const oneByteChunks = [...bytes].map((byte) => new Uint8Array([byte]));
    expect(await texts(chunks(...oneByteChunks))).toEqual(["first line", "second", "third"]);
    expect(await texts(chunks("ab\r", "\ncd"))).toEqual(["ab", "cd"]);
  });

  it("keeps a lone CR inside a line", async () => {
    expect(await texts(chunks("a\rb\n"))).toEqual(["a\rb"]);
  });

  it("truncates long lines with a flag and carries on with the next line", async () => {
    const lines = await collect(readLines(chunks("0123", "456789\nok\n0123"), { maxLineBytes: 4 }));
    expect(lines).toEqual([
      { lineNumber: 1, text: "0123", truncated: true },
      { lineNumber: 2, text: "ok" },
      { lineNumber: 3, text: "0123" },
    ]);
  });
});

describe("openFileStream", () => {
  const dir = mkdtempSync(join(tmpdir(), "goldenset-read-lines-"));
  const content = Array.from({ length: 50_000 }, (_, index) => `query number ${index}`).join("\n");

  async function readAll(path: string): Promise<string> {
    const parts: Buffer[] = [];
    for await (const chunk of openFileStream(path)) parts.push(Buffer.from(chunk));
    return Buffer.concat(parts).toString("utf8");
  }

  it("streams a plain file", async () => {
    const path = join(dir, "plain.txt");
    writeFileSync(path, content);
    expect(await readAll(path)).toBe(content);
  });

  it("gunzips a file that starts with the gzip magic bytes, whatever its name", async () => {
    const path = join(dir, "log.txt");
    writeFileSync(path, gzipSync(content));
    expect(await readAll(path)).toBe(content);
    const lines = await texts(openFileStream(path));
    expect(lines).toHaveLength(50_000);
    expect(lines[49_999]).toBe("query number 49999");
  });

  it("reports a truncated gzip as a bad request, not a crash", async () => {
    const path = join(dir, "truncated.gz");
    const gz = gzipSync(content);
    writeFileSync(path, gz.subarray(0, Math.floor(gz.length / 2)));
    const error = await readAll(path).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "bad_request" });
    expect((error as AppError).message).toMatch(/"truncated\.gz" is a truncated or corrupt gzip file/);
  });

  it("can be abandoned part-way through a gzip stream", async () => {
    const path = join(dir, "abandoned.gz");
    writeFileSync(path, gzipSync(content));
    for await (const line of readLines(openFileStream(path))) {
      expect(decoder.decode(line.bytes)).toBe("query number 0");
      break;
    }
  });

  it("reports a missing file as not found", async () => {
    await expect(readAll(join(dir, "nope.txt"))).rejects.toMatchObject({
      code: "not_found",
      message: 'file "nope.txt" does not exist',
    });
  });

  it("streams an empty file as no bytes", async () => {
    const path = join(dir, "empty.txt");
    writeFileSync(path, "");
    expect(await readAll(path)).toBe("");
  });
});
