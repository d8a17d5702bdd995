import { describe, expect, it } from "vitest";
import { presentRun, presentSetSummary } from "@/lib/api/present-v1";
import { getSetHealth } from "@/lib/curation/get-set-health";
import { saveDocumentLabel } from "@/lib/curation/save-label";
import type { Db } from "@/lib/db/client";
import { addQueriesToSet, listGoldenSets } from "@/lib/db/golden-sets";
import { loadSetQueryCounts } from "@/lib/db/set-query-counts";
import { setUpDemoDatabase } from "@/lib/demo/testing/demo-database-hooks";
import { loadAnnotatorProgress } from "@/lib/queue/assign-queries";
import { loadHoles } from "@/lib/queue/load-holes";
import { recordProgress } from "@/lib/queue/record-progress";

let prisma: Db;
setUpDemoDatabase((client) => {
  prisma = client;
});

/**
 * Every number each page shows, from the loaders those pages call: the set page and the overview
 * (`loadSetQueryCounts`), set health, the assignments page (per annotator), the run page (the
 * stored `evaluated` and the holes strip's queries with relevant labels now) and the API.
 */
async function readEveryPage(setId: string) {
  const set = (await listGoldenSets(prisma)).find((candidate) => candidate.id === setId);
  if (!set) throw new Error("setup");
  const counts = await loadSetQueryCounts(prisma, setId);
  const run = await prisma.run.findFirstOrThrow({
    where: { goldenSetId: setId },
    orderBy: { createdAt: "asc" },
    include: { config: { select: { name: true } }, job: true },
  });
  const [health, annotators, holes] = await Promise.all([
    getSetHealth(prisma, setId),
    loadAnnotatorProgress(prisma, setId),
    loadHoles(prisma, { setId, runId: run.id, details: false }),
  ]);
  return {
    counts,
    health,
    annotators,
    api: presentSetSummary(set, counts).counts,
    runEvaluated: presentRun(run).metrics?.evaluated,
    holesQueries: holes.runs[0]?.queries,
  };
}

describe("the set's counts", () => {
  it("agree on the set page, the assignments page, the run page and the API", async () => {
    const set = await prisma.goldenSet.findFirstOrThrow();
    const ana = await prisma.user.findUniqueOrThrow({ where: { email: "annotator@goldenset.local" } });
    const eli = await prisma.user.findUniqueOrThrow({ where: { email: "engineer@goldenset.local" } });

    const seeded = await readEveryPage(set.id);
    expect(seeded.counts).toMatchObject({ total: 76, labeled: 72, done: 75, withRelevantLabels: 72 });
    expect(seeded.health.counts).toEqual(seeded.counts);
    expect(seeded.api).toMatchObject({ labeled: 72, done: 75, withRelevantLabels: 72 });
    // every run evaluates the queries with relevant labels, those it found nothing for too
    expect(seeded.runEvaluated).toBe(72);
    expect(seeded.holesQueries).toBe(72);
    // the demo's annotator did the work the set page counts: she marked it done
    const anaRow = seeded.annotators.find((row) => row.user.id === ana.id);
    expect(anaRow).toMatchObject({ done: seeded.counts.done, labeledQueries: 72, skipped: 1 });

    // Eli labels a new query and marks it done: every page moves by one
    await addQueriesToSet(prisma, { setId: set.id, queries: [{ text: "fan rattles after update" }] });
    const added = await prisma.query.findFirstOrThrow({
      where: { goldenSetId: set.id, text: "fan rattles after update" },
    });
    const document = await prisma.document.findFirstOrThrow({ where: { corpusId: set.corpusId } });
    const eliActor = { id: eli.id, email: eli.email, role: eli.role };
    await saveDocumentLabel(prisma, {
      actor: eliActor,
      setId: set.id,
      queryId: added.id,
      documentId: document.id,
      documentVersion: document.version,
      grade: 2,
    });
    await recordProgress(prisma, {
      setId: set.id,
      queryId: added.id,
      userId: eli.id,
      input: { action: "done" },
    });
    const afterDone = await readEveryPage(set.id);
    expect(afterDone.counts).toMatchObject({ total: 77, labeled: 73, done: 76, withRelevantLabels: 73 });
    expect(afterDone.api).toMatchObject({ labeled: 73, withRelevantLabels: 73 });
    expect(afterDone.holesQueries).toBe(73);
    expect(afterDone.runEvaluated).toBe(72); // stored when the run was scored
    expect(afterDone.annotators.find((row) => row.user.id === eli.id)).toMatchObject({
      done: 1,
      labeledQueries: 1,
    });

    // Under a majority policy, Eli's "not relevant" on Ana's only relevant document of a query
    // leaves it one relevant vote of two: no longer relevant, on every page alike
    const anaQuery = await prisma.query.findFirstOrThrow({
      where: { goldenSetId: set.id, labels: { some: { annotatorId: ana.id, grade: { gte: 1 } } } },
      include: { labels: { where: { grade: { gte: 1 } }, include: { document: true } } },
    });
    for (const label of anaQuery.labels)
      await saveDocumentLabel(prisma, {
        actor: eliActor,
        setId: set.id,
        queryId: anaQuery.id,
        documentId: label.documentId,
        documentVersion: label.document.version,
        grade: 0,
      });
    await prisma.goldenSet.update({ where: { id: set.id }, data: { judgmentPolicy: "majority" } });
    const majority = await readEveryPage(set.id);
    expect(majority.counts.withRelevantLabels).toBe(72);
    expect(majority.health.counts).toEqual(majority.counts);
    expect(majority.api.withRelevantLabels).toBe(72);
    expect(majority.holesQueries).toBe(72);
  }, 120_000);
});
