import { describe, expect, it } from "vitest";
import { chunkHash } from "@/lib/corpora/content-hash";
import { embedWithCache, InMemoryEmbeddingCache } from "@/lib/retrieval/dense/embed-with-cache";

describe("embedWithCache", () => {
  const fakeEmbed = (calls: string[][]) => async (texts: string[]) => {
    calls.push(texts);
    return texts.map((text) => Float32Array.of(text.length, 1));
  };

  it("embeds only distinct misses, then serves everything from the cache", async () => {
    const cache = new InMemoryEmbeddingCache();
    const calls: string[][] = [];
    const first = await embedWithCache({
      texts: ["aa", "b", "aa"],
      provider: "p",
      model: "m",
      cache,
      embed: fakeEmbed(calls),
    });
    expect(first.vectors.map((vector) => Array.from(vector))).toEqual([
      [2, 1],
      [1, 1],
      [2, 1],
    ]);
    expect(first.cacheHits).toBe(0);
    expect(calls).toEqual([["aa", "b"]]);

    const second = await embedWithCache({
      texts: ["b", "aa", "ccc"],
      provider: "p",
      model: "m",
      cache,
      embed: fakeEmbed(calls),
    });
    expect(second.cacheHits).toBe(2);
    expect(calls[1]).toEqual(["ccc"]);
    expect(cache.size).toBe(3);
  });

  it("keys by provider and model too", async () => {
    const cache = new InMemoryEmbeddingCache();
    const calls: string[][] = [];
    await embedWithCache({ texts: ["x"], provider: "p", model: "m1", cache, embed: fakeEmbed(calls) });
    await embedWithCache({ texts: ["x"], provider: "p", model: "m2", cache, embed: fakeEmbed(calls) });
    await embedWithCache({ texts: ["x"], provider: "q", model: "m1", cache, embed: fakeEmbed(calls) });
    expect(calls).toHaveLength(3);
  });

  it("hashes text with SHA-256", () => {
    expect(chunkHash("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });
});
