import { describe, expect, it } from "vitest";
import { buildTypoIndex, isLikelyTypo } from "./typo";

const counts = new Map([
  ["firmware", 50],
  ["migration", 40],
  ["drive", 60],
  ["raid", 80],
  ["update", 45],
  ["window", 30],
  ["development", 25],
  ["prevention", 25],
  ["firmare", 1],
  ["migratoin", 2],
  ["drives", 1],
  ["rail", 1],
  ["widow", 1],
  ["updat", 1],
  ["develpoment", 1],
  ["preventive", 1],
  ["tmobile", 1],
  ["firmwre", 3],
]);
const index = buildTypoIndex({ tokenCounts: counts, minFrequentCount: 20 });

describe("isLikelyTypo", () => {
  it.each(["firmare", "migratoin", "updat", "develpoment"])("flags %s", (token) => {
    expect(isLikelyTypo(token, index)).toBe(true);
  });

  it.each([
    ["firmware", "frequent itself"],
    ["firmwre", "not rare (3 lines)"],
    ["drives", "an inflection"],
    ["rail", "one substitution in a short word"],
    ["preventive", "a derivation"],
    ["raid5", "not letters only"],
    ["raud", "shorter than 5 letters"],
    ["qaid", "shorter than 5 letters"],
  ])("does not flag %s (%s)", (token) => {
    expect(isLikelyTypo(token, index)).toBe(false);
  });

  it("does not flag a word of the corpus vocabulary", () => {
    const withVocabulary = buildTypoIndex({
      tokenCounts: counts,
      minFrequentCount: 20,
      vocabulary: new Map([["updat", 3]]),
    });
    expect(isLikelyTypo("updat", withVocabulary)).toBe(false);
    expect(isLikelyTypo("firmare", withVocabulary)).toBe(true);
  });

  it("needs the same first letter", () => {
    const index2 = buildTypoIndex({ tokenCounts: new Map([["mobile", 30]]), minFrequentCount: 20 });
    expect(isLikelyTypo("tmobile", index2)).toBe(false);
    expect(isLikelyTypo("mobiel", index2)).toBe(true);
  });
});
