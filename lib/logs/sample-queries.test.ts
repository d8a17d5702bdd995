import { describe, expect, it } from "vitest";
import { type SampleCandidate, sampleQueries, UNCLASSIFIED } from "./sample-queries";

const candidate = (
  id: string,
  normalized: string,
  frequency: number,
  classes: string[] = [],
): SampleCandidate => ({
  id,
  normalized,
  frequency,
  classes,
});

// 60 distinct queries: 40 "keyword" (frequent), 10 "typo", 5 "error-code" (1 also "version"),
// 5 without a class. Texts are far apart so none is a near-duplicate of another.
const words =
  "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa".split(
    " ",
  );
const log: SampleCandidate[] = Array.from({ length: 60 }, (_, index) => {
  const text = `${words[index % 16]} ${words[Math.floor(index / 16) + 4]} q${index}`;
  if (index < 40) return candidate(`k${index}`, text, 100 - index, ["keyword"]);
  if (index < 50) return candidate(`t${index}`, text, 2, ["typo"]);
  if (index < 55)
    return candidate(`e${index}`, text, 3, index === 50 ? ["error-code", "version"] : ["error-code"]);
  return candidate(`u${index}`, text, 1);
});
const ids = (result: { picked: { id: string }[] }) => result.picked.map((pick) => pick.id);

describe("sampleQueries", () => {
  it("head: most frequent first, ties by normalized text", () => {
    const tied = [candidate("b", "beta", 5), candidate("a", "alpha", 5), candidate("c", "gamma", 9)];
    const result = sampleQueries({ candidates: tied, strategy: "head", size: 3 });
    expect(result.picked).toEqual([
      { id: "c", reason: "head" },
      { id: "a", reason: "head" },
      { id: "b", reason: "head" },
    ]);
    expect(ids(sampleQueries({ candidates: log, strategy: "head", size: 2 }))).toEqual(["k0", "k1"]);
  });

  it("tail: only candidates at or below the median frequency, or the given threshold", () => {
    const result = sampleQueries({ candidates: log, strategy: "tail", size: 10, seed: 3 });
    const frequencies = [...log.map((entry) => entry.frequency)].sort((left, right) => left - right);
    const median = frequencies[Math.floor((frequencies.length - 1) / 2)]!;
    expect(result.picked).toHaveLength(10);
    for (const pick of result.picked) {
      expect(log.find((entry) => entry.id === pick.id)!.frequency).toBeLessThanOrEqual(median);
      expect(pick.reason).toBe("tail");
    }
    const rarest = sampleQueries({ candidates: log, strategy: "tail", size: 50, tailMaxFrequency: 1 });
    expect(ids(rarest).sort()).toEqual(["u55", "u56", "u57", "u58", "u59"]);
  });

  it("is reproducible: same seed, same picks; another seed, other picks", () => {
    for (const strategy of ["tail", "stratified"] as const) {
      const first = sampleQueries({ candidates: log, strategy, size: 12, seed: 7 });
      const again = sampleQueries({ candidates: [...log].reverse(), strategy, size: 12, seed: 7 });
      const other = sampleQueries({ candidates: log, strategy, size: 12, seed: 8 });
      expect(again).toEqual(first);
      expect(ids(other)).not.toEqual(ids(first));
    }
  });

  it("stratified: honours minPerClass when candidates are available", () => {
    const result = sampleQueries({ candidates: log, strategy: "stratified", size: 16, minPerClass: 3 });
    expect(result.picked).toHaveLength(16);
    for (const stratum of ["keyword", "typo", "error-code", UNCLASSIFIED]) {
      expect(result.perClass[stratum]).toBeGreaterThanOrEqual(3);
    }
    // The rest follows the frequency-weighted mix: keyword has most of the lines.
    expect(result.perClass.keyword).toBeGreaterThan(result.perClass.typo!);
  });

  it("stratified: a small stratum gives what it has, the rest is filled", () => {
    const small = [...log.slice(0, 10), candidate("v1", "zulu", 1, ["version"])];
    const result = sampleQueries({ candidates: small, strategy: "stratified", size: 6, minPerClass: 3 });
    expect(result.perClass.version).toBe(1);
    expect(result.picked).toHaveLength(6);
    expect(result.picked.find((pick) => pick.id === "v1")?.reason).toBe("class:version");
  });

  it("stratified: when size is below the floors, the lightest strata come first", () => {
    const result = sampleQueries({ candidates: log, strategy: "stratified", size: 2, minPerClass: 3 });
    // Weights: version 3 (one query of 3 lines), unclassified 5, error-code 15, typo 20.
    expect(result.picked.map((pick) => pick.reason)).toEqual(["class:version", `class:${UNCLASSIFIED}`]);
  });

  it("skips near-duplicates of existing queries and of earlier picks", () => {
    const candidates = [
      candidate("1", "replace drive", 50),
      candidate("2", "how to replace a drive", 40),
      candidate("3", "raid migraton", 30),
      candidate("4", "raid migration", 20),
      candidate("5", "drive not detected", 10),
    ];
    const result = sampleQueries({ candidates, existing: ["raid migration"], strategy: "head", size: 5 });
    expect(ids(result)).toEqual(["1", "5"]);
    expect(result.skippedNearDuplicates).toBe(3);
    const kept = sampleQueries({
      candidates,
      existing: ["raid migration"],
      strategy: "head",
      size: 5,
      excludeNearDuplicates: false,
    });
    expect(ids(kept)).toEqual(["1", "2", "3", "5"]);
    expect(kept.skippedNearDuplicates).toBe(1);
  });

  it("returns every candidate when size exceeds them", () => {
    for (const strategy of ["head", "stratified"] as const) {
      const result = sampleQueries({ candidates: log, strategy, size: 500 });
      expect(new Set(ids(result)).size).toBe(60);
    }
    expect(sampleQueries({ candidates: log, strategy: "head", size: 0 }).picked).toEqual([]);
    expect(sampleQueries({ candidates: [], strategy: "tail", size: 5 }).picked).toEqual([]);
  });

  it("counts a pick with several classes for each of them", () => {
    const result = sampleQueries({ candidates: [log[50]!], strategy: "head", size: 1 });
    expect(result.perClass).toEqual({ "error-code": 1, version: 1 });
  });
});
