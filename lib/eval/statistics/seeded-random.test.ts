import { describe, expect, it } from "vitest";
import { createSeededRandom, randomIndex } from "@/lib/eval/statistics/seeded-random";

describe("createSeededRandom", () => {
  it("reproduces the reference mulberry32 stream", () => {
    // First outputs of bryc's reference mulberry32 with seed 1, times 2^32.
    const random = createSeededRandom(1);
    const words = [random(), random(), random()].map((value) => value * 2 ** 32);
    expect(words).toEqual([2693262067, 11749833, 2265367787]);
  });

  it("repeats a stream for a seed and differs between seeds", () => {
    const draw = (seed: number) => {
      const random = createSeededRandom(seed);
      return Array.from({ length: 5 }, () => random());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it("stays in [0, 1) with a mean near 1/2 and covers every index", () => {
    const random = createSeededRandom(7);
    let sum = 0;
    let outside = 0;
    const counts = [0, 0, 0, 0, 0];
    for (let draw = 0; draw < 50_000; draw++) {
      const value = random();
      if (value < 0 || value >= 1) outside += 1;
      sum += value;
      const index = randomIndex(random, 5);
      counts[index] = (counts[index] ?? 0) + 1;
    }
    expect(outside).toBe(0);
    expect(sum / 50_000).toBeCloseTo(0.5, 2);
    for (const count of counts) expect(count).toBeGreaterThan(9_500);
  });
});
