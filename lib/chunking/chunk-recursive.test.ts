import { describe, expect, it } from "vitest";
import { chunkDocument } from "@/lib/chunking/chunk-document";
import { splitRecursively } from "@/lib/chunking/chunk-recursive";
import { chunkTexts, randomRewrite } from "@/lib/chunking/testing/chunking-scenarios";
import {
  findMovedSpans,
  findPackingViolations,
  findSpanViolations,
  randomInteger,
  randomProse,
} from "@/lib/chunking/testing/chunking-test-support";
import { createSeededRandom } from "@/lib/eval/statistics/seeded-random";
import { trimSpan } from "@/lib/text/text-span";

const chunk = (text: string, size: number, overlap: number) => chunkTexts("recursive", text, size, overlap);

function pieces(text: string, size: number): string[] {
  return splitRecursively({ text, size }).map((span) => text.slice(span.start, span.end));
}

const DOCUMENT = "Para one is short.\n\nPara two is a longer paragraph. It has two sentences.\n\nThird.";

describe("splitRecursively", () => {
  it("keeps the largest pieces that fit: paragraphs, then lines, sentences, words, code points", () => {
    expect(pieces(DOCUMENT, 100)).toEqual([DOCUMENT]);
    expect(pieces(DOCUMENT, 60)).toEqual([
      "Para one is short.",
      "Para two is a longer paragraph. It has two sentences.",
      "Third.",
    ]);
    expect(pieces(DOCUMENT, 40)).toEqual([
      "Para one is short.",
      "Para two is a longer paragraph.",
      "It has two sentences.",
      "Third.",
    ]);
    expect(pieces("Line one here\nline two\n\nEnd", 12)).toEqual(["Line", "one", "here", "line two", "End"]);
    expect(pieces("ab😀c d", 3)).toEqual(["a", "b", "😀", "c", "d"]);
    expect(pieces(" \n ", 3)).toEqual([]);
  });
});

describe("chunkDocument, recursive", () => {
  it("merges pieces greedily up to size, across paragraph breaks", () => {
    expect(chunk(DOCUMENT, 40, 0)).toEqual([
      "Para one is short.",
      "Para two is a longer paragraph.",
      "It has two sentences.\n\nThird.",
    ]);
    expect(chunk(DOCUMENT, 100, 20)).toEqual([DOCUMENT]);
  });

  it("carries whole trailing pieces that fit in overlap", () => {
    expect(chunk("One.\n\nTwo two.\n\nThree.", 16, 9)).toEqual(["One.\n\nTwo two.", "Two two.\n\nThree."]);
    // A paragraph that fits is one piece: 53 units cannot be carried in 25.
    expect(chunk(DOCUMENT, 60, 25)).toEqual([
      "Para one is short.",
      "Para two is a longer paragraph. It has two sentences.",
      "Third.",
    ]);
    expect(chunk("alpha beta gamma delta epsilon", 16, 6)).toEqual([
      "alpha beta gamma",
      "gamma delta",
      "delta epsilon",
    ]);
  });

  it("falls back to character windows on a text without separators", () => {
    expect(chunk("abcdefghijklmnopqrstuvwxyz", 10, 3)).toEqual([
      "abcdefghij",
      "hijklmnopq",
      "opqrstuvwx",
      "vwxyz",
    ]);
  });

  it("holds coverage, whole pieces, size, greedy packing and overlap on random texts", () => {
    const random = createSeededRandom(1337);
    const problems: string[] = [];
    for (let round = 0; round < 600; round++) {
      const text = randomProse(random, randomInteger(random, 700));
      const size = 1 + randomInteger(random, round % 2 === 0 ? 40 : 250);
      const overlap = randomInteger(random, size);
      const chunking = { strategy: "recursive", size, overlap } as const;
      const spans = chunkDocument({ text, chunking });
      expect(chunkDocument({ text, chunking })).toEqual(spans);
      const units = splitRecursively({ text, size });
      const found = [
        ...findSpanViolations(text, units),
        ...findSpanViolations(text, spans),
        ...findPackingViolations({ text, units, spans, size, overlap }),
      ];
      if (units.some((unit) => unit.end - unit.start > (size === 1 ? 2 : size)))
        found.push("a piece is too long");
      for (const problem of found) problems.push(`${JSON.stringify(text)} ${size}/${overlap}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it("keeps the pieces and chunks of paragraphs closed before an edit", () => {
    const random = createSeededRandom(2024);
    const problems: string[] = [];
    let checked = 0;
    for (let round = 0; round < 500; round++) {
      const { before, editAt, after } = randomRewrite(random, 600);
      const size = 1 + randomInteger(random, 150);
      const length = (text: string) => {
        const whole = trimSpan({ text, start: 0, end: text.length });
        return whole ? whole.end - whole.start : 0;
      };
      if (length(before) <= size || length(after) <= size) continue;
      const chunking = { strategy: "recursive", size, overlap: randomInteger(random, size) } as const;
      // A paragraph is closed once a blank line after it is written.
      const blankLines = [...before.slice(0, editAt).matchAll(/\n[^\S\n]*\n/g)];
      const closedUntil = blankLines.at(-1)?.index ?? -1;
      const piecesBefore = splitRecursively({ text: before, size });
      const finalPieces = piecesBefore.filter((piece) => piece.end <= closedUntil);
      const piecesAfter = splitRecursively({ text: after, size });
      for (const moved of findMovedSpans(piecesBefore, piecesAfter, (piece) => piece.end <= closedUntil)) {
        problems.push(`${JSON.stringify(before)} edited at ${editAt}: piece ${moved}`);
      }
      // A chunk is final once the piece after its last one is.
      const lastFinalStart = finalPieces.at(-1)?.start ?? -1;
      const isFinal = (span: { end: number }) => span.end <= lastFinalStart;
      const spansBefore = chunkDocument({ text: before, chunking });
      checked += spansBefore.filter(isFinal).length;
      for (const moved of findMovedSpans(spansBefore, chunkDocument({ text: after, chunking }), isFinal)) {
        problems.push(`${JSON.stringify(before)} edited at ${editAt}: chunk ${moved}`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(500);
  });
});
