import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import type { TestDatabase } from "@/lib/db/testing/test-database";
import { createDemoTestDatabase } from "@/lib/demo/testing/demo-test-database";
import { classifySetQueries } from "@/lib/logs/classify-set-queries";
import { loadSpellingDictionary } from "@/lib/logs/load-spelling-dictionary";
import { corpusVocabulary, setClassifierOptions } from "./corpus-vocabulary";

let database: TestDatabase;
let prisma: Db;
let corpusId: string;

beforeAll(async () => {
  database = await createDemoTestDatabase();
  prisma = database.prisma;
  corpusId = (await prisma.corpus.findFirstOrThrow()).id;
}, 120_000);

afterAll(async () => {
  await database.dispose();
});

describe("setClassifierOptions", () => {
  it("knows the corpus's own words: a product name one edit from an English word is no typo", async () => {
    const typedIn = [{ text: "larkos update", logClasses: null }];
    const dictionaryOnly = classifySetQueries(typedIn, { dictionary: await loadSpellingDictionary() });
    expect(dictionaryOnly[0]).toContain("typo"); // "larkos" is one edit from "larks"
    const withCorpus = classifySetQueries(typedIn, await setClassifierOptions(prisma, corpusId));
    expect(withCorpus[0]).not.toContain("typo");
  });

  it("keeps one vocabulary per corpus until a document changes", async () => {
    const first = await corpusVocabulary(prisma, corpusId);
    expect(await corpusVocabulary(prisma, corpusId)).toBe(first);
    expect(first.has("zyxwvut")).toBe(false);
    const document = await prisma.document.findFirstOrThrow({ where: { corpusId } });
    await prisma.document.update({
      where: { id: document.id },
      data: { title: `${document.title} zyxwvut` },
    });
    const rebuilt = await corpusVocabulary(prisma, corpusId);
    expect(rebuilt).not.toBe(first);
    expect(rebuilt.get("zyxwvut")).toBe(1);
  });
});
