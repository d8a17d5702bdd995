import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updatePoolSettings } from "@/lib/db/candidate-pools";
import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors";
import { loadWorkspaceData } from "@/lib/search/load-workspace-data";
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

/** Imports the fixture's documents again into its corpus, with `changes` (by external id) applied. */
async function reimport(corpusName: string, changes: Record<string, string>) {
  await importDocuments(prisma, {
    corpusName,
    documents: (async function* () {
      for (const document of POOL_DOCUMENTS)
        yield { ...document, text: changes[document.externalId] ?? document.text, metadata: null };
    })(),
  });
}

async function corpusNameOf(setId: string): Promise<string> {
  const set = await prisma.goldenSet.findUniqueOrThrow({ where: { id: setId }, include: { corpus: true } });
  return set.corpus.name;
}

describe("loadWorkspaceData", () => {
  it("reads the query, its place, its candidates and opens the first candidate with its current text", async () => {
    const world = await createPoolFixture(prisma, []);
    const data = await loadWorkspaceData(prisma, {
      setId: world.setId,
      queryId: world.queryId,
      documentId: null,
    });
    expect(data.query).toMatchObject({ id: world.queryId, text: "loud fan" });
    expect([data.index, data.total]).toEqual([1, 1]);
    expect(data.set.gradeScale).toHaveLength(4);
    expect(data.labels).toEqual([]);
    expect(data.pool.documents.map((document) => document.externalId)).toEqual(["fan-noise", "drive-tray"]);
    expect(data.document).toMatchObject({
      externalId: "fan-noise",
      version: 1,
      text: POOL_DOCUMENTS[0]?.text,
    });
  });

  it("sees a document edit at once: the new version and text, and the candidates from it", async () => {
    const world = await createPoolFixture(prisma, []);
    const options = { setId: world.setId, queryId: world.queryId, documentId: null };
    const before = await loadWorkspaceData(prisma, options);
    const warranty = await prisma.document.findFirstOrThrow({
      where: { corpusId: before.set.corpusId, externalId: "warranty" },
    });
    const edited = "The warranty also covers a loud fan for three years.";
    await reimport(await corpusNameOf(world.setId), { warranty: edited });

    const after = await loadWorkspaceData(prisma, { ...options, documentId: warranty.id });
    expect(after.document).toMatchObject({ id: warranty.id, version: 2, text: edited });
    expect(after.pool.documents.map((document) => document.externalId)).toContain("warranty");
    expect(before.pool.documents.map((document) => document.externalId)).not.toContain("warranty");
  });

  it("sees a set settings change at once: pool depth and grade scale", async () => {
    const world = await createPoolFixture(prisma, [{ externalId: "warranty", start: 0, end: 30 }]);
    const options = { setId: world.setId, queryId: world.queryId, documentId: null };
    expect((await loadWorkspaceData(prisma, options)).pool.depth).toBe(10);

    await updatePoolSettings(prisma, { setId: world.setId, depth: 1, runIds: [world.runId] });
    const gradeScale = [
      { grade: 0, name: "No" },
      { grade: 1, name: "Yes" },
    ];
    await prisma.goldenSet.update({ where: { id: world.setId }, data: { gradeScale } });
    const after = await loadWorkspaceData(prisma, options);
    expect(after.pool.depth).toBe(1);
    expect(after.pool.sourceNames).toEqual(["BM25", "Dense test"]);
    expect(after.set.gradeScale).toEqual(gradeScale);
  });

  it("is not_found for a query of another set, and for a document outside the set's corpus", async () => {
    const first = await createPoolFixture(prisma, []);
    const second = await createPoolFixture(prisma, []);
    await expect(
      loadWorkspaceData(prisma, { setId: first.setId, queryId: second.queryId, documentId: null }),
    ).rejects.toThrow(AppError);
    const foreign = await loadWorkspaceData(prisma, {
      setId: second.setId,
      queryId: second.queryId,
      documentId: null,
    });
    const opening = loadWorkspaceData(prisma, {
      setId: first.setId,
      queryId: first.queryId,
      documentId: foreign.document?.id ?? "none",
    });
    await expect(opening).rejects.toMatchObject({ code: "not_found" });
  });
});
