import { mkdtemp, readdir, readFile, rm, truncate, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { chunkCorpus } from "@/lib/chunking/chunk-corpus";
import { type AnalyzerOptions, defaultAnalyzer } from "@/lib/retrieval/analyzer-options";
import { Bm25Index, type Bm25Params } from "@/lib/retrieval/bm25-index";
import { Bm25IndexCache, bm25IndexKey } from "@/lib/runs/bm25-index-cache";

const params: Bm25Params = { k1: 0.9, b: 0.4 };
const texts = ["the door sensor fails", "reset the power supply", "fan speed error E-4012"];

describe("Bm25IndexCache", () => {
  let directory: string;
  let cache: Bm25IndexCache;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), "goldenset-bm25-cache-"));
    cache = new Bm25IndexCache({ directory: join(directory, "indexes"), maxFiles: 3 });
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  /** getOrBuild with a build that counts its calls. */
  const request = (overrides: { texts?: string[]; params?: Bm25Params; analyzer?: AnalyzerOptions } = {}) => {
    const options = { texts, params, analyzer: defaultAnalyzer, ...overrides };
    const build = vi.fn(() => Bm25Index.build({ ...options, texts: [...options.texts] }));
    return { build, result: cache.getOrBuild({ ...options, build }) };
  };

  it("builds and saves on a miss, then loads the same index without building", async () => {
    const first = request();
    const built = await first.result;
    expect(built).toMatchObject({ hit: false });
    expect(built.warning).toBeUndefined();
    expect(first.build).toHaveBeenCalledTimes(1);

    const second = request();
    const loaded = await second.result;
    expect(loaded.hit).toBe(true);
    expect(second.build).not.toHaveBeenCalled();
    expect(loaded.index.search("power fan sensor", 10)).toEqual(built.index.search("power fan sensor", 10));
    expect(await readdir(join(directory, "indexes"))).toEqual([
      `${bm25IndexKey({ texts, params, analyzer: defaultAnalyzer })}.bm25`,
    ]);
  });

  it("misses when a text, the chunking, k1, b or the analyzer changes", async () => {
    await request().result;
    const changed = [
      { texts: [texts[0]!, "reset the power supply!", texts[2]!] },
      { texts: [texts[0]!, texts[2]!, texts[1]!] },
      { texts: [...texts, ""] },
      { params: { k1: 1.2, b: 0.4 } },
      { params: { k1: 0.9, b: 0.75 } },
      { analyzer: { ...defaultAnalyzer, stem: false } },
    ];
    for (const overrides of changed) {
      const { build, result } = request(overrides);
      expect((await result).hit).toBe(false);
      expect(build).toHaveBeenCalledTimes(1);
    }
  });

  it("keys on the chunk texts: other chunking misses, the same cut hits", async () => {
    const documents = [{ text: "The door sensor fails when the fan speed error E-4012 shows. Reset it." }];
    const cut = (size: number) =>
      chunkCorpus({ documents, chunking: { strategy: "fixed-characters", size, overlap: 0 } }).texts;
    await request({ texts: cut(20) }).result;
    expect((await request({ texts: cut(30) }).result).hit).toBe(false);
    expect((await request({ texts: cut(20) }).result).hit).toBe(true);
  });

  it("keeps the key stable for equal inputs and apart for texts that only split differently", () => {
    const key = bm25IndexKey({ texts, params, analyzer: { ...defaultAnalyzer } });
    expect(bm25IndexKey({ texts: [...texts], params: { ...params }, analyzer: defaultAnalyzer })).toBe(key);
    expect(bm25IndexKey({ texts: ["ab", "c"], params, analyzer: defaultAnalyzer })).not.toBe(
      bm25IndexKey({ texts: ["a", "bc"], params, analyzer: defaultAnalyzer }),
    );
    expect(bm25IndexKey({ texts, params, analyzer: defaultAnalyzer, scoring: "exact" })).not.toBe(key);
  });

  it("rebuilds over a truncated or corrupt file, says so, and overwrites it", async () => {
    await request().result;
    const file = cache.pathFor(bm25IndexKey({ texts, params, analyzer: defaultAnalyzer }));
    const intact = await readFile(file);
    for (const damage of [() => truncate(file, 100), () => writeFile(file, "garbage")]) {
      await damage();
      const { build, result } = request();
      const rebuilt = await result;
      expect(rebuilt.hit).toBe(false);
      expect(rebuilt.warning).toMatch(/rebuilt the cached BM25 index: .*Not a usable BM25 index file/);
      expect(build).toHaveBeenCalledTimes(1);
      expect(await readFile(file)).toEqual(intact);
      expect((await request().result).hit).toBe(true);
    }
  });

  it("keeps at most maxFiles indexes, evicting the least recently used", async () => {
    const corpus = (n: number) => [`document number ${n}`];
    const keyOf = (n: number) =>
      `${bm25IndexKey({ texts: corpus(n), params, analyzer: defaultAnalyzer })}.bm25`;
    for (const n of [1, 2, 3]) {
      await request({ texts: corpus(n) }).result;
      // mtimes a second apart, oldest first, whatever the file system's resolution
      const at = new Date(Date.UTC(2026, 0, 1, 0, 0, n));
      await utimes(join(directory, "indexes", keyOf(n)), at, at);
    }
    expect((await request({ texts: corpus(1) }).result).hit).toBe(true); // 1 is now the most recent
    await request({ texts: corpus(4) }).result;
    const kept = await readdir(join(directory, "indexes"));
    expect(kept.sort()).toEqual([keyOf(1), keyOf(3), keyOf(4)].sort());
  });

  it("still returns the built index when it cannot save, with a warning", async () => {
    const blocked = new Bm25IndexCache({ directory: join(directory, "a-file") });
    await writeFile(join(directory, "a-file"), "");
    const build = vi.fn(() => Bm25Index.build({ texts }));
    const result = await blocked.getOrBuild({ texts, params, analyzer: defaultAnalyzer, build });
    expect(result.hit).toBe(false);
    expect(result.index.size).toBe(3);
    expect(result.warning).toMatch(/could not save the BM25 index/);
  });
});
