import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { searchCorpus } from "@/lib/search/search-corpus";
import { createPoolFixture } from "@/lib/search/testing/pool-fixture";

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;

beforeAll(() => {
  database = createTestDatabase();
  prisma = database.prisma;
});

afterAll(async () => {
  await database.dispose();
});

describe("searchCorpus", () => {
  it("finds documents by their text, not only their titles, with the passage and its terms marked", async () => {
    const world = await createPoolFixture(prisma, []);
    const { results } = await searchCorpus(prisma, { setId: world.setId, query: "factory password" });
    expect(results.map((result) => result.document.externalId)).toEqual(["router-reset"]);
    const [hit] = results;
    expect(hit?.document.title).toBe("Resetting the router");
    expect(hit?.score).toBeGreaterThan(0);
    expect(hit?.span.start).toBe(0);
    expect(hit?.excerpt.segments.filter((segment) => segment.match).map((segment) => segment.text)).toEqual([
      "factory",
      "password",
    ]);
  });

  it("puts the document whose id is the query first, and answers an empty query with nothing", async () => {
    const world = await createPoolFixture(prisma, []);
    const byId = await searchCorpus(prisma, { setId: world.setId, query: "WARRANTY" });
    expect(byId.results[0]?.document.externalId).toBe("warranty");
    expect(byId.results[0]?.score).toBeNull();
    expect((await searchCorpus(prisma, { setId: world.setId, query: "   " })).results).toEqual([]);
  });

  it("sees a document's new text after it is re-imported", async () => {
    const world = await createPoolFixture(prisma, []);
    const corpus = await prisma.corpus.findUniqueOrThrow({ where: { id: world.corpusId } });
    expect((await searchCorpus(prisma, { setId: world.setId, query: "firmware" })).results).toEqual([]);
    await importDocuments(prisma, {
      corpusName: corpus.name,
      documents: (async function* () {
        yield {
          externalId: "warranty",
          title: "Warranty",
          text: "Firmware updates void nothing.",
          metadata: null,
        };
      })(),
    });
    const { results } = await searchCorpus(prisma, { setId: world.setId, query: "firmware" });
    expect(results.map((result) => result.document.externalId)).toEqual(["warranty"]);
  });

  it("is not_found for an unknown set", async () => {
    await expect(searchCorpus(prisma, { setId: "nope", query: "fan" })).rejects.toThrow(/No such golden set/);
  });
});
