import { describe, expect, it } from "vitest";
import { buildCorpusVocabulary } from "./build-corpus-vocabulary";
import { buildClassifierContext, classifyQuery } from "./classify-query";
import { normalizeQuery } from "./normalize-query";

describe("buildCorpusVocabulary", () => {
  it("counts each word once per text, tokenized as queries are", () => {
    const vocabulary = buildCorpusVocabulary(["LarkOS 4.2: the pool, the POOL.", "Pool repair (LarkOS)"]);
    expect(vocabulary.get("larkos")).toBe(2);
    expect(vocabulary.get("pool")).toBe(2);
    expect(vocabulary.get("4.2")).toBe(1);
    expect(vocabulary.get("repair")).toBe(1);
    expect(vocabulary.has("(larkos)")).toBe(false);
  });

  it("makes a corpus word known and lets it correct a query's misspelling of it", () => {
    const entries = [
      { normalized: normalizeQuery("hyperbakup schedule"), count: 1, display: "hyperbakup schedule" },
    ];
    const without = buildClassifierContext(entries);
    expect(classifyQuery(entries[0]!.normalized, without)).not.toContain("typo");
    const vocabulary = buildCorpusVocabulary(["Hyperbackup runs on a schedule you set."]);
    const withCorpus = buildClassifierContext(entries, { vocabulary });
    expect(classifyQuery(entries[0]!.normalized, withCorpus)).toContain("typo");
  });
});
