import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updatePoolSettings } from "@/lib/db/candidate-pools";
import type { Db } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors";
import { BM25_SOURCE_NAME, loadCandidatePool } from "@/lib/search/load-candidate-pool";
import { createPoolFixture, POOL_DOCUMENTS } from "@/lib/search/testing/pool-fixture";

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;

beforeAll(() => {
  database = createTestDatabase();
  prisma = database.prisma;
});

afterAll(async () => {
  await database.dispose();
});

const text = (externalId: string) =>
  POOL_DOCUMENTS.find((document) => document.externalId === externalId)?.text ?? "";

describe("loadCandidatePool", () => {
  it("pools BM25 alone until the set chooses runs", async () => {
    const world = await createPoolFixture(prisma, [{ externalId: "warranty", start: 0, end: 30 }]);
    const pool = await loadCandidatePool(prisma, { setId: world.setId, queryId: world.queryId });
    expect(pool.depth).toBe(10);
    expect(pool.sourceNames).toEqual([BM25_SOURCE_NAME]);
    expect(pool.documents.map((document) => document.externalId)).toEqual(["fan-noise", "drive-tray"]);
    const sources = pool.documents.flatMap((document) =>
      document.passages.flatMap((passage) => passage.sources),
    );
    expect(sources.every((source) => source.name === BM25_SOURCE_NAME)).toBe(true);
  });

  it("adds a pooled run's results, merged with BM25 where the spans overlap, with each rank", async () => {
    const world = await createPoolFixture(prisma, [
      { externalId: "warranty", start: 0, end: 30 }, // only the run finds it
      { externalId: "fan-noise", start: 10, end: 40 }, // inside BM25's passage of the same document
    ]);
    await updatePoolSettings(prisma, { setId: world.setId, depth: 10, runIds: [world.runId] });
    const pool = await loadCandidatePool(prisma, { setId: world.setId, queryId: world.queryId });
    expect(pool.sourceNames).toEqual([BM25_SOURCE_NAME, "Dense test"]);

    const fan = pool.documents.find((document) => document.externalId === "fan-noise");
    expect(fan?.rank).toBe(1);
    expect(fan?.passages).toHaveLength(1);
    expect(fan?.passages[0]?.sources).toEqual([
      { name: BM25_SOURCE_NAME, rank: 1 },
      { name: "Dense test", rank: 2 },
    ]);
    expect(fan?.passages[0]).toMatchObject({ start: 0, end: text("fan-noise").length });

    const warranty = pool.documents.find((document) => document.externalId === "warranty");
    expect(warranty?.title).toBe("Warranty");
    expect(warranty?.passages).toEqual([
      expect.objectContaining({ start: 0, end: 30, sources: [{ name: "Dense test", rank: 1 }] }),
    ]);
    // The context marks the query's terms, as data.
    const marked = fan?.passages[0]?.excerpt.segments.filter((segment) => segment.match).map((s) => s.text);
    expect(marked).toEqual(["fan", "fan", "fan"]); // "loudly" stems to "loudli", not "loud"
  });

  it("pools only the top `depth` of each ranking", async () => {
    const world = await createPoolFixture(prisma, [
      { externalId: "warranty", start: 0, end: 30 },
      { externalId: "router-reset", start: 0, end: 20 },
    ]);
    await updatePoolSettings(prisma, { setId: world.setId, depth: 1, runIds: [world.runId] });
    const pool = await loadCandidatePool(prisma, { setId: world.setId, queryId: world.queryId });
    expect(pool.documents.map((document) => document.externalId).sort()).toEqual(["fan-noise", "warranty"]);
  });

  it("is not_found for a query of another set, and refuses another set's run in the settings", async () => {
    const first = await createPoolFixture(prisma, []);
    const second = await createPoolFixture(prisma, []);
    await expect(loadCandidatePool(prisma, { setId: first.setId, queryId: second.queryId })).rejects.toThrow(
      AppError,
    );
    await expect(
      updatePoolSettings(prisma, { setId: first.setId, depth: 5, runIds: [second.runId] }),
    ).rejects.toThrow(/Not a run of this set/);
  });
});
