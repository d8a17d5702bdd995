import { beforeAll, describe, expect, it } from "vitest";
import {
  buildClassifierContext,
  classifyQuery,
  QUERY_CLASS_DESCRIPTIONS,
  QUERY_CLASS_LABELS,
  QUERY_CLASSES,
} from "./classify-query";
import { loadSpellingDictionary } from "./load-spelling-dictionary";
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

describe("classifyQuery with the spelling dictionary", () => {
  // The demo log: the misspellings sit beside their correct spellings.
  const demoLog = [
    { normalized: "firmware update", count: 27, display: "firmware update" },
    { normalized: "firmare update", count: 7, display: "firmare update" },
    { normalized: "raid migration", count: 22, display: "raid migration" },
    { normalized: "raid migraton", count: 6, display: "raid migraton" },
    { normalized: "reset admin password", count: 28, display: "reset admin password" },
    { normalized: "reset admin pasword", count: 1, display: "reset admin pasword" },
    { normalized: "larkos 4.3.0 bug", count: 6, display: "larkos 4.3.0 bug" },
    { normalized: "vlan setup", count: 1, display: "VLAN setup" },
    { normalized: "colour of status led", count: 1, display: "colour of status led" },
    { normalized: "lüfter zu laut t4 pro", count: 1, display: "lüfter zu laut t4 pro" },
    { normalized: "wlan verbindung bricht ab", count: 1, display: "wlan verbindung bricht ab" },
  ];
  let classifyDemo: (raw: string) => string[] = () => [];
  beforeAll(async () => {
    const withDictionary = buildClassifierContext(demoLog, { dictionary: await loadSpellingDictionary() });
    classifyDemo = (raw) => classifyQuery(normalizeQuery(raw), withDictionary, { display: raw });
  });

  it.each(["firmare update", "raid migraton", "reset admin pasword"])("classes %s as a typo", (query) => {
    expect(classifyDemo(query)).toContain("typo");
  });

  it.each([
    "firmware update",
    "larkos 4.3.0 bug",
    "VLAN setup", // an acronym by its capitals
    "colour of status led",
    "wlan verbindung bricht ab",
    "lüfter zu laut t4 pro",
    "printer driver for macOS Sonoma", // "sonoma" is one edit from "sonora": a name by its capital
  ])("does not class %s as a typo", (query) => {
    expect(classifyDemo(query)).not.toContain("typo");
  });
});
