import { describe, expect, it } from "vitest";
import { boundedEditDistance } from "./edit-distance";
import { buildSpellingDictionary } from "./spelling-dictionary";
import { buildTypoIndex, isLikelyTypo, isMostlyUnknown, wordsOneEditAway } from "./typo";

// A stand-in for the spelling dictionary (loadSpellingDictionary): these tests are about the
// rules, lib/logs/classify-query.test.ts runs the real one.
const dictionary = buildSpellingDictionary(
  "firmware update drive drives raid rail password settings plan larks development wifi printer offline Tomas".split(
    " ",
  ),
);
const counts = new Map([
  ["firmware", 31],
  ["firmare", 7],
  ["update", 45],
  ["raid", 80],
  ["larkos", 300],
  ["development", 25],
  ["develpoment", 1],
  ["settings", 5],
  ["setings", 3],
  ["wifi", 40],
  ["wfii", 1],
  ["vlan", 1],
  ["upnp", 12],
  ["unpn", 1],
]);
const index = buildTypoIndex({ tokenCounts: counts, minFrequentCount: 5, dictionary });

describe("isLikelyTypo", () => {
  it.each([
    ["firmare", "the log spells firmware 31 times, firmare 7"],
    ["pasword", "not in the log, one deletion from a dictionary word"],
    ["offlne", "rare, one deletion from a dictionary word"],
    ["setings", "on 3 lines, but the dictionary word is on more"],
    ["wfii", "4 letters: the log's own wifi corrects it (a swap)"],
    ["develpoment", "two edits inside a long word, a frequent word of the log"],
  ])("flags %s (%s)", (token) => {
    expect(isLikelyTypo(token, index)).toBe(true);
  });

  it.each([
    ["drives", "a dictionary word"],
    ["larkos", "the log's own word: 300 lines, its dictionary neighbour larks none"],
    ["vlan", "4 letters with only a dictionary neighbour (plan)"],
    ["ldap", "4 letters, nothing in the log near it"],
    ["raid5", "not letters only"],
    ["e-4012", "a code"],
    ["rai", "shorter than 4 letters"],
    ["mireille", "no known word one edit away"],
    ["tomasz", "one edit from a name of the dictionary, not from a common word"],
    ["tomas", "a name of the dictionary"],
    ["icloud", "one edit from cloud, but not at its first letter"],
  ])("does not flag %s (%s)", (token) => {
    expect(isLikelyTypo(token, index)).toBe(false);
  });

  it("needs the log's evidence without a dictionary", () => {
    const logOnly = buildTypoIndex({ tokenCounts: counts, minFrequentCount: 5 });
    expect(isLikelyTypo("firmare", logOnly)).toBe(true);
    expect(isLikelyTypo("unpn", logOnly)).toBe(false); // two edits from upnp, a short word
    expect(isLikelyTypo("pasword", logOnly)).toBe(false);
  });

  it("does not flag a word of the corpus vocabulary", () => {
    const withVocabulary = buildTypoIndex({
      tokenCounts: counts,
      minFrequentCount: 5,
      dictionary,
      vocabulary: new Map([["firmare", 3]]),
    });
    expect(isLikelyTypo("firmare", withVocabulary)).toBe(false);
    expect(isLikelyTypo("pasword", withVocabulary)).toBe(true);
  });

  it("takes a corpus word as a correction like a dictionary word", () => {
    const withVocabulary = buildTypoIndex({
      tokenCounts: counts,
      minFrequentCount: 5,
      dictionary,
      vocabulary: new Map([["skylark", 12]]),
    });
    expect(isLikelyTypo("skylrak", withVocabulary)).toBe(true);
    expect(isLikelyTypo("skylrak", index)).toBe(false);
  });
});

describe("wordsOneEditAway", () => {
  it("finds the indexed words one deletion, insertion, substitution or swap away, and only those", () => {
    const words = ["rid", "arid", "rail", "raids", "braid", "radi", "raid", "ride", "rapid", "aid"];
    const index = buildTypoIndex({
      tokenCounts: new Map(),
      minFrequentCount: 5,
      dictionary: buildSpellingDictionary(words),
    });
    expect([...wordsOneEditAway("raid", index)].sort()).toEqual(
      words.filter((word) => boundedEditDistance("raid", word, 1) === 1).sort(),
    );
    expect(wordsOneEditAway("raid", index)).not.toContain("ride");
  });
});

describe("isMostlyUnknown", () => {
  it("is true when most of 3 or more words are unknown everywhere", () => {
    expect(isMostlyUnknown(["wlan", "verbindung", "bricht", "ab"], index)).toBe(true);
    expect(isMostlyUnknown(["printer", "offlne"], index)).toBe(false);
    expect(isMostlyUnknown(["larkos", "firmware", "verbindung"], index)).toBe(false);
  });
});
