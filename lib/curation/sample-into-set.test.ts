import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleIntoSet } from "@/lib/curation/sample-into-set";
import type { Db } from "@/lib/db/client";
import type { TestDatabase } from "@/lib/db/testing/test-database";
import { createDemoTestDatabase } from "@/lib/demo/testing/demo-test-database";
import { splitClasses } from "@/lib/logs/class-mix";
import { QUERY_CLASSES } from "@/lib/logs/classify-query";
import { normalizeQuery } from "@/lib/logs/normalize-query";

let database: TestDatabase;
let prisma: Db;
let queryLogId: string;
let corpusId: string;

beforeAll(async () => {
  database = await createDemoTestDatabase();
  prisma = database.prisma;
  queryLogId = (await prisma.queryLog.findFirstOrThrow()).id;
  corpusId = (await prisma.corpus.findFirstOrThrow()).id;
}, 120_000);

afterAll(async () => {
  await database.dispose();
});

const stratified = {
  target: "new" as const,
  strategy: "stratified" as const,
  size: 60,
  seed: 1,
  minPerClass: 3,
  excludeNearDuplicates: true,
};

async function setQueries(setId: string) {
  return prisma.query.findMany({
    where: { goldenSetId: setId },
    orderBy: { position: "asc" },
    include: { logQuery: { select: { classes: true } } },
  });
}

describe("sampleIntoSet", () => {
  it("samples a reproducible stratified 60 into a new set, with provenance and reason tags", async () => {
    const first = await sampleIntoSet(prisma, {
      ...stratified,
      queryLogId,
      newSetName: "Sample A",
      corpusId,
    });
    const second = await sampleIntoSet(prisma, {
      ...stratified,
      queryLogId,
      newSetName: "Sample B",
      corpusId,
    });
    expect(first.added).toBe(60);
    const [a, b] = [await setQueries(first.setId), await setQueries(second.setId)];
    expect(a.map((query) => query.text)).toEqual(b.map((query) => query.text));
    expect(a.every((query) => query.logQueryId !== null && query.source !== null)).toBe(true);
    expect(a.every((query) => (query.tags as string[])[0]?.startsWith("sample:"))).toBe(true);

    const other = await sampleIntoSet(prisma, {
      ...stratified,
      seed: 2,
      queryLogId,
      newSetName: "Sample C",
      corpusId,
    });
    const c = await setQueries(other.setId);
    expect(c.map((query) => query.text)).not.toEqual(a.map((query) => query.text));
  });

  it("gives every class with at least 3 queries in the log at least 3 queries in the set", async () => {
    // near-duplicates kept: the demo's typo queries are near-duplicates of their correct
    // spellings ("firmare update" ~ "firmware update"), so excluding them may leave a class short
    const result = await sampleIntoSet(prisma, {
      ...stratified,
      excludeNearDuplicates: false,
      queryLogId,
      newSetName: "Sample D",
      corpusId,
    });
    const logQueries = await prisma.logQuery.findMany({
      where: { sources: { some: { queryLogId } } },
      select: { classes: true },
    });
    const inLog = countClasses(logQueries.map((query) => query.classes));
    const inSet = countClasses(
      (await setQueries(result.setId)).map((query) => query.logQuery?.classes ?? ""),
    );
    const checked = QUERY_CLASSES.filter((queryClass) => (inLog.get(queryClass) ?? 0) >= 3);
    expect(checked.length).toBeGreaterThan(3);
    for (const queryClass of checked)
      expect(inSet.get(queryClass) ?? 0, queryClass).toBeGreaterThanOrEqual(3);
  });

  it("never re-adds a query the existing set already has", async () => {
    const set = await prisma.goldenSet.findFirstOrThrow({
      where: { name: { not: { startsWith: "Sample" } } },
    });
    const before = await setQueries(set.id);
    const result = await sampleIntoSet(prisma, {
      ...stratified,
      target: "existing",
      setId: set.id,
      queryLogId,
    });
    const after = await setQueries(set.id);
    expect(after.length).toBe(before.length + result.added);
    const texts = after.map((query) => normalizeQuery(query.text));
    expect(new Set(texts).size).toBe(texts.length);
  });

  it("rejects a taken set name before writing anything", async () => {
    const sets = await prisma.goldenSet.count();
    await expect(
      sampleIntoSet(prisma, { ...stratified, queryLogId, newSetName: "Sample A", corpusId }),
    ).rejects.toThrow(/already exists/);
    expect(await prisma.goldenSet.count()).toBe(sets);
  });
});

function countClasses(classLists: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const classes of classLists)
    for (const queryClass of splitClasses(classes)) counts.set(queryClass, (counts.get(queryClass) ?? 0) + 1);
  return counts;
}
