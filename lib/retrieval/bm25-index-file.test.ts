import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { createSeededRandom } from "@/lib/eval/statistics/seeded-random";
import { type AnalyzerOptions, defaultAnalyzer } from "@/lib/retrieval/analyzer-options";
import { Bm25Index, type Bm25Scoring } from "@/lib/retrieval/bm25-index";
import {
  decodeBm25Index,
  encodeBm25Index,
  readBm25IndexFile,
  writeBm25IndexFile,
} from "@/lib/retrieval/bm25-index-file";

// Mixed scripts and forms, so the vocabulary has multi-byte UTF-8 terms, stems and stopwords.
const vocabulary = [
  "fan",
  "fans",
  "power",
  "supply",
  "the",
  "e-4012",
  "v4.3.0",
  "Reset",
  "café",
  "naïve",
  "日本",
  "Ωmega",
  "don't",
  "𝔘nicode",
  "cable's",
];

describe("Bm25Index file encoding", () => {
  it("loads indexes that return the same hits and float scores on random corpora", () => {
    const random = createSeededRandom(4242);
    const pick = () => vocabulary[Math.floor(random() * vocabulary.length)] ?? "";
    for (let round = 0; round < 40; round++) {
      const scoring: Bm25Scoring = round % 2 === 0 ? "lucene" : "exact";
      const analyzer: AnalyzerOptions = {
        ...defaultAnalyzer,
        stem: round % 3 !== 0,
        stopwords: round % 5 !== 0,
      };
      const params = { k1: Math.round(random() * 300) / 100, b: Math.round(random() * 100) / 100 };
      // Empty texts and lengths above Lucene's exact buckets (40 terms) included.
      const texts = Array.from({ length: Math.floor(random() * 80) }, () =>
        Array.from({ length: Math.floor(random() * (round % 4 < 2 ? 10 : 90)) }, pick).join(" "),
      );
      const built = Bm25Index.build({ texts, params, analyzer, scoring });
      const loaded = decodeBm25Index(encodeBm25Index(built));
      expect(loaded.size).toBe(built.size);
      expect(loaded.toParts().params).toEqual(params);
      expect(loaded.toParts().analyzer).toEqual(analyzer);
      for (let query = 0; query < 10; query++) {
        const text = Array.from({ length: 1 + Math.floor(random() * 4) }, pick).join(" ");
        const topK = 1 + Math.floor(random() * 20);
        // toEqual on numbers is Object.is: the scores must be the same floats, not close ones.
        expect(loaded.search(text, topK)).toEqual(built.search(text, topK));
      }
    }
  });

  it("round-trips an empty index and one read at an unaligned offset", () => {
    expect(decodeBm25Index(encodeBm25Index(Bm25Index.build({ texts: [] }))).size).toBe(0);
    const built = Bm25Index.build({ texts: ["power supply", "fan reset", "café naïve"] });
    const encoded = encodeBm25Index(built);
    const shifted = new Uint8Array(encoded.byteLength + 3);
    shifted.set(encoded, 3);
    const loaded = decodeBm25Index(shifted.subarray(3));
    expect(loaded.search("cafe café fan", 5)).toEqual(built.search("cafe café fan", 5));
  });

  it("rejects truncated, corrupted and foreign bytes with an AppError saying why", () => {
    const encoded = encodeBm25Index(Bm25Index.build({ texts: ["power supply fan", "fan reset"] }));
    const expectError = (bytes: Uint8Array, message: RegExp) => {
      expect(() => decodeBm25Index(bytes)).toThrowError(AppError);
      expect(() => decodeBm25Index(bytes)).toThrowError(message);
    };
    expectError(encoded.subarray(0, 10), /less than a header/);
    expectError(encoded.slice(0, encoded.byteLength - 8), /truncated/);
    const flipped = encoded.slice();
    flipped[flipped.byteLength - 9]! ^= 0x40;
    expectError(flipped, /checksum/);
    const otherK1 = encoded.slice();
    otherK1[33]! ^= 0x01;
    expectError(otherK1, /checksum/);
    expectError(new TextEncoder().encode("x".repeat(100)), /not a BM25 index file/);
    const future = encoded.slice();
    new DataView(future.buffer).setUint32(8, 99, true);
    expectError(future, /format version 99/);
  });
});

describe("Bm25Index files", () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), "goldenset-bm25-file-"));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it("writes atomically (no temporary file left) and reads back the same index", async () => {
    const built = Bm25Index.build({ texts: ["the quick brown fox", "lazy dog", "quick dog barks"] });
    const path = join(directory, "index.bm25");
    const size = await writeBm25IndexFile({ path, index: built });
    expect(await readdir(directory)).toEqual(["index.bm25"]);
    expect((await readFile(path)).byteLength).toBe(size);
    expect((await readBm25IndexFile(path)).search("quick dog", 5)).toEqual(built.search("quick dog", 5));
  });

  it("names the file in a corruption error and lets a missing file's ENOENT through", async () => {
    const path = join(directory, "broken.bm25");
    await writeFile(path, "not an index");
    await expect(readBm25IndexFile(path)).rejects.toThrowError(/broken\.bm25: Not a usable BM25 index file/);
    await expect(readBm25IndexFile(join(directory, "absent.bm25"))).rejects.toMatchObject({ code: "ENOENT" });
  });
});
