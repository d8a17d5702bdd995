import { describe, expect, it } from "vitest";
import {
  buildClassifierContext,
  classifyQuery,
  QUERY_CLASS_DESCRIPTIONS,
  QUERY_CLASS_LABELS,
  QUERY_CLASSES,
} from "./classify-query";
import { normalizeQuery } from "./normalize-query";

const log = [
  { normalized: "firmware update", count: 30, display: "firmware update" },
  { normalized: "raid migration", count: 25, display: "raid migration" },
  { normalized: "raid migratoin", count: 1, display: "raid migratoin" },
  { normalized: "e-4012", count: 12, display: "E-4012" },
  { normalized: "how to connect to the", count: 1, display: "how to connect to the" },
  { normalized: "mireille okafor", count: 2, display: "Mireille Okafor" },
];
const context = buildClassifierContext(log);
const classify = (raw: string) => classifyQuery(normalizeQuery(raw), context, { display: raw });

describe("classifyQuery", () => {
  it("returns every matching class in QUERY_CLASSES order", () => {
    expect(classify("E-4012 after larkos 4.3.0 update")).toEqual(["error-code", "version"]);
    expect(classify("firmware update")).toEqual(["keyword"]);
    expect(classify("raid migratoin")).toEqual(["keyword", "typo"]);
    expect(classify("E-4012")).toEqual(["error-code", "very-short"]);
    expect(classify("LK-PSU-450W price")).toEqual(["part-number", "keyword"]);
    expect(classify("Mireille Okafor")).toEqual(["name", "keyword"]);
    expect(classify("festplatte wird nicht erkannt")).toEqual(["non-english"]);
  });

  it("keeps questions and half sentences out of keywords", () => {
    expect(classify("how to connect to the")).toEqual(["question", "half-sentence"]);
    expect(classify("port forwarding?")).toEqual(["question"]);
    expect(classify("cant access share from")).toEqual(["half-sentence"]);
  });

  it("uses the normalized text when no display is given", () => {
    expect(classifyQuery("mireille okafor", context)).toEqual(["keyword"]);
    expect(classifyQuery("why does my", context)).toEqual(["question", "half-sentence"]);
  });

  it("classifies long queries", () => {
    const long = "i replaced a failed drive in my t4 pro and now the bay shows empty and the light blinks";
    expect(classify(long)).toContain("very-long");
  });

  it("has a label and a description for every class", () => {
    for (const queryClass of QUERY_CLASSES) {
      expect(QUERY_CLASS_LABELS[queryClass]).toMatch(/^[A-Z]/);
      expect(QUERY_CLASS_DESCRIPTIONS[queryClass].length).toBeGreaterThan(10);
    }
  });
});

describe("buildClassifierContext", () => {
  it("counts a token once per entry, weighted by the entry's count", () => {
    const built = buildClassifierContext([
      { normalized: "raid raid", count: 3 },
      { normalized: "raid 5", count: 2 },
    ]);
    expect(built.typo.tokenCounts.get("raid")).toBe(5);
  });

  it("never flags a word of the corpus vocabulary as a typo", () => {
    const withVocabulary = buildClassifierContext(log, { vocabulary: new Map([["migratoin", 1]]) });
    expect(classifyQuery("raid migratoin", withVocabulary)).not.toContain("typo");
  });
});
