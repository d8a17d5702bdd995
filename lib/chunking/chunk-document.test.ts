import { describe, expect, it } from "vitest";
import { type ChunkingOptions, type ChunkSpan, chunkDocument } from "@/lib/chunking/chunk-document";
import { AppError } from "@/lib/errors";
import { createSeededRandom } from "@/lib/eval/statistics/seeded-random";

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

  it("rejects an unknown strategy from an unvalidated config", () => {
    const chunking = { strategy: "sentences", size: 10, overlap: 0 } as unknown as ChunkingOptions;
    expect(() => chunkDocument({ text: "text", chunking })).toThrowError(AppError);
  });

  it("holds coverage, size, overlap and determinism on random texts", () => {
    const random = createSeededRandom(20240611);
    const violations: string[] = [];
    for (let round = 0; round < 1000; round++) {
      const text = randomText(random, Math.floor(random() * 300));
      const size = 1 + Math.floor(random() * 40);
      const overlap = Math.floor(random() * size);
      const spans = chunk(text, size, overlap);
      expect(chunk(text, size, overlap)).toEqual(spans);
      for (const problem of findViolations(text, size, overlap, spans)) {
        violations.push(`${JSON.stringify(text)} size ${size} overlap ${overlap}: ${problem}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it("matches the plain grid on ASCII texts", () => {
    const random = createSeededRandom(7);
    for (let round = 0; round < 200; round++) {
      const length = Math.floor(random() * 500);
      const text = "x".repeat(length);
      const size = 1 + Math.floor(random() * 60);
      const overlap = Math.floor(random() * size);
      const expected: ChunkSpan[] = [];
      for (let start = 0; start < length; start += size - overlap) {
        expected.push({ start, end: Math.min(start + size, length) });
        if (start + size >= length) break;
      }
      expect(chunk(text, size, overlap)).toEqual(expected);
    }
  });
});

/** Every way `spans` breaks the fixed-characters contract; empty when it holds. */
function findViolations(text: string, size: number, overlap: number, spans: ChunkSpan[]): string[] {
  if (text.length === 0) return spans.length === 0 ? [] : ["chunks for an empty text"];
  const problems: string[] = [];
  if (spans[0]?.start !== 0) problems.push("does not start at 0");
  if (spans.at(-1)?.end !== text.length) problems.push("does not reach the end");
  const hasAstral = /[\ud800-\udbff]/.test(text);
  spans.forEach((span, index) => {
    const length = span.end - span.start;
    if (length <= 0) problems.push(`empty span ${index}`);
    if (length > (size === 1 ? 2 : size)) problems.push(`span ${index} longer than size`);
    if (isLowSurrogate(text.charCodeAt(span.start))) problems.push(`span ${index} starts inside a pair`);
    if (span.end < text.length && isLowSurrogate(text.charCodeAt(span.end))) {
      problems.push(`span ${index} ends inside a pair`);
    }
    const previous = spans[index - 1];
    if (!previous) return;
    if (span.start <= previous.start || span.end <= previous.end)
      problems.push(`span ${index} inside the previous`);
    if (span.start > previous.end) problems.push(`gap before span ${index}`);
    const shared = previous.end - span.start;
    // Pulled-back boundaries (and a skipped window on a step of 1) move it by a unit or two.
    const allowed = hasAstral ? shared >= overlap - 2 && shared <= overlap + 1 : shared === overlap;
    if (!allowed) problems.push(`span ${index} shares ${shared}`);
  });
  return problems;
}
