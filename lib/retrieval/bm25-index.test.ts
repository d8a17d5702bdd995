import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { analyzeText, defaultAnalyzer } from "@/lib/retrieval/analyze-text";
import { Bm25Index } from "@/lib/retrieval/bm25-index";

describe("Bm25Index", () => {
  // After analysis: [quick, brown, fox] · [lazi, dog, fox] · [quick, quick, dog, bark]
  const texts = ["The quick brown fox", "the lazy dog and the fox", "Quick, quick dog barks"];
  const index = Bm25Index.build({ texts });
  const idfOfTwo = Math.log(1 + (3 - 2 + 0.5) / (2 + 0.5)); // df = 2 of N = 3
  const averageLength = 10 / 3;
  const norm = (length: number) => 0.9 * (1 - 0.4 + (0.4 * length) / averageLength);

  it("scores a 3-document corpus as computed by hand", () => {
    const hits = index.search("quick fox", 10);
    expect(hits.map((hit) => hit.index)).toEqual([0, 2, 1]);
    expect(hits[0]?.score).toBeCloseTo(2 * idfOfTwo * (1 / (1 + norm(3))), 12);
    expect(hits[1]?.score).toBeCloseTo(idfOfTwo * (2 / (2 + norm(4))), 12);
    expect(hits[2]?.score).toBeCloseTo(idfOfTwo * (1 / (1 + norm(3))), 12);
    expect(index.size).toBe(3);
  });

  it("uses the idf of rare terms and the given k1 and b", () => {
    const tuned = Bm25Index.build({ texts, params: { k1: 1.2, b: 0.75 } });
    const idfOfOne = Math.log(1 + (3 - 1 + 0.5) / (1 + 0.5));
    const tunedNorm = 1.2 * (1 - 0.75 + (0.75 * 3) / averageLength);
    const hits = tuned.search("brown", 5);
    expect(hits.map((hit) => hit.index)).toEqual([0]);
    expect(hits[0]?.score).toBeCloseTo(idfOfOne * (1 / (1 + tunedNorm)), 12);
  });

  it("counts a repeated query term once per occurrence", () => {
    const once = index.search("fox", 10);
    const twice = index.search("fox fox", 10);
    expect(twice.map((hit) => hit.index)).toEqual(once.map((hit) => hit.index));
    twice.forEach((hit, rank) => {
      expect(hit.score).toBeCloseTo(2 * (once[rank]?.score ?? 0), 12);
    });
  });

  it("breaks ties by document index", () => {
    const tied = Bm25Index.build({ texts: ["alpha beta", "gamma", "beta alpha", "alpha beta"] });
    const hits = tied.search("alpha", 10);
    expect(hits.map((hit) => hit.index)).toEqual([0, 2, 3]);
    expect(new Set(hits.map((hit) => hit.score)).size).toBe(1);
    expect(tied.search("alpha", 2).map((hit) => hit.index)).toEqual([0, 2]);
  });

  it("returns nothing for empty, stopword-only and unknown queries, or topK 0", () => {
    expect(index.search("", 10)).toEqual([]);
    expect(index.search("the and of it", 10)).toEqual([]);
    expect(index.search("zebra", 10)).toEqual([]);
    expect(index.search("fox", 0)).toEqual([]);
    expect(() => index.search("fox", -1)).toThrowError(AppError);
    expect(() => index.search("fox", 1.5)).toThrowError(AppError);
  });

  it("leaves empty texts out of N and avgdl, and never returns them", () => {
    const withEmpty = Bm25Index.build({ texts: ["", "fox", "the of", "dog"] });
    expect(withEmpty.size).toBe(4);
    const idf = Math.log(1 + (2 - 1 + 0.5) / (1 + 0.5)); // N = 2 texts with terms
    expect(withEmpty.search("fox dog", 10)).toEqual([
      { index: 1, score: idf / (1 + 0.9) },
      { index: 3, score: idf / (1 + 0.9) },
    ]);
    expect(Bm25Index.build({ texts: [] }).search("fox", 5)).toEqual([]);
  });

  it("analyzes queries like the documents", () => {
    const unstemmed = Bm25Index.build({
      texts: ["foxes run"],
      analyzer: { ...defaultAnalyzer, stem: false },
    });
    expect(unstemmed.search("fox", 5)).toEqual([]);
    expect(unstemmed.search("FOXES", 5)).toHaveLength(1);
    expect(index.search("FOXES", 5)).toHaveLength(2);
  });

  it("rejects impossible parameters", () => {
    expect(() => Bm25Index.build({ texts, params: { k1: -1, b: 0.4 } })).toThrowError(AppError);
    expect(() => Bm25Index.build({ texts, params: { k1: 0.9, b: 1.5 } })).toThrowError(AppError);
  });

  it("agrees with a direct implementation of the formula on random corpora", () => {
    const random = createRandom(12345);
    const vocabulary = [
      "fan",
      "fans",
      "power",
      "supply",
      "error",
      "e-4012",
      "reset",
      "unit",
      "the",
      "cable",
      "v4.3.0",
    ];
    const pick = () => vocabulary[Math.floor(random() * vocabulary.length)] ?? "";
    for (let round = 0; round < 20; round++) {
      const corpus = Array.from({ length: 1 + Math.floor(random() * 60) }, () =>
        Array.from({ length: Math.floor(random() * 12) }, pick).join(" "),
      );
      const query = Array.from({ length: 1 + Math.floor(random() * 4) }, pick).join(" ");
      const topK = 1 + Math.floor(random() * 10);
      expect(Bm25Index.build({ texts: corpus }).search(query, topK)).toEqual(
        naiveSearch(corpus, query, topK),
      );
    }
  });
});

/** BM25 straight from the formula, one document at a time: the reference for the fast index. */
function naiveSearch(texts: string[], query: string, topK: number) {
  const documents = texts.map((text) => analyzeText(text));
  const nonEmpty = documents.filter((terms) => terms.length > 0);
  const averageLength = nonEmpty.reduce((sum, terms) => sum + terms.length, 0) / Math.max(1, nonEmpty.length);
  const queryTerms = analyzeText(query);
  const distinct = [...new Set(queryTerms)];
  const hits = documents.map((terms, index) => {
    let score = 0;
    for (const term of distinct) {
      const df = documents.filter((other) => other.includes(term)).length;
      const tf = terms.filter((other) => other === term).length;
      if (tf === 0) continue;
      const idf = Math.log(1 + (nonEmpty.length - df + 0.5) / (df + 0.5));
      const count = queryTerms.filter((other) => other === term).length;
      score += (idf * count * tf) / (tf + 0.9 * (1 - 0.4 + (0.4 * terms.length) / averageLength));
    }
    return { index, score };
  });
  return hits
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, topK);
}

/** mulberry32: a small seeded PRNG so the property loops are reproducible. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
