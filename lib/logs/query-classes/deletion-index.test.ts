import { describe, expect, it } from "vitest";
import { buildDeletionIndex, deletionVariants, wordsWithVariant } from "./deletion-index";

/** The index as it was before: a Map from every deletion variant to the words that have it. */
function mapIndex(words: string[], depthOf: (word: string) => number): Map<string, string[]> {
  const deletions = new Map<string, string[]>();
  for (const word of words) {
    for (const variant of deletionVariants(word, depthOf(word))) {
      const found = deletions.get(variant);
      if (found) found.push(word);
      else deletions.set(variant, [word]);
    }
  }
  return deletions;
}

/** Seeded words of 3–12 letters from a small alphabet, so that many share variants. */
function words(count: number): string[] {
  let state = 7;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
  return Array.from({ length: count }, () => {
    const length = 3 + Math.floor(next() * 10);
    return Array.from({ length }, () => "abcdeé"[Math.floor(next() * 6)]).join("");
  });
}

const depthOf = (word: string) => (word.length >= 8 ? 2 : 1);

describe("buildDeletionIndex", () => {
  it("finds exactly the words the Map of variants held, for every variant and for strings that are none", () => {
    const vocabulary = [...new Set(words(1000))];
    const index = buildDeletionIndex(vocabulary, depthOf);
    const reference = mapIndex(vocabulary, depthOf);
    for (const [variant, expected] of reference) {
      expect([...new Set(wordsWithVariant(index, variant))].sort()).toEqual([...new Set(expected)].sort());
    }
    for (const stranger of ["zzz", "abcdefghij", "", "éééééééééééééé"]) {
      expect([...wordsWithVariant(index, stranger)]).toEqual(reference.get(stranger) ?? []);
    }
  });

  it("confirms a hash match: a string with the same hash that is not a deletion variant finds nothing", () => {
    // "dalobcdon" and "vedevalgt" have the same FNV-1a hash (1324287061).
    const index = buildDeletionIndex(["vedevalgt"], depthOf);
    expect([...wordsWithVariant(index, "vedevalgt")]).toEqual(["vedevalgt"]);
    expect([...wordsWithVariant(index, "vedvalgt")]).toEqual(["vedevalgt"]);
    expect([...wordsWithVariant(index, "dalobcdon")]).toEqual([]);
  });
});
