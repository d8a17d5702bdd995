import { describe, expect, it } from "vitest";
import { createSeededRandom } from "@/lib/eval/statistics/seeded-random";
import { TopHitsHeap } from "@/lib/retrieval/select-top-hits";

describe("TopHitsHeap", () => {
  it("keeps the k best by score, ties by lower index, best first", () => {
    const heap = new TopHitsHeap(3);
    for (const [index, score] of [
      [0, 1],
      [1, 5],
      [2, 3],
      [3, 5],
      [4, 0.5],
      [5, 3],
    ] as const) {
      heap.offer(index, score);
    }
    expect(heap.sorted()).toEqual([
      { index: 1, score: 5 },
      { index: 3, score: 5 },
      { index: 2, score: 3 },
    ]);
  });

  it("matches a full sort on random input", () => {
    const random = createSeededRandom(99);
    for (let round = 0; round < 50; round++) {
      const scores = Array.from({ length: Math.floor(random() * 200) }, () => Math.floor(random() * 20) / 4);
      const capacity = Math.floor(random() * 30);
      const heap = new TopHitsHeap(capacity);
      // Offer in a shuffled order: the result must not depend on it.
      const order = scores.map((_, index) => index).sort(() => random() - 0.5);
      for (const index of order) heap.offer(index, scores[index] ?? 0);
      const expected = scores
        .map((score, index) => ({ index, score }))
        .sort((a, b) => b.score - a.score || a.index - b.index)
        .slice(0, capacity);
      expect(heap.sorted()).toEqual(expected);
    }
  });

  it("holds nothing at capacity 0", () => {
    const heap = new TopHitsHeap(0);
    heap.offer(1, 10);
    expect(heap.sorted()).toEqual([]);
  });
});
