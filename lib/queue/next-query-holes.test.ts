import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultRetrievalConfig } from "@/lib/configs/config-schema";
import { type LabelActor, saveDocumentLabel } from "@/lib/curation/save-label";
import type { Db } from "@/lib/db/client";
import { addQueriesToSet } from "@/lib/db/golden-sets";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { countOwnQueue, describeQueryHoles, findNextQuery } from "@/lib/queue/find-next-query";
import { findNextTask } from "@/lib/queue/find-next-task";
import { manualDocuments, seedAnnotatorSet } from "@/lib/queue/testing/annotator-set";
import { createRun } from "@/lib/runs/create-run";
import { drainJobs } from "@/lib/worker/worker";

// "Next" at the end of an annotator's own work, on a real database with a real run: queries that
// are labeled but have holes are offered only when asked for, and then say whose holes they are.

const TOPICS = ["router", "drive", "fan", "battery"];
const text = (topic: string) =>
  `The ${topic} manual. Reset the ${topic} by holding its button. A ${topic} that blinks needs new firmware.`;

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;
let setId: string;
let queryIds: string[];
let actor: LabelActor;

beforeAll(async () => {
  database = createTestDatabase();
  prisma = database.prisma;
  let corpusId: string;
  ({ actor, corpusId, setId, queryIds } = await seedAnnotatorSet(prisma, {
    documents: manualDocuments(TOPICS, text),
    queries: ["reset the router", "fan firmware"],
  }));
  const router = await prisma.document.findFirstOrThrow({ where: { corpusId, externalId: "router" } });
  // both queries labeled (one document each): neither is unlabeled, so the own queue is empty
  for (const queryId of queryIds)
    await saveDocumentLabel(prisma, {
      actor,
      setId,
      queryId,
      documentId: router.id,
      documentVersion: router.version,
      grade: 2,
    });
  await createRun(prisma, {
    setId,
    configName: "BM25 manuals",
    config: defaultRetrievalConfig,
    coverage: 1,
    mode: "label",
    userId: actor.id,
  });
  await drainJobs(prisma);
}, 120_000);

afterAll(async () => {
  await database.dispose();
});

describe("findNextQuery at the end of the own queue", () => {
  it("opens queries with holes only when asked, and says whose holes they are", async () => {
    const options = { setId, userId: actor.id, currentId: null, now: new Date() };
    expect(await countOwnQueue(prisma, options)).toEqual({ left: 0, assigned: 0 });
    expect(await findNextQuery(prisma, options)).toBeNull();
    const withHoles = await findNextQuery(prisma, { ...options, holes: true });
    expect(withHoles).toEqual({ queryId: queryIds[0], reason: "holes" });
    const holes = await describeQueryHoles(prisma, { setId, queryId: queryIds[0]! });
    expect(holes.holes).toBeGreaterThan(0);
    expect(holes.k).toBe(10);
    expect(holes.runNames).toEqual(["BM25 manuals v1"]); // the run is named by its configuration and version
  });

  it("names the set with work as the overview's next task, or none", async () => {
    const now = new Date();
    expect(await findNextTask(prisma, { userId: actor.id, now })).toBeNull();
    await addQueriesToSet(prisma, {
      setId,
      queries: [{ text: "battery warranty" }, { text: "drive reset" }],
    });
    const [, , third] = (
      await prisma.query.findMany({ where: { goldenSetId: setId }, orderBy: { position: "asc" } })
    ).map((row) => row.id);
    await prisma.queryAssignment.create({ data: { queryId: third!, userId: actor.id } });
    expect(await findNextTask(prisma, { userId: actor.id, now })).toEqual({
      set: { id: setId, name: "Manual questions" },
      left: 2,
      assigned: 1,
      setsWithWork: 1,
    });
  });
});
