import { describe, expect, it } from "vitest";
import { fitLsa } from "@/lib/retrieval/dense/lsa";

const corpus = [
  "The cat chased the mouse around the house.",
  "A kitten and a cat played with a mouse toy.",
  "Cats hunt mice; the mouse hid from the cat.",
  "Stock markets fell as investors sold shares.",
  "Investors bought shares when the stock market recovered.",
  "The market rallied and stock prices rose for investors.",
  "Rain and wind: the weather forecast warns of a storm.",
  "A storm brought heavy rain, the weather service said.",
];

const dotProduct = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, d) => sum + value * b[d]!, 0);

describe("fitLsa", () => {
  it("puts documents about the same topic nearer than unrelated ones", () => {
    const model = fitLsa({ texts: corpus, dimensions: 3, seed: 1 });
    const vectors = corpus.map((text) => model.embed(text));
    const [cat1, cat2, cat3, stock1, stock2, , rain1] = vectors as Float32Array[];
    expect(dotProduct(cat1!, cat2!)).toBeGreaterThan(dotProduct(cat1!, stock1!) + 0.3);
    expect(dotProduct(cat3!, cat1!)).toBeGreaterThan(dotProduct(cat3!, rain1!) + 0.3);
    expect(dotProduct(stock1!, stock2!)).toBeGreaterThan(dotProduct(stock1!, rain1!) + 0.3);
    const query = model.embed("mouse and cat");
    const best = vectors
      .map((vector, index) => ({ index, score: dotProduct(query, vector) }))
      .sort((a, b) => b.score - a.score);
    expect(
      best
        .slice(0, 3)
        .map((hit) => hit.index)
        .sort(),
    ).toEqual([0, 1, 2]);
  });

  it("returns unit vectors of the fitted dimension, capped by the corpus rank", () => {
    const model = fitLsa({ texts: corpus, seed: 1 });
    expect(model.dimensions).toBeLessThanOrEqual(corpus.length);
    const vector = model.embed(corpus[0]!);
    expect(vector).toHaveLength(model.dimensions);
    expect(dotProduct(vector, vector)).toBeCloseTo(1, 5);
    expect(fitLsa({ texts: corpus, dimensions: 4 }).dimensions).toBe(4);
    expect(Array.from(model.embed("zebra xylophone"))).toEqual(new Array(model.dimensions).fill(0));
  });

  it("gives the fitted texts' vectors without re-analyzing them", () => {
    const model = fitLsa({ texts: corpus, dimensions: 4, seed: 3 });
    expect(model.corpusVectors).toHaveLength(corpus.length);
    for (const [index, text] of corpus.entries())
      expect(Array.from(model.corpusVectors[index]!)).toEqual(Array.from(model.embed(text)));
  });

  it("is deterministic for a seed", () => {
    const a = fitLsa({ texts: corpus, dimensions: 4, seed: 42 }).embed("cat market rain");
    const b = fitLsa({ texts: corpus, dimensions: 4, seed: 42 }).embed("cat market rain");
    expect(Array.from(a)).toEqual(Array.from(b));
  });

  it("rejects a nonsensical dimension", () => {
    expect(() => fitLsa({ texts: corpus, dimensions: 0 })).toThrow(/positive integer/);
  });
});
