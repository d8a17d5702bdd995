import { describe, expect, it } from "vitest";
import { type ChunkSpan, chunkDocument } from "@/lib/chunking/chunk-document";
import { AppError } from "@/lib/errors";

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

const alphabet = ["a", "b", " ", "\n", "é", "中", "😀", "👍🏽", "e\u0301"];

function randomText(random: () => number, length: number): string {
  let text = "";
  while (text.length < length) text += alphabet[Math.floor(random() * alphabet.length)];
  return text;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function chunk(text: string, size: number, overlap: number): ChunkSpan[] {
  return chunkDocument({ text, chunking: { strategy: "fixed-characters", size, overlap } });
}

describe("chunkDocument, fixed characters", () => {
  it("cuts windows of size advancing by size - overlap, the last one shorter", () => {
    expect(chunk("abcdefghij", 4, 1)).toEqual([
      { start: 0, end: 4 },
      { start: 3, end: 7 },
      { start: 6, end: 10 },
    ]);
    expect(chunk("abcdefghijk", 4, 0)).toEqual([
      { start: 0, end: 4 },
      { start: 4, end: 8 },
      { start: 8, end: 11 },
    ]);
  });

  it("stops at the window that reaches the end instead of emitting one inside it", () => {
    // Next grid start would be 6 → [6, 8), wholly inside [3, 8).
    expect(chunk("abcdefgh", 5, 2)).toEqual([
      { start: 0, end: 5 },
      { start: 3, end: 8 },
    ]);
    expect(chunk("abc", 10, 5)).toEqual([{ start: 0, end: 3 }]);
  });

  it("yields no chunks for an empty text", () => {
    expect(chunk("", 10, 2)).toEqual([]);
  });

  it("moves a boundary off the middle of a surrogate pair", () => {
    const text = "ab😀cd"; // 😀 occupies offsets 2 and 3
    expect(chunk(text, 3, 0)).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 5 },
      { start: 5, end: 6 },
    ]);
    expect(chunk("😀😀", 1, 0)).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 4 },
    ]);
  });

  it("rejects impossible windows with bad_request", () => {
    for (const [size, overlap] of [
      [0, 0],
      [10, 10],
      [10, -1],
      [10, 11],
      [2.5, 0],
      [10, 1.5],
    ] as const) {
      expect(() => chunk("text", size, overlap)).toThrowError(AppError);
    }
    try {
      chunk("text", 5, 5);
    } catch (error) {
      expect(error instanceof AppError && error.code).toBe("bad_request");
    }
  });

  it("holds coverage, size, overlap and determinism on random texts", () => {
    const random = createRandom(20240611);
    for (let round = 0; round < 600; round++) {
      const text = randomText(random, Math.floor(random() * 300));
      const size = 1 + Math.floor(random() * 40);
      const overlap = Math.floor(random() * size);
      const spans = chunk(text, size, overlap);
      expect(chunk(text, size, overlap)).toEqual(spans);
      if (text.length === 0) {
        expect(spans).toEqual([]);
        continue;
      }
      expect(spans[0]?.start).toBe(0);
      expect(spans.at(-1)?.end).toBe(text.length);
      const hasAstral = /[\ud800-\udbff]/.test(text);
      spans.forEach((span, index) => {
        expect(span.end).toBeGreaterThan(span.start);
        expect(span.end - span.start).toBeLessThanOrEqual(Math.max(size, 2));
        if (size >= 2) expect(span.end - span.start).toBeLessThanOrEqual(size);
        expect(isLowSurrogate(text.charCodeAt(span.start))).toBe(false);
        if (span.end < text.length) expect(isLowSurrogate(text.charCodeAt(span.end))).toBe(false);
        const previous = spans[index - 1];
        if (!previous) return;
        expect(span.start).toBeGreaterThan(previous.start);
        expect(span.end).toBeGreaterThan(previous.end); // never wholly inside the previous one
        expect(span.start).toBeLessThanOrEqual(previous.end); // no gap
        const shared = previous.end - span.start;
        if (hasAstral) {
          // Pulled-back boundaries (and a skipped window on a step of 1) move it by a unit or two.
          expect(shared).toBeGreaterThanOrEqual(Math.max(0, overlap - 2));
          expect(shared).toBeLessThanOrEqual(overlap + 1);
        } else {
          expect(shared).toBe(overlap);
        }
      });
    }
  });

  it("matches the plain grid on ASCII texts", () => {
    const random = createRandom(7);
    for (let round = 0; round < 200; round++) {
      const length = Math.floor(random() * 500);
      const text = "x".repeat(length);
      const size = 1 + Math.floor(random() * 60);
      const overlap = Math.floor(random() * size);
      const spans = chunk(text, size, overlap);
      spans.forEach((span, index) => {
        expect(span.start).toBe(index * (size - overlap));
        expect(span.end).toBe(Math.min(span.start + size, length));
      });
    }
  });
});
