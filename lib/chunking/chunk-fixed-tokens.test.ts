import { describe, expect, it } from "vitest";
import { chunkDocument } from "@/lib/chunking/chunk-document";
import { chunkTexts, randomRewrite } from "@/lib/chunking/testing/chunking-scenarios";
import {
  findMovedSpans,
  findSpanViolations,
  randomInteger,
  randomProse,
} from "@/lib/chunking/testing/chunking-test-support";
import { tokenSpans } from "@/lib/chunking/token-spans";
import { AppError } from "@/lib/errors";
import { createSeededRandom } from "@/lib/eval/statistics/seeded-random";

function tokens(text: string): string[] {
  return tokenSpans({ text }).map((token) => text.slice(token.start, token.end));
}

const chunk = (text: string, size: number, overlap: number) =>
  chunkTexts("fixed-tokens", text, size, overlap);

describe("tokenSpans", () => {
  it("reads word runs and single symbols, with their spans in the original text", () => {
    expect(tokens("Hello, world! v4.3.0 costs $3.50.")).toEqual([
      "Hello",
      ",",
      "world",
      "!",
      "v4",
      ".",
      "3",
      ".",
      "0",
      "costs",
      "$",
      "3",
      ".",
      "50",
      ".",
    ]);
    expect(tokens("snake_case don't  naïve\tx2")).toEqual([
      "snake",
      "_",
      "case",
      "don",
      "'",
      "t",
      "naïve",
      "x2",
    ]);
    const text = "  a\u00a0b\n";
    expect(tokenSpans({ text })).toEqual([
      { start: 2, end: 3 },
      { start: 4, end: 5 },
    ]);
  });

  it("keeps combining marks with their letter or symbol and never splits a surrogate pair", () => {
    expect(tokens("e\u0301te\u0301 中文 😀👍🏽 ❤️")).toEqual([
      "e\u0301te\u0301",
      "中文",
      "😀",
      "👍",
      "🏽",
      "❤️",
    ]);
    expect(tokens("")).toEqual([]);
    expect(tokens(" \n\t")).toEqual([]);
  });

  it("holds every non-whitespace character in exactly one token", () => {
    const random = createSeededRandom(11);
    for (let round = 0; round < 200; round++) {
      const text = randomProse(random, randomInteger(random, 400));
      const spans = tokenSpans({ text });
      expect(findSpanViolations(text, spans)).toEqual([]);
    }
  });
});

describe("chunkDocument, fixed tokens", () => {
  it("cuts windows of size tokens stepping size - overlap, spans from first to last token", () => {
    expect(chunk("one two three four five six seven", 3, 1)).toEqual([
      "one two three",
      "three four five",
      "five six seven",
    ]);
    expect(chunk("  one, two.\n\nthree  ", 2, 0)).toEqual(["one,", "two.", "three"]);
    expect(chunk("one two three four", 3, 2)).toEqual(["one two three", "two three four"]);
    expect(chunk("a b", 10, 5)).toEqual(["a b"]);
  });

  it("yields no chunks for a text without tokens and rejects impossible windows", () => {
    expect(chunk("", 4, 1)).toEqual([]);
    expect(chunk(" \n ", 4, 1)).toEqual([]);
    for (const [size, overlap] of [
      [0, 0],
      [4, 4],
      [4, -1],
      [2.5, 0],
    ] as const) {
      expect(() => chunk("text", size, overlap)).toThrowError(AppError);
    }
  });

  it("holds coverage, size and overlap in tokens, and determinism, on random texts", () => {
    const random = createSeededRandom(20240612);
    const problems: string[] = [];
    for (let round = 0; round < 500; round++) {
      const text = randomProse(random, randomInteger(random, 500));
      const size = 1 + randomInteger(random, 30);
      const overlap = randomInteger(random, size);
      const chunking = { strategy: "fixed-tokens", size, overlap } as const;
      const spans = chunkDocument({ text, chunking });
      expect(chunkDocument({ text, chunking })).toEqual(spans);
      const all = tokenSpans({ text });
      const tokenIndexes = (span: { start: number; end: number }) =>
        all.flatMap((token, index) => (token.start >= span.start && token.end <= span.end ? [index] : []));
      const found = findSpanViolations(text, spans);
      spans.forEach((span, index) => {
        const inside = tokenIndexes(span);
        if (all[inside[0] ?? -1]?.start !== span.start || all[inside.at(-1) ?? -1]?.end !== span.end) {
          found.push(`span ${index} does not run from a token start to a token end`);
        }
        const isLast = index === spans.length - 1;
        if (isLast ? inside.length > size : inside.length !== size)
          found.push(`span ${index} holds ${inside.length}`);
        const previous = spans[index - 1];
        if (!previous) return;
        const shared = tokenIndexes({ start: span.start, end: previous.end }).length;
        if (shared !== overlap) found.push(`span ${index} shares ${shared} tokens`);
      });
      if (all.length > 0 && spans.at(-1)?.end !== all.at(-1)?.end) found.push("misses the last token");
      for (const problem of found) problems.push(`${JSON.stringify(text)} ${size}/${overlap}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it("keeps every chunk but the last that ends before an edit when the end is rewritten", () => {
    const random = createSeededRandom(99);
    const problems: string[] = [];
    for (let round = 0; round < 400; round++) {
      const { before, editAt, after } = randomRewrite(random, 400);
      const size = 1 + randomInteger(random, 20);
      const chunking = { strategy: "fixed-tokens", size, overlap: randomInteger(random, size) } as const;
      const spansBefore = chunkDocument({ text: before, chunking });
      const spansAfter = chunkDocument({ text: after, chunking });
      const isFinal = (span: { end: number }, index: number) =>
        index < spansBefore.length - 1 && span.end < editAt;
      for (const moved of findMovedSpans(spansBefore, spansAfter, isFinal)) {
        problems.push(`${JSON.stringify(before)} edited at ${editAt}: ${moved}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
