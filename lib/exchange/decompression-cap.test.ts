import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decompressedByteCap } from "@/lib/exchange/decompression-cap";
import { openFileStream } from "@/lib/exchange/read-lines";
import { listZipEntries, openZipEntry } from "@/lib/exchange/read-zip-entries";
import { gunzipIfCompressed, openLogStream } from "@/lib/logs/open-log-stream";

// Compression bombs (issue 21, item 8a), made here: 40 MB of two-byte lines compress to about
// 40 KB, a ratio of ~1,000 (the probe's 36 KB gzip of 5M lines). Every reader of compressed
// uploads — gzip files (corpora, runs), gzip query logs, zip entries (BEIR) — stops at the cap.

let folder: string;
const bomb = Buffer.alloc(40 * 1024 * 1024, "q\n");
const CAP_MESSAGE = /expands to more than [\d.]+ MB when decompressed: over the cap of 100 times/;

async function drain(chunks: AsyncIterable<Uint8Array>): Promise<number> {
  let bytes = 0;
  for await (const chunk of chunks) bytes += chunk.length;
  return bytes;
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "goldenset-bomb-"));
  await writeFile(path.join(folder, "bomb.jsonl.gz"), gzipSync(bomb));
  await writeFile(path.join(folder, "bomb.zip"), zipSync({ "corpus.jsonl": bomb }, { level: 9 }));
  const realistic = Array.from({ length: 50_000 }, (_, index) => `how do I reset device ${index * 7919}\n`);
  await writeFile(path.join(folder, "real.log.gz"), gzipSync(realistic.join("")));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("the decompression cap", () => {
  it("is 100 times the compressed size, at least 1 MB", () => {
    expect(decompressedByteCap(36_000)).toBe(3_600_000);
    expect(decompressedByteCap(100)).toBe(1024 * 1024);
  });

  it("stops a gzip file (corpus, run) at the cap, naming it", async () => {
    await expect(drain(openFileStream(path.join(folder, "bomb.jsonl.gz")))).rejects.toThrow(CAP_MESSAGE);
  });

  it("stops a gzip query log at the cap, naming it", async () => {
    const log = gunzipIfCompressed(openLogStream(path.join(folder, "bomb.jsonl.gz")));
    await expect(drain(log)).rejects.toThrow(CAP_MESSAGE);
  });

  it("stops a zip entry at the cap, naming it", async () => {
    const zip = path.join(folder, "bomb.zip");
    const [entry] = await listZipEntries(zip);
    await expect(drain(openZipEntry(zip, entry!))).rejects.toThrow(CAP_MESSAGE);
  });

  it("lets real compressed text through whole", async () => {
    const file = path.join(folder, "real.log.gz");
    const expected = (await drain(openFileStream(file))) > 0;
    expect(expected).toBe(true);
    expect(await drain(gunzipIfCompressed(openLogStream(file)))).toBe(await drain(openFileStream(file)));
  });
});
