import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { gunzipIfCompressed, openLogStream } from "./open-log-stream";

async function* oneByteAtATime(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  for (const byte of bytes) yield Uint8Array.of(byte);
}

async function text(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts).toString("utf8");
}

const dir = mkdtempSync(join(tmpdir(), "goldenset-open-log-stream-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("gunzipIfCompressed", () => {
  it("gunzips by magic bytes even when they arrive in separate chunks, and passes the rest through", async () => {
    expect(await text(gunzipIfCompressed(oneByteAtATime(gzipSync("a\nb\n"))))).toBe("a\nb\n");
    expect(await text(gunzipIfCompressed(oneByteAtATime(Buffer.from("\x1fplain"))))).toBe("\x1fplain");
    expect(await text(gunzipIfCompressed(oneByteAtATime(new Uint8Array(0))))).toBe("");
  });

  it("lets the source's own errors through", async () => {
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield gzipSync("a\n").subarray(0, 12);
      throw new Error("disk on fire");
    }
    await expect(text(gunzipIfCompressed(failing()))).rejects.toThrow("disk on fire");
  });
});

describe("openLogStream", () => {
  it("reads a file's raw bytes and says when it is missing", async () => {
    const path = join(dir, "log.txt");
    writeFileSync(path, "q\n");
    expect(await text(openLogStream(path))).toBe("q\n");
    await expect(text(openLogStream(join(dir, "missing.txt")))).rejects.toMatchObject({
      code: "not_found",
      message: 'file "missing.txt" does not exist',
    });
  });
});
