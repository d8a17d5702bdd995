import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { createSeededRandom } from "@/lib/eval/statistics/seeded-random";
import { analyzeText } from "@/lib/retrieval/analyze-text";
import { defaultAnalyzer } from "@/lib/retrieval/analyzer-options";
import { Bm25Index, type Bm25Scoring } from "@/lib/retrieval/bm25-index";
import { byte4ToInt, intToByte4 } from "@/lib/retrieval/encode-small-float";

describe("Bm25Index", () => {
  // After analysis: [quick, brown, fox] · [lazi, dog, fox] · [quick, quick, dog, bark]
  const texts = ["The quick brown fox", "the lazy dog and the fox", "Quick, quick dog barks"];
  // Hand computations are in float64; Lucene's float32 scoring is checked against its own reference.
  const index = Bm25Index.build({ texts, scoring: "exact" });
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
    const tuned = Bm25Index.build({ texts, params: { k1: 1.2, b: 0.75 }, scoring: "exact" });
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

  it("breaks ties as trec_eval does: the later document (the greater id) first", () => {
    const tied = Bm25Index.build({ texts: ["alpha beta", "gamma", "beta alpha", "alpha beta"] });
    const hits = tied.search("alpha", 10);
    expect(hits.map((hit) => hit.index)).toEqual([3, 2, 0]);
    expect(new Set(hits.map((hit) => hit.score)).size).toBe(1);
    expect(tied.search("alpha", 2).map((hit) => hit.index)).toEqual([3, 2]);
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
    const withEmpty = Bm25Index.build({ texts: ["", "fox", "the of", "dog"], scoring: "exact" });
    expect(withEmpty.size).toBe(4);
    const idf = Math.log(1 + (2 - 1 + 0.5) / (1 + 0.5)); // N = 2 texts with terms
    const hits = withEmpty.search("fox dog", 10);
    expect(hits.map((hit) => hit.index)).toEqual([3, 1]); // tied
    for (const hit of hits) expect(hit.score).toBeCloseTo(idf / (1 + 0.9), 12);
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

  it("scores like Lucene by default: float32, and lengths in SmallFloat buckets", () => {
    const lucene = Bm25Index.build({ texts });
    const hits = lucene.search("quick fox", 10);
    expect(hits.map((hit) => hit.index)).toEqual([0, 2, 1]);
    for (const hit of hits) expect(hit.score).toBe(Math.fround(hit.score));
    expect(hits[0]?.score).toBeCloseTo(2 * idfOfTwo * (1 / (1 + norm(3))), 6);
    // 100 and 103 terms share Lucene's length bucket (both decode to 96), so they tie.
    const filler = (count: number) => Array.from({ length: count }, () => "word").join(" ");
    const long = [`fox ${filler(99)}`, `fox ${filler(102)}`, "dog"];
    const [first, second] = Bm25Index.build({ texts: long }).search("fox", 5);
    expect(first?.score).toBe(second?.score);
    const [exactFirst, exactSecond] = Bm25Index.build({ texts: long, scoring: "exact" }).search("fox", 5);
    expect(exactFirst!.score).toBeGreaterThan(exactSecond!.score);
  });

  it("agrees with a direct implementation of the formula on random corpora", () => {
    const random = createSeededRandom(12345);
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
    for (let round = 0; round < 40; round++) {
      const scoring: Bm25Scoring = round % 2 === 0 ? "exact" : "lucene";
      // up to 80 terms a text, so Lucene's lossy length buckets (above 40) are exercised
      const corpus = Array.from({ length: 1 + Math.floor(random() * 60) }, () =>
        Array.from({ length: Math.floor(random() * (round % 4 < 2 ? 12 : 80)) }, pick).join(" "),
      );
      const query = Array.from({ length: 1 + Math.floor(random() * 4) }, pick).join(" ");
      const topK = 1 + Math.floor(random() * 10);
      expect(Bm25Index.build({ texts: corpus, scoring }).search(query, topK)).toEqual(
        naiveSearch(corpus, query, topK, scoring),
      );
    }
  });
});

/**
 * BM25 straight from the formula, one document at a time: the reference for the fast index. The
 * `lucene` variant follows BM25Similarity's float32 steps and SmallFloat lengths literally.
 */
function naiveSearch(texts: string[], query: string, topK: number, scoring: Bm25Scoring) {
  const f = scoring === "lucene" ? Math.fround : (value: number) => value;
  const documents = texts.map((text) => analyzeText(text));
  const nonEmpty = documents.filter((terms) => terms.length > 0);
  const averageLength = f(
    nonEmpty.reduce((sum, terms) => sum + terms.length, 0) / Math.max(1, nonEmpty.length),
  );
  const queryTerms = analyzeText(query);
  const distinct = [...new Set(queryTerms)];
  const hits = documents.map((terms, index) => {
    const length = scoring === "lucene" ? byte4ToInt(intToByte4(terms.length)) : terms.length;
    const norm = f(f(0.9) * f(f(1 - f(0.4)) + f(f(f(0.4) * length) / averageLength)));
    let score = 0;
    for (const term of distinct) {
      const df = documents.filter((other) => other.includes(term)).length;
      const tf = terms.filter((other) => other === term).length;
      if (tf === 0) continue;
      const idf = f(Math.log(1 + (nonEmpty.length - df + 0.5) / (df + 0.5)));
      const weight = f(queryTerms.filter((other) => other === term).length * idf);
      score += f(weight - f(weight / f(1 + f(tf * f(1 / norm)))));
    }
    return { index, score: f(score) };
  });
  return hits
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score || b.index - a.index)
    .slice(0, topK);
}
