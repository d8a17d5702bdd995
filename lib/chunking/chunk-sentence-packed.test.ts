import { describe, expect, it } from "vitest";
import { chunkDocument } from "@/lib/chunking/chunk-document";
import { chunkTexts, randomRewrite } from "@/lib/chunking/testing/chunking-scenarios";
import {
  findMovedSpans,
  findPackingViolations,
  findSpanViolations,
  randomInteger,
  randomProse,
} from "@/lib/chunking/testing/chunking-test-support";
import { AppError } from "@/lib/errors";
import { createSeededRandom } from "@/lib/eval/statistics/seeded-random";
import { splitSentences } from "@/lib/text/split-sentences";

const chunk = (text: string, size: number, overlap: number) =>
  chunkTexts("sentence-packed", text, size, overlap);

// Sentences of 10 code units each, one space apart: "Aaaa bbbb." → a chunk of k is 11k - 1 long.
const TEN = "Aaaa bbbb. Cccc dddd. Eeee ffff. Gggg hhhh. Iiii jjjj.";

describe("chunkDocument, sentence-packed", () => {
  it("packs whole sentences greedily up to size", () => {
    expect(chunk(TEN, 21, 0)).toEqual(["Aaaa bbbb. Cccc dddd.", "Eeee ffff. Gggg hhhh.", "Iiii jjjj."]);
    expect(chunk(TEN, 20, 0)).toEqual(["Aaaa bbbb.", "Cccc dddd.", "Eeee ffff.", "Gggg hhhh.", "Iiii jjjj."]);
    expect(chunk(`  ${TEN}\n\n`, 100, 0)).toEqual([TEN]);
  });

  it("repeats as many whole trailing sentences as fit in overlap", () => {
    expect(chunk(TEN, 32, 10)).toEqual([
      "Aaaa bbbb. Cccc dddd. Eeee ffff.",
      "Eeee ffff. Gggg hhhh. Iiii jjjj.",
    ]);
    expect(chunk(TEN, 32, 21)).toEqual([
      "Aaaa bbbb. Cccc dddd. Eeee ffff.",
      "Cccc dddd. Eeee ffff. Gggg hhhh.",
      "Eeee ffff. Gggg hhhh. Iiii jjjj.",
    ]);
    // overlap 9 is shorter than any sentence: nothing is repeated.
    expect(chunk(TEN, 21, 9)).toEqual(chunk(TEN, 21, 0));
  });

  it("carries fewer sentences when the next one would not fit with them", () => {
    const text = "Aaaa bbbb. Cccc dddd. Long sentence of 27 units.";
    expect(chunk(text, 30, 21)).toEqual(["Aaaa bbbb. Cccc dddd.", "Long sentence of 27 units."]);
    expect(chunk(text, 38, 21)).toEqual(["Aaaa bbbb. Cccc dddd.", "Cccc dddd. Long sentence of 27 units."]);
  });

  it("cuts a sentence longer than size by the fixed-characters rule, on its own", () => {
    // The long sentence is 33 units; windows [0, 12), [10, 22), [20, 32), [30, 33), each trimmed.
    const text = "Short one. Abcdefghij klmnopqrst uvwxyz end. Next one.";
    expect(chunk(text, 12, 2)).toEqual([
      "Short one.",
      "Abcdefghij k",
      "klmnopqrst",
      "t uvwxyz end",
      "nd.",
      "Next one.",
    ]);
  });

  it("keeps abbreviations, decimals and versions inside their sentence", () => {
    const text = "Dr. Smith compared v4.3.0 vs. v4.2 at 3.14 ms. E.g. this. Next!";
    expect(chunk(text, 47, 0)).toEqual([
      "Dr. Smith compared v4.3.0 vs. v4.2 at 3.14 ms.",
      "E.g. this. Next!",
    ]);
  });

  it("rejects impossible windows", () => {
    expect(() => chunk(TEN, 10, 10)).toThrowError(AppError);
    expect(() => chunk(TEN, 0, 0)).toThrowError(AppError);
  });

  it("holds coverage, whole sentences, size, greedy packing and overlap on random texts", () => {
    const random = createSeededRandom(424242);
    const problems: string[] = [];
    for (let round = 0; round < 600; round++) {
      const text = randomProse(random, randomInteger(random, 600));
      const size = 1 + randomInteger(random, round % 2 === 0 ? 40 : 200);
      const overlap = randomInteger(random, size);
      const chunking = { strategy: "sentence-packed", size, overlap } as const;
      const spans = chunkDocument({ text, chunking });
      expect(chunkDocument({ text, chunking })).toEqual(spans);
      const units = splitSentences({ text });
      for (const problem of [
        ...findSpanViolations(text, spans),
        ...findPackingViolations({ text, units, spans, size, overlap }),
      ]) {
        problems.push(`${JSON.stringify(text)} ${size}/${overlap}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("keeps every chunk whose next sentence is final when the end is rewritten", () => {
    const random = createSeededRandom(77);
    const problems: string[] = [];
    let checked = 0;
    for (let round = 0; round < 400; round++) {
      const { before, editAt, after } = randomRewrite(random, 500);
      const size = 1 + randomInteger(random, 120);
      const chunking = { strategy: "sentence-packed", size, overlap: randomInteger(random, size) } as const;
      // Sentence i is final when sentence i + 1 starts 11 code units before the edit; a chunk is
      // final when the sentence after its last one is, i.e. it ends before that sentence starts.
      const units = splitSentences({ text: before });
      const finalCount = units.filter(
        (_, index) => (units[index + 1]?.start ?? Infinity) + 11 <= editAt,
      ).length;
      const lastFinalStart = units[finalCount - 1]?.start ?? -1;
      const isFinal = (span: { end: number }) => span.end <= lastFinalStart;
      const spansBefore = chunkDocument({ text: before, chunking });
      checked += spansBefore.filter(isFinal).length;
      for (const moved of findMovedSpans(spansBefore, chunkDocument({ text: after, chunking }), isFinal)) {
        problems.push(`${JSON.stringify(before)} edited at ${editAt}: ${moved}`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });
});
