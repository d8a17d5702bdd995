import { beforeAll, describe, expect, it } from "vitest";
import { loadSpellingDictionary } from "@/lib/logs/load-spelling-dictionary";
import { NO_SPELLING_DICTIONARY } from "@/lib/logs/query-classes/spelling-dictionary";
import { precisionOf, readLabeledQueries, recallOf, scoreLabeledQueries } from "./labeled-queries";

// The typo class on the labeled collection (bench/classify-queries.ts prints every figure):
// precision at least 0.8 and recall at least 0.75, on the held-out half and on the whole.
describe("the typo class on the labeled help-center queries", () => {
  const labeled = readLabeledQueries();
  let dictionary = NO_SPELLING_DICTIONARY;
  beforeAll(async () => {
    dictionary = await loadSpellingDictionary();
  });

  it("reads a few hundred queries, with typos marked on some of them", () => {
    expect(labeled.length).toBeGreaterThanOrEqual(400);
    expect(labeled.filter((entry) => entry.typos.length > 0).length).toBeGreaterThanOrEqual(100);
    for (const entry of labeled)
      for (const typo of entry.typos) expect(entry.query.split(" ")).toContain(typo);
  });

  it.each(["test", undefined] as const)("meets the targets on %s", (split) => {
    const { scores } = scoreLabeledQueries(labeled, { dictionary, ...(split ? { split } : {}) });
    const typo = scores.typo!;
    expect(precisionOf(typo)).toBeGreaterThanOrEqual(0.8);
    expect(recallOf(typo)).toBeGreaterThanOrEqual(0.75);
  });

  it("falls short of them without the dictionary, on the log's own spellings alone", () => {
    const { scores } = scoreLabeledQueries(labeled, {});
    expect(recallOf(scores.typo!)).toBeLessThan(0.75);
  });
});
