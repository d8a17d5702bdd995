import { describe, expect, it } from "vitest";
import { analyzeText } from "@/lib/retrieval/analyze-text";
import { defaultAnalyzer } from "@/lib/retrieval/analyzer-options";
import { ENGLISH_STOPWORDS } from "@/lib/retrieval/english-stopwords";

describe("analyzeText", () => {
  it("runs possessive removal, lowercasing, stopwords and Porter stemming by default", () => {
    expect(defaultAnalyzer).toEqual({ lowercase: true, stopwords: true, stem: true, possessives: true });
    expect(analyzeText("The Fan's bearings are failing in the LK-PSU-450W units")).toEqual([
      "fan",
      "bear",
      "fail",
      "lk",
      "psu",
      "450w",
      "unit",
    ]);
  });

  it("keeps error codes and versions searchable", () => {
    expect(analyzeText("Error E-4012 after upgrading to 4.3.0")).toEqual([
      "error",
      "e",
      "4012",
      "after",
      "upgrad",
      "4.3.0",
    ]);
  });

  it("uses Lucene's 33 English stopwords", () => {
    expect(ENGLISH_STOPWORDS.size).toBe(33);
    expect(analyzeText("to be or not to be, that is the question")).toEqual(["question"]);
    expect(analyzeText("if it was there then they will")).toEqual([]);
  });

  it("removes 's, ’s and ＇s possessives, in either case of s", () => {
    expect(analyzeText("JOHN'S Mary’s Bob＇s")).toEqual(["john", "mari", "bob"]);
  });

  it("turns each filter off independently", () => {
    const text = "The Printer's Cartridges";
    expect(analyzeText(text, { ...defaultAnalyzer, stem: false })).toEqual(["printer", "cartridges"]);
    expect(analyzeText(text, { ...defaultAnalyzer, possessives: false })).toEqual(["printer'", "cartridg"]);
    expect(analyzeText(text, { ...defaultAnalyzer, stopwords: false })).toEqual([
      "the",
      "printer",
      "cartridg",
    ]);
    // Stopwords match case-sensitively, as in Lucene: without lowercasing "The" stays.
    expect(analyzeText(text, { ...defaultAnalyzer, lowercase: false, stem: false })).toEqual([
      "The",
      "Printer",
      "Cartridges",
    ]);
    expect(
      analyzeText(text, { lowercase: false, stopwords: false, stem: false, possessives: false }),
    ).toEqual(["The", "Printer's", "Cartridges"]);
  });

  it("is deterministic across calls (the stem cache is invisible)", () => {
    const text = "relational generalizations hopping ponies";
    expect(analyzeText(text)).toEqual(analyzeText(text));
    expect(analyzeText(text)).toEqual(["relat", "gener", "hop", "poni"]);
  });
});
