import { describe, expect, it } from "vitest";
import type { EvalLabel, RankedChunk } from "@/lib/eval/label-coverage";
import { evaluateQuery } from "@/lib/eval/label-metrics";
import { bestPartialCoverage, formatShare, partialRecallAtK } from "@/lib/eval/partial-credit";

const quote = (id: string, documentId: string, start: number, end: number, grade = 2): EvalLabel => ({
  id,
  documentId,
  grade,
  span: { start, end },
});
const chunk = (documentId: string, start: number, end: number): RankedChunk => ({ documentId, start, end });

describe("partialRecallAtK", () => {
  it("gives a chunk holding 90% of a quote 0.9 where recall at θ = 1 counts a miss", () => {
    const labels = [quote("a", "d1", 100, 200)];
    const ranking = [chunk("d1", 110, 400)];
    expect(partialRecallAtK({ labels, ranking, ks: [1] })).toEqual({ 1: 0.9 });
    const strict = evaluateQuery({ labels, ranking, ks: [1], coverage: 1, relevantThreshold: 1 });
    expect(strict?.recall[1]).toBe(0);
    expect(strict?.partialRecall[1]).toBe(0.9);
  });

  it("keeps each label's best coverage within the top k and averages over the labels", () => {
    const labels = [
      quote("a", "d1", 0, 100),
      quote("b", "d2", 0, 50),
      { ...quote("c", "d3", 0, 1), span: null },
    ];
    const ranking = [chunk("d1", 50, 300), chunk("d1", 0, 100), chunk("d9", 0, 10), chunk("d3", 500, 600)];
    expect(partialRecallAtK({ labels, ranking, ks: [4, 1, 2] })).toEqual({
      1: 0.5 / 3,
      2: 1 / 3,
      4: 2 / 3,
    });
  });

  it("is 0 with no labels or no ranking, and never above 1", () => {
    expect(partialRecallAtK({ labels: [], ranking: [chunk("d1", 0, 5)], ks: [1, 5] })).toEqual({
      1: 0,
      5: 0,
    });
    expect(partialRecallAtK({ labels: [quote("a", "d1", 0, 5)], ranking: [], ks: [3] })).toEqual({ 3: 0 });
    const inside = partialRecallAtK({
      labels: [quote("a", "d1", 0, 1000)],
      ranking: [chunk("d1", 10, 20), chunk("d1", 0, 2000)],
      ks: [2],
    });
    expect(inside[2]).toBe(1);
  });

  it("lies between recall at θ = 1 and recall at a lax θ on random rankings", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let trial = 0; trial < 500; trial++) {
      const span = () => {
        const start = Math.floor(random() * 500);
        return [start, start + 1 + Math.floor(random() * 200)] as const;
      };
      const labels = Array.from({ length: 1 + Math.floor(random() * 4) }, (_, index) => {
        const [start, end] = span();
        return quote(`l${index}`, `d${Math.floor(random() * 2)}`, start, end);
      });
      const ranking = Array.from({ length: Math.floor(random() * 8) }, () => {
        const [start, end] = span();
        return chunk(`d${Math.floor(random() * 2)}`, start, end);
      });
      const options = { labels, ranking, ks: [1, 5, 10], relevantThreshold: 1 };
      const strict = evaluateQuery({ ...options, coverage: 1 });
      const lax = evaluateQuery({ ...options, coverage: 0.000_001 });
      for (const k of options.ks) {
        const partial = strict?.partialRecall[k] ?? 0;
        expect(partial).toBeGreaterThanOrEqual((strict?.recall[k] ?? 0) - 1e-12);
        expect(partial).toBeLessThanOrEqual((lax?.recall[k] ?? 0) + 1e-12);
      }
    }
  });
});

describe("bestPartialCoverage", () => {
  it("names the relevant label a passage holds partly, not those it satisfies or that are not relevant", () => {
    const labels = [quote("a", "d1", 100, 200), quote("b", "d1", 0, 40, 0), quote("c", "d1", 300, 320)];
    expect(
      bestPartialCoverage({ chunk: chunk("d1", 10, 180), labels, coverage: 1, relevantThreshold: 1 }),
    ).toEqual({
      label: labels[0],
      share: 0.8,
    });
    expect(
      bestPartialCoverage({ chunk: chunk("d1", 290, 400), labels, coverage: 1, relevantThreshold: 1 }),
    ).toBeNull();
    expect(
      bestPartialCoverage({ chunk: chunk("d1", 10, 180), labels, coverage: 0.5, relevantThreshold: 1 }),
    ).toBeNull();
  });
});

describe("formatShare", () => {
  it("writes whole percentages and never rounds a partial share up to 100%", () => {
    expect([0.5, 0.904, 0.996, 1].map(formatShare)).toEqual(["50%", "90%", "99%", "100%"]);
  });
});
