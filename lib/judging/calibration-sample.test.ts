import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { type CalibrationCandidate, drawCalibrationSample } from "@/lib/judging/calibration-sample";

/** `counts[g]` judgments of grade g, ids `g<grade>-<nn>`. */
function candidates(counts: Record<number, number>): (CalibrationCandidate & { query: string })[] {
  return Object.entries(counts).flatMap(([grade, count]) =>
    Array.from({ length: count }, (_, index) => ({
      id: `g${grade}-${String(index).padStart(3, "0")}`,
      grade: Number(grade),
      query: `q${index % 7}`,
    })),
  );
}

function sampledPerGrade(result: { strata: { grade: number; sampled: number }[] }) {
  return Object.fromEntries(result.strata.map((stratum) => [stratum.grade, stratum.sampled]));
}

describe("drawCalibrationSample", () => {
  it("gives every grade one and shares the rest by largest remainders", () => {
    // 50/30/15/5 of 100, size 10: one each, then 6 in proportion: shares 3, 1.8, 0.9, 0.3 → floors
    // 3, 1, 0, 0 (4, 2, 1, 1 with the first); the 2 left go to the largest remainders, grade 2 (.9)
    // and grade 1 (.8): 4, 3, 2, 1.
    const result = drawCalibrationSample({ candidates: candidates({ 0: 50, 1: 30, 2: 15, 3: 5 }), size: 10 });
    expect(result.strata).toEqual([
      { grade: 0, available: 50, sampled: 4 },
      { grade: 1, available: 30, sampled: 3 },
      { grade: 2, available: 15, sampled: 2 },
      { grade: 3, available: 5, sampled: 1 },
    ]);
    expect(result.items).toHaveLength(10);
    expect(new Set(result.items.map((item) => item.id)).size).toBe(10);
    for (const [grade, sampled] of Object.entries(sampledPerGrade(result))) {
      expect(result.items.filter((item) => item.grade === Number(grade))).toHaveLength(sampled);
    }
    // The caller's own fields come back with each item.
    expect(result.items[0]).toHaveProperty("query");
  });

  it("keeps a rare grade that proportional allocation would round away", () => {
    // 1 of 1,000 is grade 3: its proportional share of 20 is 0.02, yet it is sampled. One each,
    // then 17 more: shares 15.3, 1.683, 0.017 → 16, 2, 1; the one left goes to grade 2 (.683).
    const result = drawCalibrationSample({ candidates: candidates({ 0: 900, 2: 99, 3: 1 }), size: 20 });
    expect(sampledPerGrade(result)).toEqual({ 0: 16, 2: 3, 3: 1 });
  });

  it("passes a full grade's turn to the next remainder", () => {
    // 2 + 18, size 19: one each, 17 more: shares 1.7 and 15.3 → 2 and 16; the last one would go to
    // grade 0 (remainder .7) but it holds only 2, so grade 1 takes it: 2 and 17.
    const result = drawCalibrationSample({ candidates: candidates({ 0: 2, 1: 18 }), size: 19 });
    expect(sampledPerGrade(result)).toEqual({ 0: 2, 1: 17 });
  });

  it("is deterministic for a seed, whatever the input order, and differs for another seed", () => {
    const pool = candidates({ 0: 40, 1: 25, 3: 12 });
    const first = drawCalibrationSample({ candidates: pool, size: 12, seed: 11 });
    const reversed = drawCalibrationSample({ candidates: [...pool].reverse(), size: 12, seed: 11 });
    const other = drawCalibrationSample({ candidates: pool, size: 12, seed: 12 });
    expect(reversed.items).toEqual(first.items);
    expect(other.strata).toEqual(first.strata);
    expect(other.items.map((item) => item.id).sort()).not.toEqual(first.items.map((item) => item.id).sort());
    expect(drawCalibrationSample({ candidates: pool, size: 12 })).toEqual(
      drawCalibrationSample({ candidates: pool, size: 12 }),
    );
  });

  it("mixes grades in the queue instead of grouping them", () => {
    const result = drawCalibrationSample({
      candidates: candidates({ 0: 50, 1: 50, 2: 50, 3: 50 }),
      size: 40,
    });
    const grades = result.items.map((item) => item.grade);
    expect(grades).not.toEqual([...grades].sort((a, b) => a - b));
  });

  it("takes everything when the sample is as large as the judgments", () => {
    const pool = candidates({ 0: 3, 2: 2 });
    const result = drawCalibrationSample({ candidates: pool, size: 50 });
    expect(result.items.map((item) => item.id).sort()).toEqual(pool.map((item) => item.id).sort());
    expect(sampledPerGrade(result)).toEqual({ 0: 3, 2: 2 });
  });

  it("handles no judgments and a single grade", () => {
    expect(drawCalibrationSample({ candidates: [], size: 5 })).toEqual({ items: [], strata: [] });
    const single = drawCalibrationSample({ candidates: candidates({ 1: 30 }), size: 4 });
    expect(single.strata).toEqual([{ grade: 1, available: 30, sampled: 4 }]);
  });

  it("refuses a size that cannot hold one per grade, a bad size and duplicate ids", () => {
    const pool = candidates({ 0: 5, 1: 5, 2: 5 });
    expect(() => drawCalibrationSample({ candidates: pool, size: 2 })).toThrow(/each of the 3 grades/);
    expect(() => drawCalibrationSample({ candidates: pool, size: 0 })).toThrow(AppError);
    expect(() => drawCalibrationSample({ candidates: pool, size: 2.5 })).toThrow(AppError);
    expect(() => drawCalibrationSample({ candidates: [...pool, pool[0]!], size: 5 })).toThrow(/share an id/);
  });
});
